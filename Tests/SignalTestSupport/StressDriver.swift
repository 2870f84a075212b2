import Foundation
import XCTest

/// The stateful operators that map each value to a signal, for `StressDriver.mapping`.
public enum StressMapping: Sendable {
    /// Switches to the latest inner signal.
    case mapToSignal
    /// Runs the inner signals one after another.
    case mapToQueue
    /// Runs the latest inner signal once the current one has ended.
    case mapToThrottled
}

/// One API's stateful types as `StressDriver` sees them, beyond the signals of
/// `SignalAPIAdapter`.
public protocol StressAdapter: SignalAPIAdapter {
    /// What shares one upstream subscription per key.
    associatedtype Multicast: Sendable
    /// A pool of threads that runs tasks.
    associatedtype Pool: Sendable
    /// The queue timers fire on.
    associatedtype TimerQueue: Sendable
    /// A timer.
    associatedtype Timer: AnyObject

    /// A new multicast.
    static func makeMulticast() -> Multicast
    /// The shared signal of `key` in `multicast`, made of `source` when there is none
    /// (nil when the API gave none).
    static func multicasted(_ multicast: Multicast, key: String, _ source: Signal) -> Signal?
    /// The latest values of `left` and `right` combined, as their sum.
    static func combineLatest(_ left: Signal, _ right: Signal) -> Signal
    /// `signal` mapped to the inner signals of `inner` by `mapping`.
    static func map(_ signal: Signal, by mapping: StressMapping, _ inner: @escaping @Sendable (Int) -> Signal) -> Signal
    /// A pool of two threads.
    static func makeThreadPool() -> Pool
    /// Adds a task that runs `body` to `pool`; returns what cancels it.
    static func addTask(_ body: @escaping @Sendable () -> Void, to pool: Pool) -> () -> Void
    /// A new serial queue for timers.
    static func makeTimerQueue() -> TimerQueue
    /// A timer not started yet.
    static func makeTimer(timeout: Double, repeats: Bool, queue: TimerQueue, completion: @escaping @Sendable () -> Void) -> Timer
    /// Starts `timer`.
    static func start(_ timer: Timer)
    /// Invalidates `timer`.
    static func invalidate(_ timer: Timer)
}

/// N threads x M operations of subscribe / push / dispose on every stateful type, written
/// once for both APIs, under a watchdog that fails the test after 30 s instead of
/// hanging. Each subscription's events are checked against the grammar (see
/// `GrammarLog`); subscriptions disposed must receive nothing once the pushes in flight
/// have drained.
public enum StressDriver {
    /// Emits `count` values (`base`, `base + 1`, ...) from `queue`, one per hop, then
    /// completes: every subscription's events come from one thread, in order. Each hop is
    /// in `group`, when given, so `group.wait` returns once no hop is queued or running (a
    /// hop queues the next before it leaves).
    static func asyncSource<A: SignalAPIAdapter>(
        _ api: A.Type, _ base: Int, count: Int, on queue: DispatchQueue, group: DispatchGroup? = nil
    ) -> A.Signal {
        A.signal { subscriber in
            @Sendable func emit(_ index: Int) {
                queue.async(group: group) {
                    if index == count {
                        A.putCompletion(to: subscriber)
                    } else {
                        A.putNext(base + index, to: subscriber)
                        emit(index + 1)
                    }
                }
            }
            emit(0)
            return nil
        }
    }

    /// Starts `signal` recording into `log` (an error counts as the terminal event).
    static func start<A: SignalAPIAdapter>(_ api: A.Type, _ signal: A.Signal, _ log: GrammarLog) -> () -> Void {
        A.start(signal, next: log.next, error: log.terminal, completed: log.terminal)
    }

    /// After every subscription was disposed: waits for the deliveries in flight (`inFlight`:
    /// the group of the asynchronous hops; nil when every delivery is synchronous, so none
    /// outlives `Stress.run`), then runs `pushMore`, waits again, and checks that no
    /// disposed subscription received anything.
    static func assertQuietAfterDisposal(
        _ logs: GrammarLogs, inFlight: DispatchGroup? = nil, file: StaticString, line: UInt, pushMore: () -> Void
    ) {
        func drain() -> Bool {
            guard let inFlight else { return true }
            return inFlight.wait(timeout: .now() + 30) == .success
        }
        XCTAssertTrue(drain(), "watchdog: deliveries in flight did not drain", file: file, line: line)
        let before = logs.counts
        pushMore()
        XCTAssertTrue(drain(), "watchdog: deliveries after the pushes did not drain", file: file, line: line)
        XCTAssertEqual(logs.counts, before, "a disposed subscription received events", file: file, line: line)
    }

    /// For each pipe of `pipes`: two threads push while two subscribe and dispose; pushes
    /// from one thread reach a subscriber in that thread's order.
    public static func pipe<A: StressAdapter>(
        _ api: A.Type, _ pipes: [(name: String, make: () -> A.Pipe)], file: StaticString = #filePath, line: UInt = #line
    ) {
        for (name, make) in pipes {
            let pipe = make()
            let logs = GrammarLogs()
            let pushes = 2_000 * Stress.scale
            Stress.run(name, threads: 4, file: file, line: line) { index in
                if index < 2 {
                    for value in 0..<pushes { A.push(index * 1_000_000 + value, into: pipe) }
                } else {
                    for round in 0..<(100 * Stress.scale) {
                        let log = logs.make(strict: true)
                        let dispose = start(A.self, A.signal(of: pipe), log)
                        if round % 3 == 0 { usleep(10) }
                        dispose()
                        log.markDisposed()
                    }
                }
            }
            logs.check(name, file: file, line: line)
            for log in logs.all {
                for pusher in 0..<2 {
                    let mine = log.snapshot.filter { $0 / 1_000_000 == pusher }
                    XCTAssertEqual(mine, mine.sorted(), "\(name): pusher \(pusher)'s values out of order", file: file, line: line)
                }
            }
            assertQuietAfterDisposal(logs, file: file, line: line) { for value in 0..<100 { A.push(value, into: pipe) } }
        }
    }

    /// A value cell (a promise, a variable): two threads `set` while two subscribe to
    /// `signal()` and dispose at once. `neverTerminates`: no subscription received a
    /// terminal event. Then the values of `quietCheck` are set, and reach no disposed
    /// subscription.
    public static func settableValue<A: SignalAPIAdapter>(
        _ api: A.Type, _ name: String, set: @escaping @Sendable (Int) -> Void, signal: @escaping @Sendable () -> A.Signal,
        neverTerminates: Bool, quietCheck: Range<Int>, file: StaticString = #filePath, line: UInt = #line
    ) {
        let logs = GrammarLogs()
        Stress.run(name, threads: 4, file: file, line: line) { index in
            for round in 0..<(300 * Stress.scale) {
                if index < 2 {
                    set(round)
                } else {
                    let log = logs.make(strict: true)
                    start(A.self, signal(), log)()
                }
            }
        }
        logs.check(name, file: file, line: line)
        if neverTerminates {
            XCTAssertTrue(logs.all.allSatisfy { $0.terminalCount == 0 }, "\(name).get never terminates", file: file, line: line)
        }
        assertQuietAfterDisposal(logs, file: file, line: line) { for value in quietCheck { set(value) } }
    }

    /// Four threads subscribe to the shared signals of three keys over an asynchronous
    /// source, half of them disposing at once, half waiting for the completion.
    public static func multicast<A: StressAdapter>(_ api: A.Type, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let multicast = A.makeMulticast()
        let source = asyncSource(A.self, 0, count: 5, on: DispatchQueue(label: "stress.multicast.upstream"))
        // Half of the subscribers wait for the shared upstream to complete for them.
        subscribeOrAwaitCompletion(A.self, name, rounds: 100 * Stress.scale, strict: false, disposeEvery: 2, file: file, line: line) { round in
            A.multicasted(multicast, key: "k\(round % 3)", source)
        }
    }

    /// Four threads combine two asynchronous sources, half of them disposing at once, half
    /// waiting for the completion.
    public static func combineLatest<A: StressAdapter>(_ api: A.Type, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let left = asyncSource(A.self, 0, count: 3, on: DispatchQueue(label: "stress.combine.left"))
        let right = asyncSource(A.self, 100, count: 3, on: DispatchQueue(label: "stress.combine.right"))
        subscribeOrAwaitCompletion(A.self, name, rounds: 100 * Stress.scale, strict: false, disposeEvery: 2, file: file, line: line) { _ in
            A.combineLatest(left, right)
        }
    }

    /// Four threads subscribe `rounds` times each to the signal `make` gives for the round
    /// (nil: the API gave none, a failure), disposing at once when `round + thread` is a
    /// multiple of `disposeEvery`, otherwise waiting for the terminal event; then checks the
    /// grammar of every subscription.
    static func subscribeOrAwaitCompletion<A: SignalAPIAdapter>(
        _ api: A.Type, _ name: String, rounds: Int, strict: Bool, disposeEvery: Int, file: StaticString, line: UInt,
        _ make: @escaping @Sendable (_ round: Int) -> A.Signal?
    ) {
        let logs = GrammarLogs()
        Stress.run(name, threads: 4, file: file, line: line) { index in
            for round in 0..<rounds {
                let log = logs.make(strict: strict)
                guard let signal = make(round) else {
                    return XCTFail("\(name) gave no signal", file: file, line: line)
                }
                let dispose = start(A.self, signal, log)
                if (round + index) % disposeEvery == 0 {
                    dispose()
                } else {
                    XCTAssertTrue(Stress.wait { log.terminalCount > 0 }, "\(name): a subscription never completed", file: file, line: line)
                }
            }
        }
        logs.check(name, file: file, line: line)
    }

    /// Two threads push into a pipe while two subscribe to it through `mapping` (inner
    /// signals on a concurrent queue) and dispose: nothing terminates, nothing arrives
    /// after disposal.
    public static func mapping<A: StressAdapter>(
        _ api: A.Type, _ mapping: StressMapping, file: StaticString = #filePath, line: UInt = #line
    ) {
        let name = "\(mapping)"
        let outer = A.makePipe()
        let logs = GrammarLogs()
        let innerQueue = DispatchQueue(label: "stress.\(name).inner", attributes: .concurrent)
        let inFlight = DispatchGroup()
        let makeInner: @Sendable (Int) -> A.Signal = { value in
            asyncSource(A.self, value * 10, count: 2, on: innerQueue, group: inFlight)
        }
        Stress.run(name, threads: 4, file: file, line: line) { index in
            if index < 2 {
                for value in 0..<(500 * Stress.scale) { A.push(value, into: outer) }
            } else {
                for round in 0..<(100 * Stress.scale) {
                    let log = logs.make(strict: false)
                    let dispose = start(A.self, A.map(A.signal(of: outer), by: mapping, makeInner), log)
                    if round % 2 == 0 { usleep(20) }
                    dispose()
                }
            }
        }
        logs.check(name, file: file, line: line)
        XCTAssertTrue(logs.all.allSatisfy { $0.terminalCount == 0 }, "\(name) over a pipe never terminates", file: file, line: line)
        assertQuietAfterDisposal(logs, inFlight: inFlight, file: file, line: line) { for value in 0..<50 { A.push(value, into: outer) } }
    }

    /// Four threads switch `mapToSignal` over a pipe between four inner pipes while pushing
    /// into them: afterwards exactly one inner is still joined, and none after disposal.
    public static func mapToSignalOverHotSourcesLeavesOneInnerJoined<A: StressAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let outer = A.makePipe()
        let inners = (0..<4).map { _ in A.makePipe() }
        let received = DriverCounter()
        let dispose = A.start(A.map(A.signal(of: outer), by: .mapToSignal) { A.signal(of: inners[$0]) }, next: { _ in received.increment() })
        Stress.run("mapToSignal over pipes", threads: 4, file: file, line: line) { thread in
            for index in 0..<250 {
                A.push(thread, into: outer)
                A.push(index, into: inners[(thread + index) % 4])
            }
        }
        let before = received.value
        inners.forEach { A.push(-1, into: $0) }
        XCTAssertEqual(received.value - before, 1, "exactly one inner is joined", file: file, line: line)
        dispose()
        inners.forEach { A.push(-1, into: $0) }
        A.push(0, into: outer)
        inners.forEach { A.push(-1, into: $0) }
        XCTAssertEqual(received.value - before, 1, "none after disposal", file: file, line: line)
    }

    /// When every event of a subscription comes from one serial queue, the strict grammar
    /// holds through the stateful operators: nothing after the terminal event.
    /// `combineName` names the API's combining operator.
    public static func serialProducersKeepTheStrictGrammar<A: StressAdapter>(
        _ api: A.Type, combineName: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let queue = DispatchQueue(label: "stress.serial")
        let outer = asyncSource(A.self, 1, count: 4, on: queue)
        let inner: @Sendable (Int) -> A.Signal = { value in asyncSource(A.self, value * 10, count: 2, on: queue) }
        let pipelines: [(String, A.Signal)] = [
            ("mapToSignal", A.map(outer, by: .mapToSignal, inner)),
            ("mapToQueue", A.map(outer, by: .mapToQueue, inner)),
            ("mapToThrottled", A.map(outer, by: .mapToThrottled, inner)),
            (combineName, A.combineLatest(outer, asyncSource(A.self, 100, count: 3, on: queue))),
        ]
        for (name, signal) in pipelines {
            subscribeOrAwaitCompletion(A.self, name, rounds: 25 * Stress.scale, strict: true, disposeEvery: 3, file: file, line: line) { _ in signal }
        }
    }

    /// Four threads add tasks to a pool of two threads, two of them cancelling every other
    /// task at once: every task not cancelled runs, none runs twice.
    public static func threadPool<A: StressAdapter>(_ api: A.Type, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let pool = A.makeThreadPool()
        let executed = DriverCounter()
        let expectedAtLeast = DriverCounter()
        let perThread = 500 * Stress.scale
        Stress.run(name, threads: 4, file: file, line: line) { index in
            for round in 0..<perThread {
                let cancel = A.addTask({ executed.increment() }, to: pool)
                if index % 2 == 1 && round % 2 == 0 {
                    cancel()
                } else {
                    expectedAtLeast.increment()
                }
            }
        }
        XCTAssertTrue(
            Stress.wait { executed.value >= expectedAtLeast.value }, "watchdog: the pool did not run its tasks within 30 s", file: file, line: line)
        XCTAssertLessThanOrEqual(executed.value, 4 * perThread, file: file, line: line)
    }

    /// Four threads start timers on one queue: one-shot timers left alone fire exactly
    /// once; repeating timers invalidated never fire again.
    public static func timers<A: StressAdapter>(_ api: A.Type, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let queue = A.makeTimerQueue()
        let fired = DriverCounter()
        let oneShots = DriverCounter()
        let perThread = 50 * Stress.scale
        let kept = KeptObjects()
        Stress.run(name, threads: 4, file: file, line: line) { _ in
            for round in 0..<perThread {
                if round % 5 == 0 {
                    let timer = A.makeTimer(timeout: 0.001, repeats: false, queue: queue, completion: { oneShots.increment() })
                    kept.add(timer)  // a timer nobody retains may never fire
                    A.start(timer)
                } else {
                    let timer = A.makeTimer(timeout: 0.0005, repeats: true, queue: queue, completion: { fired.increment() })
                    A.start(timer)
                    if round % 2 == 0 { usleep(200) }
                    A.invalidate(timer)
                }
            }
        }
        let oneShotCount = 4 * perThread / 5
        XCTAssertTrue(Stress.wait { oneShots.value == oneShotCount }, "one-shot timers: \(oneShots.value) of \(oneShotCount) fired", file: file, line: line)
        usleep(50_000)
        let settled = fired.value
        usleep(50_000)
        XCTAssertEqual(fired.value, settled, "an invalidated repeating timer fired again", file: file, line: line)
        XCTAssertEqual(oneShots.value, oneShotCount, "a one-shot timer fired twice", file: file, line: line)
    }

    /// Objects kept alive until the end of a test.
    final class KeptObjects: @unchecked Sendable {
        // Safety: `objects` is guarded by `lock`.
        private let lock = NSLock()
        private var objects: [AnyObject] = []

        func add(_ object: AnyObject) {
            lock.withLock { objects.append(object) }
        }
    }
}
