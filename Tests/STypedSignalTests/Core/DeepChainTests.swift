import STypedSignal
import SignalTestSupport

/// Depth never overflows the stack on the typed API: the tests of `DeepChainDriver` (the
/// untyped API runs them in `SDeepChainTests`).
final class DeepChainTests: LeakCheckedTestCase {
    func testAHundredThousandChainedMapsRunOnAnEightMebibyteStack() { DeepChainDriver.chainedMaps(TypedAPI.self) }

    func testAHundredThousandChainedMapsAndFiltersRunOnAnEightMebibyteStack() { DeepChainDriver.chainedMapsAndFilters(TypedAPI.self) }

    func testAHundredThousandNestedSinglesStartAndReleaseOnAnEightMebibyteStack() { DeepChainDriver.nestedSinglesStartAndRelease(TypedAPI.self) }

    func testAHundredThousandNestedSinglesAreReleasedOnAnEightMebibyteStack() { DeepChainDriver.nestedSinglesAreReleased(TypedAPI.self) }

    func testAHundredThousandChainedMapsDeliverTerminalEventsAndTearDown() { DeepChainDriver.chainedMapsDeliverTerminalEventsAndTearDown(TypedAPI.self) }

    func testAHundredThousandDeepThenDeferredRecursionRunsOnAnEightMebibyteStack() { DeepChainDriver.deepThenDeferredRecursion(TypedAPI.self) }

    func testAHundredThousandLevelThenRecursionWithAValueEachRunsInLinearTime() { DeepChainDriver.thenRecursionWithAValueEachRunsInLinearTime(TypedAPI.self) }

    func testAHundredThousandAsynchronousThenLevelsDisposeFromTheTopOnAnEightMebibyteStack() { DeepChainDriver.asyncThenLevelsDisposeFromTop(TypedAPI.self) }
}

/// The value of a nest of singles: the next signal of the nest.
final class Nest: Sendable {
    let inner: Signal<Nest?, NoError>

    init(_ inner: Signal<Nest?, NoError>) {
        self.inner = inner
    }
}

/// The typed API's operators as `DeepChainDriver` sees them: the chains can fail with an
/// `Int`, and a single of a nest holds its value beside the signal (a `Nest`).
extension TypedAPI: DeepChainAdapter {
    typealias Chain = STypedSignal.Signal<Int, Int>
    typealias AnySignal = STypedSignal.Signal<Any, NoError>
    typealias NestSignal = STypedSignal.Signal<Nest?, NoError>

    static func chain(_ signal: Signal) -> Chain { signal |> castError(Int.self) }

    static func map(_ chain: Chain, _ transform: @escaping @Sendable (Int) -> Int) -> Chain { chain |> STypedSignal.map(transform) }

    static func filter(_ chain: Chain, _ predicate: @escaping @Sendable (Int) -> Bool) -> Chain { chain |> STypedSignal.filter(predicate) }

    static func startChain(_ chain: Chain, next: @escaping (Int) -> Void, error: @escaping () -> Void, completed: @escaping () -> Void) -> () -> Void {
        // The driver's callbacks record on the thread that runs the chain.
        nonisolated(unsafe) let next = next, error = error, completed = completed
        return chain.start(next: { next($0) }, error: { _ in error() }, completed: { completed() }).dispose
    }

    static func completedChain() -> Chain { Chain.complete() }

    static func singleAny(_ value: Any) -> AnySignal { AnySignal.single(value) }

    static func startAny(_ signal: AnySignal, next: @escaping (Any) -> Void) {
        nonisolated(unsafe) let next = next
        signal.start(next: { next($0) })
    }

    static func completedAny() -> AnySignal { AnySignal.complete() }

    static func nest(_ inner: NestSignal?) -> NestSignal { NestSignal.single(inner.map(Nest.init)) }

    static func startNest(_ signal: NestSignal, next: @escaping (NestSignal?) -> Void) {
        nonisolated(unsafe) let next = next
        signal.start(next: { next($0?.inner) })
    }

    static func completedNest() -> NestSignal { NestSignal.complete() }

    static func singleValue(_ value: Int) -> Signal { Signal.single(value) }

    static func complete() -> Signal { Signal.complete() }

    static func then(_ first: Signal, _ next: Signal) -> Signal { first |> STypedSignal.then(next) }

    static func deferred(_ make: @escaping @Sendable () -> Signal) -> Signal { STypedSignal.deferred(make) }

    static func mappedToSignal(_ signal: Signal, _ transform: @escaping @Sendable (Int) -> Signal) -> Signal { signal |> STypedSignal.mapToSignal(transform) }

    typealias Queue = STypedSignal.Queue

    static func mainQueue() -> Queue { Queue.mainQueue() }

    static func makeSerialQueue() -> Queue { Queue() }

    static func dispatch(_ work: @escaping @Sendable () -> Void, on queue: Queue) { queue.async(work) }

    static func isCurrent(_ queue: Queue) -> Bool { queue.isCurrent() }

    static func deliveredOn(_ chain: Chain, _ queue: Queue) -> Chain { chain |> STypedSignal.deliverOn(queue) }
}
