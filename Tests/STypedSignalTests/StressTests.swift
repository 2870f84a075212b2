import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

/// N threads x M operations of subscribe / push / dispose on every stateful type, under
/// a watchdog that fails the test after 30 s instead of hanging. Each subscription's
/// events are checked against the grammar (see `GrammarLog`); subscriptions disposed
/// must receive nothing once the pushes in flight have drained.
final class StressTests: LeakCheckedTestCase {
    /// Emits `count` values (`base`, `base + 1`, ...) from `queue`, one per hop, then
    /// completes: every subscription's events come from one thread, in order.
    private func asyncSource(_ base: Int, count: Int, on queue: DispatchQueue) -> Signal<Int, NoError> {
        Signal { subscriber in
            let box = SendableBox(subscriber)
            @Sendable func emit(_ index: Int) {
                queue.async {
                    if index == count {
                        box.value.putCompletion()
                    } else {
                        box.value.putNext(base + index)
                        emit(index + 1)
                    }
                }
            }
            emit(0)
            return EmptyDisposable
        }
    }

    /// After every subscription was disposed: lets deliveries in flight drain, then
    /// runs `pushMore` and checks that no disposed subscription received anything.
    private func assertQuietAfterDisposal(_ logs: GrammarLogs, file: StaticString = #filePath, line: UInt = #line, pushMore: () -> Void) {
        usleep(50_000)
        let before = logs.counts
        pushMore()
        usleep(50_000)
        XCTAssertEqual(logs.counts, before, "a disposed subscription received events", file: file, line: line)
    }

    func testValuePipe() {
        let pipe = ValuePipe<Int>()
        let logs = GrammarLogs()
        let pushes = 2_000 * Stress.scale
        Stress.run("ValuePipe", threads: 4) { index in
            if index < 2 {
                for value in 0..<pushes { pipe.putNext(index * 1_000_000 + value) }
            } else {
                for round in 0..<(100 * Stress.scale) {
                    let log = logs.make(strict: true)
                    let subscription = pipe.signal().start(next: log.next, completed: log.terminal)
                    if round % 3 == 0 { usleep(10) }
                    subscription.dispose()
                    log.markDisposed()
                }
            }
        }
        logs.check("ValuePipe")
        for log in logs.all {
            // Pushes from one thread reach a subscriber in that thread's order.
            for pusher in 0..<2 {
                let mine = log.snapshot.filter { $0 / 1_000_000 == pusher }
                XCTAssertEqual(mine, mine.sorted(), "pusher \(pusher)'s values out of order")
            }
        }
        assertQuietAfterDisposal(logs) { for value in 0..<100 { pipe.putNext(value) } }
    }

    func testPromise() {
        let promise = Promise<Int>(0)
        let logs = GrammarLogs()
        Stress.run("Promise", threads: 4) { index in
            for round in 0..<(300 * Stress.scale) {
                if index < 2 {
                    promise.set(.single(round))
                } else {
                    let log = logs.make(strict: true)
                    let subscription = promise.get().start(next: log.next, completed: log.terminal)
                    subscription.dispose()
                }
            }
        }
        logs.check("Promise")
        XCTAssertTrue(logs.all.allSatisfy { $0.terminalCount == 0 }, "Promise.get never terminates")
        assertQuietAfterDisposal(logs) { for value in 0..<100 { promise.set(.single(value)) } }
    }

    func testValuePromise() {
        let promise = ValuePromise<Int>(0)
        let logs = GrammarLogs()
        Stress.run("ValuePromise", threads: 4) { index in
            for round in 0..<(300 * Stress.scale) {
                if index < 2 {
                    promise.set(round)
                } else {
                    let log = logs.make(strict: true)
                    let subscription = promise.get().start(next: log.next, completed: log.terminal)
                    subscription.dispose()
                }
            }
        }
        logs.check("ValuePromise")
        assertQuietAfterDisposal(logs) { for value in 1_000..<1_100 { promise.set(value) } }
    }

    func testMulticast() {
        let multicast = Multicast<Int>()
        let logs = GrammarLogs()
        let upstreamQueue = DispatchQueue(label: "stress.multicast.upstream")
        let source = asyncSource(0, count: 5, on: upstreamQueue)
        Stress.run("Multicast", threads: 4) { index in
            for round in 0..<(100 * Stress.scale) {
                let log = logs.make(strict: false)
                let subscription = multicast.get(key: "k\(round % 3)", signal: source)
                    .start(next: log.next, completed: log.terminal)
                if (round + index) % 2 == 0 {
                    subscription.dispose()
                } else {
                    // Wait for the shared upstream to complete for this subscriber.
                    XCTAssertTrue(Stress.wait { log.terminalCount > 0 }, "Multicast subscriber never completed")
                }
            }
        }
        logs.check("Multicast")
    }

    func testCombineLatest() {
        let logs = GrammarLogs()
        let left = asyncSource(0, count: 3, on: DispatchQueue(label: "stress.combine.left"))
        let right = asyncSource(100, count: 3, on: DispatchQueue(label: "stress.combine.right"))
        Stress.run("combineLatest", threads: 4) { index in
            for round in 0..<(100 * Stress.scale) {
                let log = logs.make(strict: false)
                let subscription = combineLatest(left, right)
                    .start(next: { log.next($0.0 + $0.1) }, completed: log.terminal)
                if (round + index) % 2 == 0 {
                    subscription.dispose()
                } else {
                    XCTAssertTrue(Stress.wait { log.terminalCount > 0 }, "combineLatest never completed")
                }
            }
        }
        logs.check("combineLatest")
    }

    private func metaStress(_ name: String, _ op: @escaping (@escaping (Int) -> Signal<Int, NoError>) -> (Signal<Int, NoError>) -> Signal<Int, NoError>) {
        let outer = ValuePipe<Int>()
        let logs = GrammarLogs()
        let innerQueue = DispatchQueue(label: "stress.\(name).inner", attributes: .concurrent)
        let makeInner: (Int) -> Signal<Int, NoError> = { value in
            self.asyncSource(value * 10, count: 2, on: innerQueue)
        }
        // Safety: both closures are immutable and only build signals.
        let build = SendableBox((op, makeInner))
        Stress.run(name, threads: 4) { index in
            if index < 2 {
                for value in 0..<(500 * Stress.scale) { outer.putNext(value) }
            } else {
                for round in 0..<(100 * Stress.scale) {
                    let log = logs.make(strict: false)
                    let subscription = (outer.signal() |> build.value.0(build.value.1)).start(next: log.next, completed: log.terminal)
                    if round % 2 == 0 { usleep(20) }
                    subscription.dispose()
                }
            }
        }
        logs.check(name)
        XCTAssertTrue(logs.all.allSatisfy { $0.terminalCount == 0 }, "\(name) over a pipe never terminates")
        assertQuietAfterDisposal(logs) { for value in 0..<50 { outer.putNext(value) } }
    }

    func testSwitchToLatest() {
        metaStress("mapToSignal") { mapToSignal($0) }
    }

    func testQueue() {
        metaStress("mapToQueue") { mapToQueue($0) }
    }

    func testThrottled() {
        metaStress("mapToThrottled") { mapToThrottled($0) }
    }

    /// When every event of a subscription comes from one serial queue, the strict grammar
    /// holds through the stateful operators: nothing after the terminal event.
    func testSerialProducersKeepTheStrictGrammar() {
        let queue = DispatchQueue(label: "stress.serial")
        let outer = asyncSource(1, count: 4, on: queue)
        let inner: (Int) -> Signal<Int, NoError> = { value in self.asyncSource(value * 10, count: 2, on: queue) }
        let pipelines: [(String, Signal<Int, NoError>)] = [
            ("mapToSignal", outer |> mapToSignal(inner)),
            ("mapToQueue", outer |> mapToQueue(inner)),
            ("mapToThrottled", outer |> mapToThrottled(inner)),
            ("combineLatest", combineLatest(outer, asyncSource(100, count: 3, on: queue)) |> map { $0.0 + $0.1 }),
        ]
        for (name, signal) in pipelines {
            let logs = GrammarLogs()
            let shared = SendableBox(signal)
            Stress.run(name, threads: 4) { index in
                for round in 0..<(25 * Stress.scale) {
                    let log = logs.make(strict: true)
                    let subscription = shared.value.start(next: log.next, completed: log.terminal)
                    if (round + index) % 3 == 0 {
                        subscription.dispose()
                    } else {
                        XCTAssertTrue(Stress.wait { log.terminalCount > 0 }, "\(name) never completed")
                    }
                }
            }
            logs.check(name)
        }
    }

    func testThreadPool() {
        let pool = ThreadPool(threadCount: 2, threadPriority: 0.5)
        let executed = Counter()
        let expectedAtLeast = Counter()
        let perThread = 500 * Stress.scale
        Stress.run("ThreadPool", threads: 4) { index in
            for round in 0..<perThread {
                let task = ThreadPoolTask { _ in executed.increment() }
                if index % 2 == 0 {
                    pool.addTask(task)
                    expectedAtLeast.increment()
                } else {
                    pool.addTask(task)
                    if round % 2 == 0 { task.cancel() } else { expectedAtLeast.increment() }
                }
            }
        }
        XCTAssertTrue(Stress.wait { executed.value >= expectedAtLeast.value }, "watchdog: the pool did not run its tasks within 30 s")
        XCTAssertLessThanOrEqual(executed.value, 4 * perThread)
    }

    func testTimers() {
        let queue = Queue(name: "stress.timers")
        let fired = Counter()
        let oneShots = Counter()
        let perThread = 50 * Stress.scale
        let kept = Kept()
        Stress.run("Timer", threads: 4) { index in
            for round in 0..<perThread {
                if round % 5 == 0 {
                    // One-shot timers left alone fire exactly once.
                    let timer = Timer(timeout: 0.001, repeat: false, completion: { oneShots.increment() }, queue: queue)
                    kept.add(timer)  // a timer nobody retains never fires
                    timer.start()
                } else {
                    let timer = Timer(timeout: 0.0005, repeat: true, completion: { fired.increment() }, queue: queue)
                    timer.start()
                    if round % 2 == 0 { usleep(200) }
                    timer.invalidate()
                }
            }
        }
        XCTAssertTrue(Stress.wait { oneShots.value == 4 * perThread / 5 }, "one-shot timers: \(oneShots.value) of \(4 * perThread / 5) fired")
        usleep(50_000)
        let settled = fired.value
        usleep(50_000)
        XCTAssertEqual(fired.value, settled, "an invalidated repeating timer fired again")
        XCTAssertEqual(oneShots.value, 4 * perThread / 5, "a one-shot timer fired twice")
    }
}

/// A thread-safe counter for the stress tests.
final class Counter: @unchecked Sendable {
    // Safety: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Objects kept alive until the end of a test.
final class Kept: @unchecked Sendable {
    // Safety: `objects` is guarded by `lock`.
    private let lock = NSLock()
    private var objects: [AnyObject] = []

    func add(_ object: AnyObject) {
        lock.lock()
        objects.append(object)
        lock.unlock()
    }
}

/// Carries a value into a `@Sendable` closure; the stress tests use it for subscribers,
/// which are thread-safe.
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
