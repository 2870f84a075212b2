import SUntypedSignal
import SignalTestSupport

/// Depth never overflows the stack on the untyped API: the tests of `DeepChainDriver` (the
/// typed API runs them in `DeepChainTests`).
final class SDeepChainTests: LeakCheckedTestCase {
    func testAHundredThousandChainedMapsRunOnAnEightMebibyteStack() { DeepChainDriver.chainedMaps(UntypedAPI.self) }

    func testAHundredThousandChainedMapsAndFiltersRunOnAnEightMebibyteStack() { DeepChainDriver.chainedMapsAndFilters(UntypedAPI.self) }

    func testAHundredThousandNestedSinglesStartAndReleaseOnAnEightMebibyteStack() { DeepChainDriver.nestedSinglesStartAndRelease(UntypedAPI.self) }

    func testAHundredThousandNestedSinglesAreReleasedOnAnEightMebibyteStack() { DeepChainDriver.nestedSinglesAreReleased(UntypedAPI.self) }

    func testAHundredThousandChainedMapsDeliverTerminalEventsAndTearDown() { DeepChainDriver.chainedMapsDeliverTerminalEventsAndTearDown(UntypedAPI.self) }

    func testAHundredThousandDeepThenDeferredRecursionRunsOnAnEightMebibyteStack() { DeepChainDriver.deepThenDeferredRecursion(UntypedAPI.self) }

    func testAHundredThousandLevelThenRecursionWithAValueEachRunsInLinearTime() { DeepChainDriver.thenRecursionWithAValueEachRunsInLinearTime(UntypedAPI.self) }

    func testAHundredThousandAsynchronousThenLevelsDisposeFromTheTopOnAnEightMebibyteStack() { DeepChainDriver.asyncThenLevelsDisposeFromTop(UntypedAPI.self) }
}

/// The untyped API's operators as `DeepChainDriver` sees them: every signal is an
/// `SSignal`, and a single of a nest holds the next signal as its value.
extension UntypedAPI: DeepChainAdapter {
    typealias Chain = SSignal
    typealias AnySignal = SSignal
    typealias NestSignal = SSignal

    static func chain(_ signal: SSignal) -> SSignal { signal }

    static func map(_ chain: SSignal, _ transform: @escaping @Sendable (Int) -> Int) -> SSignal { chain.map { transform($0 as! Int) } }

    static func filter(_ chain: SSignal, _ predicate: @escaping @Sendable (Int) -> Bool) -> SSignal { chain.filter { predicate($0 as! Int) } }

    // The shared protocol keeps plain callback types for the start functions; the drivers'
    // callbacks are synchronous or record into locked logs, so they may run on any thread.
    static func startChain(_ chain: SSignal, next: @escaping (Int) -> Void, error: @escaping () -> Void, completed: @escaping () -> Void) -> () -> Void {
        nonisolated(unsafe) let next = next, error = error, completed = completed
        return chain.start(next: { next($0 as! Int) }, error: { _ in error() }, completed: { completed() }).dispose
    }

    static func completedChain() -> SSignal { SSignal.complete() }

    static func singleAny(_ value: Any) -> SSignal { SSignal.single(value) }

    static func startAny(_ signal: SSignal, next: @escaping (Any) -> Void) {
        nonisolated(unsafe) let next = next
        _ = signal.start(next: { value in
            if let value { next(value) }
        })
    }

    static func completedAny() -> SSignal { SSignal.complete() }

    /// The innermost single holds 0.
    static func nest(_ inner: SSignal?) -> SSignal { inner.map { SSignal.single($0) } ?? SSignal.single(0) }

    static func startNest(_ signal: SSignal, next: @escaping (SSignal?) -> Void) {
        nonisolated(unsafe) let next = next
        _ = signal.start(next: { next($0 as? SSignal) })
    }

    static func completedNest() -> SSignal { SSignal.complete() }

    static func singleValue(_ value: Int) -> SSignal { SSignal.single(value) }

    static func complete() -> SSignal { SSignal.complete() }

    static func then(_ first: SSignal, _ next: SSignal) -> SSignal { first.then(next) }

    static func deferred(_ make: @escaping @Sendable () -> SSignal) -> SSignal { SSignal.deferred(make) }

    static func mappedToSignal(_ signal: SSignal, _ transform: @escaping @Sendable (Int) -> SSignal) -> SSignal { signal.mapToSignal { transform($0 as! Int) } }

    typealias Queue = SQueue

    static func mainQueue() -> SQueue { SQueue.mainQueue() }

    static func makeSerialQueue() -> SQueue { SQueue() }

    static func dispatch(_ work: @escaping @Sendable () -> Void, on queue: SQueue) { queue.dispatch(work) }

    static func isCurrent(_ queue: SQueue) -> Bool { queue.isCurrentQueue() }

    static func deliveredOn(_ chain: SSignal, _ queue: SQueue) -> SSignal { chain.deliverOn(queue) }
}
