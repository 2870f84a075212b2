import Foundation
import SUntypedSignal
import SignalTestSupport
import XCTest

/// The untyped twin of `StressTests`: N threads x M operations of subscribe / push /
/// dispose on every stateful type, under a watchdog that fails after 30 s instead of
/// hanging, with each subscription's events checked against the grammar.
final class SStressTests: LeakCheckedTestCase {
    /// Emits `count` values from `queue`, one per hop, then completes.
    private func asyncSource(_ base: Int, count: Int, on queue: DispatchQueue) -> SSignal {
        SSignal { subscriber in
            let box = UncheckedBox(subscriber)
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
            return nil
        }
    }

    private func assertQuietAfterDisposal(_ logs: GrammarLogs, file: StaticString = #filePath, line: UInt = #line, pushMore: () -> Void) {
        usleep(50_000)
        let before = logs.counts
        pushMore()
        usleep(50_000)
        XCTAssertEqual(logs.counts, before, "a disposed subscription received events", file: file, line: line)
    }

    private static func subscribe(_ signal: SSignal, _ log: GrammarLog) -> SDisposable {
        signal.start(next: log.nextAny, error: { _ in log.terminal() }, completed: log.terminal)
    }

    func testPipe() {
        for replay in [false, true] {
            let pipe = SPipe(replay: replay)
            let logs = GrammarLogs()
            let pushes = 2_000 * Stress.scale
            Stress.run("SPipe(replay: \(replay))", threads: 4) { index in
                if index < 2 {
                    for value in 0..<pushes { pipe.putNext(index * 1_000_000 + value) }
                } else {
                    for round in 0..<(100 * Stress.scale) {
                        let log = logs.make(strict: true)
                        let subscription = Self.subscribe(pipe.signal(), log)
                        if round % 3 == 0 { usleep(10) }
                        subscription.dispose()
                    }
                }
            }
            logs.check("SPipe(replay: \(replay))")
            for log in logs.all {
                for pusher in 0..<2 {
                    let mine = log.snapshot.filter { $0 / 1_000_000 == pusher }
                    XCTAssertEqual(mine, mine.sorted(), "pusher \(pusher)'s values out of order")
                }
            }
            assertQuietAfterDisposal(logs) { for value in 0..<100 { pipe.putNext(value) } }
        }
    }

    func testVariable() {
        let variable = SVariable()
        variable.set(SSignal.single(0))
        let logs = GrammarLogs()
        Stress.run("SVariable", threads: 4) { index in
            for round in 0..<(300 * Stress.scale) {
                if index < 2 {
                    variable.set(SSignal.single(round))
                } else {
                    let log = logs.make(strict: true)
                    Self.subscribe(variable.signal(), log).dispose()
                }
            }
        }
        logs.check("SVariable")
        assertQuietAfterDisposal(logs) { for value in 0..<100 { variable.set(SSignal.single(value)) } }
    }

    func testMulticastSignalManager() {
        let manager = SMulticastSignalManager()
        let logs = GrammarLogs()
        let upstreamQueue = DispatchQueue(label: "stress.manager.upstream")
        let source = asyncSource(0, count: 5, on: upstreamQueue)
        let box = UncheckedBox(source)
        Stress.run("SMulticastSignalManager", threads: 4) { index in
            for round in 0..<(100 * Stress.scale) {
                let log = logs.make(strict: false)
                guard let shared = manager.multicastedSignal(forKey: "k\(round % 3)", producer: { box.value }) else {
                    XCTFail("the producer returned a signal")
                    return
                }
                let subscription = Self.subscribe(shared, log)
                if (round + index) % 2 == 0 {
                    subscription.dispose()
                } else {
                    XCTAssertTrue(Stress.wait { log.terminalCount > 0 }, "a multicast subscriber never completed")
                }
            }
        }
        logs.check("SMulticastSignalManager")
    }

    func testCombineSignals() {
        let logs = GrammarLogs()
        let left = asyncSource(0, count: 3, on: DispatchQueue(label: "stress.combine.left"))
        let right = asyncSource(100, count: 3, on: DispatchQueue(label: "stress.combine.right"))
        let box = UncheckedBox((left, right))
        Stress.run("combineSignals", threads: 4) { index in
            for round in 0..<(100 * Stress.scale) {
                let log = logs.make(strict: false)
                let combined = SSignal.combineSignals([box.value.0, box.value.1])
                let subscription = combined.start(next: { _ in log.next(0) }, error: { _ in log.terminal() }, completed: log.terminal)
                if (round + index) % 2 == 0 {
                    subscription.dispose()
                } else {
                    XCTAssertTrue(Stress.wait { log.terminalCount > 0 }, "combineSignals never completed")
                }
            }
        }
        logs.check("combineSignals")
    }

    private func metaStress(_ name: String, _ op: @escaping (SSignal, @escaping (Any?) -> SSignal) -> SSignal) {
        let outer = SPipe()
        let logs = GrammarLogs()
        let innerQueue = DispatchQueue(label: "stress.\(name).inner", attributes: .concurrent)
        let makeInner: (Any?) -> SSignal = { value in
            self.asyncSource((value as? Int ?? 0) * 10, count: 2, on: innerQueue)
        }
        let build = UncheckedBox((op, makeInner))
        Stress.run(name, threads: 4) { index in
            if index < 2 {
                for value in 0..<(500 * Stress.scale) { outer.putNext(value) }
            } else {
                for round in 0..<(100 * Stress.scale) {
                    let log = logs.make(strict: false)
                    let subscription = Self.subscribe(build.value.0(outer.signal(), build.value.1), log)
                    if round % 2 == 0 { usleep(20) }
                    subscription.dispose()
                }
            }
        }
        logs.check(name)
        XCTAssertTrue(logs.all.allSatisfy { $0.terminalCount == 0 }, "\(name) over a pipe never terminates")
        assertQuietAfterDisposal(logs) { for value in 0..<50 { outer.putNext(value) } }
    }

    func testMapToSignal() {
        metaStress("mapToSignal") { $0.mapToSignal($1) }
    }

    func testMapToQueue() {
        metaStress("mapToQueue") { $0.mapToQueue($1) }
    }

    func testMapToThrottled() {
        metaStress("mapToThrottled") { $0.mapToThrottled($1) }
    }

    /// When every event of a subscription comes from one serial queue, the strict grammar
    /// holds through the stateful operators: nothing after the terminal event.
    func testSerialProducersKeepTheStrictGrammar() {
        let queue = DispatchQueue(label: "stress.serial")
        let outer = asyncSource(1, count: 4, on: queue)
        let inner: (Any?) -> SSignal = { value in self.asyncSource((value as? Int ?? 0) * 10, count: 2, on: queue) }
        let pipelines: [(String, SSignal)] = [
            ("mapToSignal", outer.mapToSignal(inner)),
            ("mapToQueue", outer.mapToQueue(inner)),
            ("mapToThrottled", outer.mapToThrottled(inner)),
            ("combineSignals", SSignal.combineSignals([outer, asyncSource(100, count: 3, on: queue)]).map { _ in 0 }),
        ]
        for (name, signal) in pipelines {
            let logs = GrammarLogs()
            let shared = UncheckedBox(signal)
            Stress.run(name, threads: 4) { index in
                for round in 0..<(25 * Stress.scale) {
                    let log = logs.make(strict: true)
                    let subscription = Self.subscribe(shared.value, log)
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
        let pool = SThreadPool(threadCount: 2, threadPriority: 0.5)
        let executed = Counter()
        let expectedAtLeast = Counter()
        let perThread = 500 * Stress.scale
        Stress.run("SThreadPool", threads: 4) { index in
            for round in 0..<perThread {
                let task = SThreadPoolTask { _ in executed.increment() }
                pool.addTask(task)
                if index % 2 == 1 && round % 2 == 0 {
                    task.cancel()
                } else {
                    expectedAtLeast.increment()
                }
            }
        }
        XCTAssertTrue(Stress.wait { executed.value >= expectedAtLeast.value }, "watchdog: the pool did not run its tasks within 30 s")
        XCTAssertLessThanOrEqual(executed.value, 4 * perThread)
    }

    func testTimers() {
        let queue = SQueue()
        let fired = Counter()
        let oneShots = Counter()
        let perThread = 50 * Stress.scale
        let kept = Kept()
        Stress.run("STimer", threads: 4) { index in
            for round in 0..<perThread {
                if round % 5 == 0 {
                    let timer = STimer(timeout: 0.001, repeat: false, completion: { oneShots.increment() }, queue: queue)
                    kept.add(timer)  // a timer nobody retains may never fire
                    timer.start()
                } else {
                    let timer = STimer(timeout: 0.0005, repeat: true, completion: { fired.increment() }, queue: queue)
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
