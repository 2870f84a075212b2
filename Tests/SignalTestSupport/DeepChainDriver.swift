import Foundation
import SignalSync
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One API's operators as `DeepChainDriver` sees them, beyond the signals of
/// `SignalAPIAdapter`: chained `map` and `filter`, nested singles, `then` and `deferred`.
public protocol DeepChainAdapter: SignalAPIAdapter {
    /// The signals the chains of `map` and `filter` are built of (the typed API's can fail
    /// with an `Int`).
    associatedtype Chain
    /// A signal whose values may be anything (a single holding a level and a signal).
    associatedtype AnySignal
    /// A signal whose single value holds the next signal of a nest, or nothing.
    associatedtype NestSignal

    /// `signal` as the start of a chain.
    static func chain(_ signal: Signal) -> Chain
    /// `chain` followed by a `map`.
    static func map(_ chain: Chain, _ transform: @escaping @Sendable (Int) -> Int) -> Chain
    /// `chain` followed by a `filter`.
    static func filter(_ chain: Chain, _ predicate: @escaping @Sendable (Int) -> Bool) -> Chain
    /// Starts `chain`; returns what disposes the subscription.
    @discardableResult
    static func startChain(_ chain: Chain, next: @escaping (Int) -> Void, error: @escaping () -> Void, completed: @escaping () -> Void) -> () -> Void
    /// A chain that completes at once (to release a chain by overwriting it).
    static func completedChain() -> Chain

    /// A signal of the one value `value`.
    static func singleAny(_ value: Any) -> AnySignal
    /// Starts `signal`, handing its values to `next`.
    static func startAny(_ signal: AnySignal, next: @escaping (Any) -> Void)
    /// A signal that completes at once.
    static func completedAny() -> AnySignal

    /// A single whose value holds `inner` (nil: the innermost one, which holds nothing).
    static func nest(_ inner: NestSignal?) -> NestSignal
    /// Starts `signal`, handing the signal its value holds (if any) to `next`.
    static func startNest(_ signal: NestSignal, next: @escaping (NestSignal?) -> Void)
    /// A signal that completes at once.
    static func completedNest() -> NestSignal

    /// A signal of the one value `value`.
    static func singleValue(_ value: Int) -> Signal
    /// A signal that completes at once.
    static func complete() -> Signal
    /// `first`, then (once it completed) `next`.
    static func then(_ first: Signal, _ next: Signal) -> Signal
    /// A signal that runs `make` on each start and subscribes to what it returns.
    static func deferred(_ make: @escaping @Sendable () -> Signal) -> Signal
    /// `signal` with each value replaced by the values of the signal `transform` makes of
    /// it (`mapToSignal`).
    static func mappedToSignal(_ signal: Signal, _ transform: @escaping @Sendable (Int) -> Signal) -> Signal

    /// The API's queue.
    associatedtype Queue: Sendable
    /// The main queue.
    static func mainQueue() -> Queue
    /// A new serial queue.
    static func makeSerialQueue() -> Queue
    /// Runs `work` on `queue`, asynchronously.
    static func dispatch(_ work: @escaping @Sendable () -> Void, on queue: Queue)
    /// True when the caller runs on `queue`.
    static func isCurrent(_ queue: Queue) -> Bool
    /// `chain` delivered on `queue` (`deliverOn`).
    static func deliveredOn(_ chain: Chain, _ queue: Queue) -> Chain
}

/// Depth never overflows the stack, written once for both APIs: a hundred thousand chained
/// operators, and a `then(deferred { ... })` recursion as deep, run on an 8 MiB thread (the
/// main thread's usual size) from building the chain to releasing it. Past the depth the
/// thread's stack holds, the work continues on fresh stacks (`StackGuard`); each test has
/// a watchdog.
public enum DeepChainDriver {
    /// Under ThreadSanitizer every call costs far more: a smaller depth on a smaller stack.
    public static let depth = Stress.underThreadSanitizer ? 3_000 : 100_000
    /// The thread's stack: 8 MiB; 1 MiB under ThreadSanitizer, so that its smaller depth
    /// still crosses fresh stacks.
    public static let stackSize = Stress.underThreadSanitizer ? 1 << 20 : 8 << 20

    /// A hundred thousand `map`s over a pipe: each value crosses them all; nothing after
    /// disposal.
    public static func chainedMaps<A: DeepChainAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let log = chainOverAPipe(A.self, "\(depth) chained maps", pushing: [0, 10], file: file, line: line) { _, chain in
            A.map(chain) { $0 + 1 }
        }
        XCTAssertEqual(log, ["next \(depth)", "next \(depth + 10)"], file: file, line: line)
    }

    /// A hundred thousand `map`s and `filter`s, alternating, over a pipe (the untyped API
    /// fuses them in stages of several steps: the stages still nest as deep).
    public static func chainedMapsAndFilters<A: DeepChainAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let log = chainOverAPipe(A.self, "\(depth) chained maps and filters", pushing: [0, -depth, 10], file: file, line: line) { level, chain in
            level % 2 == 0 ? A.map(chain) { $0 + 1 } : A.filter(chain) { $0 >= 0 }
        }
        XCTAssertEqual(log, ["next \(depth / 2)", "next \(depth / 2 + 10)"], file: file, line: line)
    }

    /// On a thread of `stackSize`: chains `depth` operators (`stage` adds the one of a
    /// level) over a pipe, subscribes, pushes `values`, disposes, pushes 20 and releases
    /// the chain. Returns the events the subscription received.
    static func chainOverAPipe<A: DeepChainAdapter>(
        _ api: A.Type, _ name: String, pushing values: [Int], file: StaticString, line: UInt,
        stage: @escaping @Sendable (_ level: Int, A.Chain) -> A.Chain
    ) -> [String] {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        Stress.onOneThread(name, stackSize: stackSize, file: file, line: line) {
            let pipe = A.makePipe()
            var chain = A.chain(A.signal(of: pipe))
            for level in 0..<depth {
                chain = stage(level, chain)
            }
            var log: [String] = []
            let dispose = A.startChain(
                chain, next: { log.append("next \($0)") }, error: { log.append("error") }, completed: { log.append("completed") })
            for value in values { A.push(value, into: pipe) }
            dispose()
            A.push(20, into: pipe)
            chain = A.completedChain()
            outcome.swap(log)
        }
        return outcome.with { $0 }
    }

    /// Each `single` holds the next one as its value: releasing the outermost releases
    /// them all, nested (a signal keeping its state in fields, not a closure context).
    public static func nestedSinglesStartAndRelease<A: DeepChainAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let depth = Self.depth
        let outcome = Atomic<[Int]>(value: [])
        Stress.onOneThread("\(depth) nested singles", stackSize: stackSize, file: file, line: line) {
            var nested = A.singleAny(0)
            for level in 1...depth {
                nested = A.singleAny((level, nested))
            }
            var levels: [Int] = []
            A.startAny(nested) { value in
                if let (level, _) = value as? (Int, A.AnySignal) { levels.append(level) }
            }
            nested = A.completedAny()
            outcome.swap(levels)
        }
        XCTAssertEqual(outcome.with { $0 }, [depth], file: file, line: line)
    }

    /// A single holds its value beside (or in) the signal: a single of a single of ... is
    /// released nested, one signal inside the other; each level is started once.
    public static func nestedSinglesAreReleased<A: DeepChainAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let depth = Self.depth
        let outcome = Atomic<Int>(value: 0)
        Stress.onOneThread("\(depth) nested singles", stackSize: stackSize, file: file, line: line) {
            var nested = A.nest(nil)
            for _ in 0..<depth {
                nested = A.nest(nested)
            }
            var levels = 0
            var current: A.NestSignal? = nested
            while let signal = current {
                current = nil
                A.startNest(signal) { current = $0 }
                levels += 1
            }
            nested = A.completedNest()
            outcome.swap(levels)
        }
        XCTAssertEqual(outcome.with { $0 }, depth + 1, file: file, line: line)
    }

    /// A hundred thousand `map`s over a source that sends a value and completes: the
    /// terminal event crosses them all, and the source is disposed once.
    public static func chainedMapsDeliverTerminalEventsAndTearDown<A: DeepChainAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        let sourceDisposed = Atomic(value: 0)
        Stress.onOneThread("\(depth) chained maps to completion", stackSize: stackSize, file: file, line: line) {
            let source = A.signal { subscriber in
                A.putNext(1, to: subscriber)
                A.putCompletion(to: subscriber)
                return { sourceDisposed.modify { $0 + 1 } }
            }
            var log: [String] = []
            do {
                var chain = A.chain(source)
                for _ in 0..<depth {
                    chain = A.map(chain) { $0 * 1 }
                }
                A.startChain(chain, next: { log.append("next \($0)") }, error: { log.append("error") }, completed: { log.append("completed") })
            }
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next 1", "completed"], file: file, line: line)
        XCTAssertEqual(sourceDisposed.with { $0 }, 1, file: file, line: line)
    }

    /// Each level completes empty and continues with the next; the innermost emits.
    public static func deepThenDeferredRecursion<A: DeepChainAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        @Sendable func countdown(_ remaining: Int) -> A.Signal {
            remaining == 0 ? A.singleValue(0) : A.then(A.complete(), A.deferred { countdown(remaining - 1) })
        }
        Stress.onOneThread("then/deferred \(depth) deep", stackSize: stackSize, file: file, line: line) {
            var log: [String] = []
            A.start(countdown(depth), next: { log.append("next \($0)") }, completed: { log.append("completed") })
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next 0", "completed"], file: file, line: line)
    }

    // A value at every level, the shape of paging and polling loops. Each level hands the
    // downstream subscriber on (`then` and `deferred`), so a value crosses the same two
    // subscriptions at any depth: linear time. Measured in release on the project's
    // (shared, loaded) 2-core machine, typed: 10,000 levels in 0.025-0.06 s, 100,000 in
    // 0.33 s (about 3 µs per level at both depths), before the hand-over 5,000 levels took
    // 1.1 s and 10,000 levels 22.6 s (2.3 ms per level, quadratic); untyped: 10,000 levels
    // in 0.02-0.03 s, 100,000 in 0.31-0.37 s, before the hand-over 4.7 s for 5,000 levels
    // and 12.4 s for 10,000 (1.2 ms per level).

    /// A value at every level of a `then(deferred ...)` recursion: every value in order,
    /// the completion, every level's source disposed once (innermost first), and never
    /// more than two subscriptions live while a value is delivered.
    public static func thenRecursionWithAValueEachRunsInLinearTime<A: DeepChainAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let depth = Self.depth
        let outcome = Atomic<(values: [Int], completed: Bool, disposed: [Int], maximumLive: Int)>(value: ([], false, [], 0))
        Stress.onOneThread("then/deferred \(depth) levels with values", stackSize: stackSize, file: file, line: line) {
            let disposed = OrderTrace<Int>()
            @Sendable func page(_ level: Int) -> A.Signal {
                guard level > 0 else { return A.complete() }
                let source = A.signal { subscriber in
                    A.putNext(level, to: subscriber)
                    A.putCompletion(to: subscriber)
                    return { disposed.append(level) }
                }
                return A.then(source, A.deferred { page(level - 1) })
            }
            var values: [Int] = []
            var completed = false
            // The subscriptions live while a value is delivered (debug builds count them):
            // the downstream one and the level's own, at every depth. With a forwarding
            // subscription per `then` and `deferred`, two more per enclosing level.
            var maximumLive = 0
            let liveBefore = LiveSubscriptions.current
            A.start(
                page(depth),
                next: { value in
                    values.append(value)
                    maximumLive = max(maximumLive, LiveSubscriptions.current - liveBefore)
                },
                completed: { completed = true })
            outcome.swap((values, completed, disposed.all, maximumLive))
        }
        let result = outcome.with { $0 }
        XCTAssertEqual(result.values, Array((1...depth).reversed()), file: file, line: line)
        XCTAssertTrue(result.completed, file: file, line: line)
        // Every level's source once, innermost first (each is disposed when its generator
        // returns, and the inner levels run inside the outer ones' completions).
        XCTAssertEqual(result.disposed, Array(1...depth), file: file, line: line)
        XCTAssertLessThanOrEqual(result.maximumLive, 2, file: file, line: line)
    }

    /// Each level completes later, from the test's loop: the levels' disposables nest (each
    /// level's holds the next one's), and disposing the top tears the chain down.
    public static func asyncThenLevelsDisposeFromTop<A: DeepChainAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let depth = Self.depth
        let outcome = Atomic<(values: [Int], disposed: [Int], maximumLive: Int)>(value: ([], [], 0))
        Stress.onOneThread("\(depth) asynchronous then levels", stackSize: stackSize, file: file, line: line) {
            let disposed = OrderTrace<Int>()
            let pending = Atomic<A.Subscriber?>(value: nil)
            @Sendable func page(_ level: Int) -> A.Signal {
                guard level > 0 else { return A.complete() }
                let source = A.signal { subscriber in
                    pending.swap(subscriber)
                    return { disposed.append(level) }
                }
                return A.then(source, A.deferred { page(level - 1) })
            }
            var values: [Int] = []
            var maximumLive = 0
            let liveBefore = LiveSubscriptions.current
            let dispose = A.start(
                page(depth),
                next: { value in
                    values.append(value)
                    maximumLive = max(maximumLive, LiveSubscriptions.current - liveBefore)
                })
            for level in stride(from: depth, to: 1, by: -1) {
                if let subscriber = pending.swap(nil) {
                    A.putNext(level, to: subscriber)
                    A.putCompletion(to: subscriber)
                }
            }
            if let subscriber = pending.with({ $0 }) { A.putNext(1, to: subscriber) }
            dispose()
            pending.swap(nil)
            outcome.swap((values, disposed.all, maximumLive))
        }
        let result = outcome.with { $0 }
        XCTAssertEqual(result.values, Array((1...depth).reversed()), file: file, line: line)
        XCTAssertEqual(result.disposed, Array((1...depth).reversed()), file: file, line: line)
        XCTAssertLessThanOrEqual(result.maximumLive, 2, file: file, line: line)
    }

    // MARK: On the thread that started the chain

    /// Where `DeepChainDriver`'s chains of the starting thread are started: the test's main
    /// thread (an XCTest test method runs on it), or a new serial queue.
    public enum StartingPlace: Sendable {
        case mainThread
        case serialQueue
    }

    // The depths of the chains started on the main thread or a queue. Each test asserts that
    // its events arrived on a fresh stack, so every depth here goes past the thread's own
    // stack. Measured on the project's 2-core machine (typed API, main thread; the untyped
    // API's are alike): debug 0.9 s (100,000 maps), 3.8 s (100,000 then levels), 5.5 s
    // (100,000 nested mapToSignals); the same depths under AddressSanitizer 1.9 s, 10.5 s
    // and 13.2 s, under ThreadSanitizer 8.7 s, 41 s and 53 s. The main thread's chains run
    // at those depths in every build CI runs; under a sanitizer a serial queue (the same
    // check, on a worker thread) runs a fifth of them, which still crosses several fresh
    // stacks. `SIGNALKIT_DEEP_MAPS` and `SIGNALKIT_DEEP_LEVELS` set other depths.

    /// A depth set in the environment variable `name`, if any.
    static func depth(from name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    /// The depth of the `map` chains: a million in release builds, a hundred thousand in
    /// debug builds and under the sanitizers.
    public static let startingThreadMapDepth: Int = {
        if let depth = depth(from: "SIGNALKIT_DEEP_MAPS") { return depth }
        #if DEBUG
            return 100_000
        #else
            return Stress.underAddressSanitizer || Stress.underThreadSanitizer ? 100_000 : 1_000_000
        #endif
    }()

    /// The depth of the `then` recursions and `mapToSignal` nests started on the main
    /// thread: a hundred thousand.
    public static let startingThreadDepth: Int = {
        if let depth = depth(from: "SIGNALKIT_DEEP_LEVELS") { return depth }
        return 100_000
    }()

    /// The depth of a `then` recursion or `mapToSignal` nest at `place`: a fifth of the
    /// main thread's on a serial queue under a sanitizer, the same elsewhere.
    static func startingThreadDepth(at place: StartingPlace) -> Int {
        let sanitized = Stress.underAddressSanitizer || Stress.underThreadSanitizer
        return place == .serialQueue && sanitized ? startingThreadDepth / 5 : startingThreadDepth
    }

    /// `map`s on a pipe's values delivered on the starting place's queue (the main queue,
    /// or the serial queue): the values pushed there cross every `map` inline, on the
    /// starting thread (its thread identity, its queue and its thread-locals), while the
    /// chain is deeper than the thread's stack holds.
    public static func deepMapsStayOnTheStartingThread<A: DeepChainAdapter>(
        _ api: A.Type, on place: StartingPlace, file: StaticString = #filePath, line: UInt = #line
    ) {
        let depth = startingThreadMapDepth
        let log = onTheStartingThread(A.self, place, "\(depth) maps", file: file, line: line) { queue, onPlace, record in
            let pipe = A.makePipe()
            var chain = A.deliveredOn(A.chain(A.signal(of: pipe)), queue)
            for _ in 0..<depth {
                chain = A.map(chain) { $0 + 1 }
            }
            let dispose = A.startChain(
                chain, next: { record("next \($0)", onPlace()) }, error: { record("error", onPlace()) },
                completed: { record("completed", onPlace()) })
            A.push(0, into: pipe)
            A.push(10, into: pipe)
            dispose()
            chain = A.completedChain()
        }
        XCTAssertEqual(log, ["next \(depth)", "next \(depth + 10)"], file: file, line: line)
    }

    /// A `.single(i) |> then(deferred { loop(i - 1) })` recursion: every level's value and
    /// the completion reach the subscriber on the starting thread.
    public static func deepThenLevelsStayOnTheStartingThread<A: DeepChainAdapter>(
        _ api: A.Type, on place: StartingPlace, file: StaticString = #filePath, line: UInt = #line
    ) {
        let depth = startingThreadDepth(at: place)
        @Sendable func loop(_ level: Int) -> A.Signal {
            level == 0 ? A.singleValue(0) : A.then(A.singleValue(level), A.deferred { loop(level - 1) })
        }
        let log = onTheStartingThread(A.self, place, "\(depth) then levels", file: file, line: line) { _, onPlace, record in
            var next = depth
            var inOrder = true
            var offPlace = 0
            A.start(
                loop(depth),
                next: { value in
                    inOrder = inOrder && value == next
                    next -= 1
                    if !onPlace() { offPlace += 1 }
                },
                completed: { record("completed", onPlace()) })
            record("\(depth - next) values, in order: \(inOrder)", offPlace == 0)
        }
        XCTAssertEqual(log, ["completed", "\(depth + 1) values, in order: true"], file: file, line: line)
    }

    /// `mapToSignal`s nested `startingThreadDepth` deep (each level's inner signal is the next
    /// level's `mapToSignal`): the innermost value and the completion reach the subscriber
    /// on the starting thread.
    public static func nestedMapToSignalsStayOnTheStartingThread<A: DeepChainAdapter>(
        _ api: A.Type, on place: StartingPlace, file: StaticString = #filePath, line: UInt = #line
    ) {
        let depth = startingThreadDepth(at: place)
        @Sendable func nest(_ level: Int) -> A.Signal {
            level == 0 ? A.singleValue(0) : A.mappedToSignal(A.singleValue(level)) { nest($0 - 1) }
        }
        let log = onTheStartingThread(A.self, place, "\(depth) nested mapToSignals", file: file, line: line) { _, onPlace, record in
            A.start(nest(depth), next: { record("next \($0)", onPlace()) }, completed: { record("completed", onPlace()) })
        }
        XCTAssertEqual(log, ["next 0", "completed"], file: file, line: line)
    }

    /// The thread-local that `onTheStartingThread` sets on the starting thread and its
    /// callbacks read.
    private static let threadLocal: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0)
        return key
    }()

    /// Runs `body` at `place` (inline on the main thread, or on a new serial queue, waiting
    /// for it with a watchdog) with that place's queue, a check of "on the starting thread"
    /// (the same thread, its queue current, its thread-local there, and on the main thread,
    /// the main thread) and what records an event with that check's result. Returns the
    /// events recorded, each one off the starting thread marked so.
    static func onTheStartingThread<A: DeepChainAdapter>(
        _ api: A.Type, _ place: StartingPlace, _ name: String, file: StaticString, line: UInt,
        _ body: @escaping @Sendable (_ queue: A.Queue, _ onPlace: @escaping () -> Bool, _ record: @escaping (String, Bool) -> Void) -> Void
    ) -> [String] {
        let events = Atomic<[String]>(value: [])
        let deepest = Atomic(value: 0)
        let queue = place == .mainThread ? A.mainQueue() : A.makeSerialQueue()
        let run: @Sendable () -> Void = {
            let starter = pthread_self()
            let marker = UnsafeMutableRawPointer(bitPattern: 0x5157)
            pthread_setspecific(threadLocal, marker)
            defer { pthread_setspecific(threadLocal, nil) }
            let onPlace = {
                let fresh = StackGuard.freshStacksInUse
                deepest.modify { max($0, fresh) }
                return pthread_equal(pthread_self(), starter) != 0 && pthread_getspecific(threadLocal) == marker && A.isCurrent(queue)
                    && (place != .mainThread || Thread.isMainThread)
            }
            body(queue, onPlace) { event, onPlace in
                events.modify { $0 + [onPlace ? event : "\(event) off the starting thread"] }
            }
        }
        switch place {
        case .mainThread:
            precondition(Thread.isMainThread, "a test of the main thread runs on the test's main thread")
            run()
        case .serialQueue:
            let finished = DispatchSemaphore(value: 0)
            A.dispatch(
                {
                    run()
                    finished.signal()
                }, on: queue)
            if finished.wait(timeout: .now() + 120) == .timedOut {
                XCTFail("\(name) on a serial queue did not finish within 120 s", file: file, line: line)
            }
        }
        let fresh = deepest.with { $0 }
        XCTAssertGreaterThan(fresh, 0, "\(name): the events arrive on a fresh stack (past the thread's own)", file: file, line: line)
        if ProcessInfo.processInfo.environment["SIGNALKIT_DEEP_CHAIN_REPORT"] != nil { print("\(name) at \(place): \(fresh) fresh stacks deep") }
        return events.with { $0 }
    }
}
