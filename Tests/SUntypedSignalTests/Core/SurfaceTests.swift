import Dispatch
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Names every row of SSignalKit's method table (`Coverage.untyped` in the parity suite,
/// numbered alike), so that a missing or renamed method fails to compile. Each entry makes one small call; the test checks
/// that the table is complete (rows 1...116) and that every call ran.
final class SurfaceTests: LeakCheckedTestCase {
    private struct Row {
        let number: Int
        let name: String
        let use: () -> Void
    }

    private final class Plain: SDisposable {
        func dispose() {}
    }

    func testEveryTableRowIsReachable() {
        let clock = VirtualClock()
        let queue = SQueue(clock.makeQueue())
        let pool = SThreadPoolQueueTests.pool
        let s = SSignal.single(1)
        let signals: [SSignal] = [.single(1), .single(2)]
        let ran = Counter()

        let rows: [Row] = [
            Row(number: 1, name: "SDisposable.dispose") {
                let d: SDisposable = Plain()
                d.dispose()
            },
            Row(number: 2, name: "SBlockDisposable.init") { _ = SBlockDisposable {} },
            Row(number: 3, name: "SBlockDisposable.dispose") { SBlockDisposable(nil).dispose() },
            Row(number: 4, name: "SMetaDisposable.setDisposable") { SMetaDisposable().setDisposable(nil) },
            Row(number: 5, name: "SMetaDisposable.dispose") { SMetaDisposable().dispose() },
            Row(number: 6, name: "SDisposableSet.add") { SDisposableSet().add(nil) },
            Row(number: 7, name: "SDisposableSet.remove") { SDisposableSet().remove(Plain()) },
            Row(number: 8, name: "SDisposableSet.dispose") { SDisposableSet().dispose() },
            Row(number: 9, name: "SSubscriber.init") { _ = SSubscriber(next: nil, error: nil, completed: nil) },
            Row(number: 10, name: "SSubscriber.putNext") { SSubscriber(next: nil, error: nil, completed: nil).putNext(nil) },
            Row(number: 11, name: "SSubscriber.putError") { SSubscriber(next: nil, error: nil, completed: nil).putError(nil) },
            Row(number: 12, name: "SSubscriber.putCompletion") { SSubscriber(next: nil, error: nil, completed: nil).putCompletion() },
            Row(number: 13, name: "SSubscriber.assignDisposable") { SSubscriber(next: nil, error: nil, completed: nil).assignDisposable(nil) },
            Row(number: 14, name: "SSubscriber.markTerminatedWithoutDisposal") {
                SSubscriber(next: nil, error: nil, completed: nil).markTerminatedWithoutDisposal()
            },
            Row(number: 15, name: "STracingSubscriber.init") { _ = STracingSubscriber(name: "t", next: nil, error: nil, completed: nil) },
            Row(number: 16, name: "SSignal.init") { _ = SSignal { _ in nil } },
            Row(number: 17, name: "start(next:error:completed:)") { s.start(next: { _ in }, error: { _ in }, completed: {}) },
            Row(number: 18, name: "start(next:)") { s.start(next: { _ in }) },
            Row(number: 19, name: "start(next:completed:)") { s.start(next: { _ in }, completed: {}) },
            Row(number: 20, name: "startStrict(next:error:completed:file:line:)") {
                s.startStrict(next: { _ in }, error: { _ in }, completed: {}, file: #file, line: #line).dispose()
            },
            Row(number: 21, name: "startStrict(next:file:line:)") { s.startStrict(next: { _ in }, file: #file, line: #line).dispose() },
            Row(number: 22, name: "startStrict(next:completed:file:line:)") {
                s.startStrict(next: { _ in }, completed: {}, file: #file, line: #line).dispose()
            },
            // Row 23 (`trace:`) is legacy: gone from SSignalKit's newest headers; it is
            // represented by the tracing subscriber, which behaves as a plain subscriber.
            Row(number: 23, name: "trace (legacy; STracingSubscriber)") { _ = STracingSubscriber(name: "legacy", next: nil, error: nil, completed: nil).name },
            Row(number: 24, name: "SAtomic.init(value:)") { _ = SAtomic(value: 1) },
            Row(number: 25, name: "SAtomic.init(value:recursive:)") { _ = SAtomic(value: 1, recursive: true) },
            Row(number: 26, name: "SAtomic.swap") { SAtomic(value: 1).swap(2) },
            Row(number: 27, name: "SAtomic.value") { _ = SAtomic(value: 1).value },
            Row(number: 28, name: "SAtomic.modify") { SAtomic(value: 1).modify { $0 } },
            Row(number: 29, name: "SAtomic.with") { SAtomic(value: 1).with { $0 } },
            Row(number: 30, name: "SBag.addItem") { SBag().addItem(1) },
            Row(number: 31, name: "SBag.enumerateItems") { SBag().enumerateItems { _ in } },
            Row(number: 32, name: "SBag.removeItem") { SBag().removeItem(0) },
            Row(number: 33, name: "SBag.isEmpty") { _ = SBag().isEmpty },
            Row(number: 34, name: "SBag.copyItems") { _ = SBag().copyItems() },
            Row(number: 35, name: "SQueue.mainQueue") { _ = SQueue.mainQueue() },
            Row(number: 36, name: "SQueue.concurrentDefaultQueue") { _ = SQueue.concurrentDefaultQueue() },
            Row(number: 37, name: "SQueue.concurrentBackgroundQueue") { _ = SQueue.concurrentBackgroundQueue() },
            Row(number: 38, name: "SQueue.wrapConcurrentNativeQueue") { _ = SQueue.wrapConcurrentNativeQueue(DispatchQueue(label: "surface")) },
            Row(number: 39, name: "SQueue.init") { _ = SQueue() },
            Row(number: 40, name: "SQueue.dispatch") { queue.dispatch {} },
            Row(number: 41, name: "SQueue.dispatchSync") { queue.dispatchSync {} },
            Row(number: 42, name: "SQueue.dispatch(_:synchronous:)") { queue.dispatch({}, synchronous: true) },
            Row(number: 43, name: "SQueue.nativeQueue") { _ = queue.nativeQueue },
            Row(number: 44, name: "SQueue.isCurrentQueue") { _ = queue.isCurrentQueue() },
            Row(number: 45, name: "SQueueLocalObject.init") { _ = SQueueLocalObject(queue: queue) { 1 } },
            Row(number: 46, name: "SQueueLocalObject.with") { SQueueLocalObject(queue: queue) { 1 }.with { _ in } },
            Row(number: 47, name: "STimer.init(queue:)") { _ = STimer(timeout: 1, repeat: false, completion: {}, queue: queue) },
            Row(number: 48, name: "STimer.init(nativeQueue:)") {
                _ = STimer(timeout: 1, repeat: false, completion: {}, nativeQueue: DispatchQueue(label: "surface"))
            },
            Row(number: 49, name: "STimer.start") {
                let t = STimer(timeout: 1, repeat: false, completion: {}, queue: queue)
                t.start()
                t.invalidate()
            },
            Row(number: 50, name: "STimer.invalidate") { STimer(timeout: 1, repeat: false, completion: {}, queue: queue).invalidate() },
            Row(number: 51, name: "STimer.fireAndInvalidate") { STimer(timeout: 1, repeat: false, completion: {}, queue: queue).fireAndInvalidate() },
            Row(number: 52, name: "SThreadPoolTask.init") { _ = SThreadPoolTask { _ in } },
            Row(number: 53, name: "SThreadPoolTask.execute") { SThreadPoolTask { _ in }.execute() },
            Row(number: 54, name: "SThreadPoolTask.cancel") { SThreadPoolTask { _ in }.cancel() },
            Row(number: 55, name: "SThreadPoolQueue.init") { _ = SThreadPoolQueue(threadPool: pool) },
            Row(number: 56, name: "SThreadPoolQueue.addTask") { SThreadPoolQueue(threadPool: pool).addTask(SThreadPoolTask { _ in }) },
            Row(number: 57, name: "SThreadPoolQueue.popFirstTask") { _ = SThreadPoolQueue(threadPool: pool).popFirstTask() },
            Row(number: 58, name: "SThreadPoolQueue.hasTasks") { _ = SThreadPoolQueue(threadPool: pool).hasTasks },
            Row(number: 59, name: "SThreadPool.init()") { _ = { SThreadPool() } },
            Row(number: 60, name: "SThreadPool.init(threadCount:threadPriority:)") { _ = { SThreadPool(threadCount: 1, threadPriority: 0.5) } },
            Row(number: 61, name: "SThreadPool.addTask") { pool.addTask(SThreadPoolTask { _ in }) },
            Row(number: 62, name: "SThreadPool.nextQueue") { _ = pool.nextQueue() },
            Row(number: 63, name: "SThreadPool.workOnQueue") { pool.workOnQueue(pool.nextQueue()) {} },
            Row(number: 64, name: "SVariable.init") { _ = SVariable() },
            Row(number: 65, name: "SVariable.set") { SVariable().set(s) },
            Row(number: 66, name: "SVariable.signal") { _ = SVariable().signal() },
            Row(number: 67, name: "single") { _ = SSignal.single(nil) },
            Row(number: 68, name: "fail") { _ = SSignal.fail(nil) },
            Row(number: 69, name: "never") { _ = SSignal.never() },
            Row(number: 70, name: "complete") { _ = SSignal.complete() },
            Row(number: 71, name: "map") { _ = s.map { $0 } },
            Row(number: 72, name: "filter") { _ = s.filter { _ in true } },
            Row(number: 73, name: "ignoreRepeated") { _ = s.ignoreRepeated() },
            Row(number: 74, name: "onStart") { _ = s.onStart {} },
            Row(number: 75, name: "onNext") { _ = s.onNext { _ in } },
            Row(number: 76, name: "afterNext") { _ = s.afterNext { _ in } },
            Row(number: 77, name: "onError") { _ = s.onError { _ in } },
            Row(number: 78, name: "onCompletion") { _ = s.onCompletion {} },
            Row(number: 79, name: "afterCompletion") { _ = s.afterCompletion {} },
            Row(number: 80, name: "onDispose") { _ = s.onDispose {} },
            Row(number: 81, name: "reduceLeft") { _ = s.reduceLeft(0) { a, _ in a } },
            Row(number: 82, name: "reduceLeftWithPassthrough") { _ = s.reduceLeftWithPassthrough(0) { a, _, _ in a } },
            Row(number: 83, name: "catch") { _ = s.catch { _ in .complete() } },
            Row(number: 84, name: "restart") { _ = s.restart() },
            Row(number: 85, name: "retryIf") { _ = s.retryIf { _ in false } },
            Row(number: 86, name: "combineSignals") { _ = SSignal.combineSignals(signals) },
            Row(number: 87, name: "combineSignals(withInitialStates:)") { _ = SSignal.combineSignals(signals, withInitialStates: [1]) },
            Row(number: 88, name: "mergeSignals") { _ = SSignal.mergeSignals(signals) },
            Row(number: 89, name: "switchToLatest") { _ = s.switchToLatest() },
            Row(number: 90, name: "mapToSignal") { _ = s.mapToSignal { _ in .complete() } },
            Row(number: 91, name: "mapToQueue") { _ = s.mapToQueue { _ in .complete() } },
            Row(number: 92, name: "mapToThrottled") { _ = s.mapToThrottled { _ in .complete() } },
            Row(number: 93, name: "then") { _ = s.then(.complete()) },
            Row(number: 94, name: "queue") { _ = s.queue() },
            Row(number: 95, name: "throttled") { _ = s.throttled() },
            Row(number: 96, name: "defer / deferred") {
                _ = SSignal.defer { s }
                _ = SSignal.deferred { s }
            },
            Row(number: 97, name: "SSignalQueue.enqueue") { _ = SSignalQueue().enqueue(s) },
            Row(number: 98, name: "multicast") { _ = s.multicast() },
            Row(number: 99, name: "SPipe.init / init(replay:)") {
                _ = SPipe()
                _ = SPipe(replay: true)
            },
            Row(number: 100, name: "SPipe.signalProducer") { _ = SPipe().signalProducer() },
            Row(number: 101, name: "SPipe.sink") { SPipe().sink(1) },
            Row(number: 102, name: "take") { _ = s.take(1) },
            Row(number: 103, name: "takeLast") { _ = s.takeLast() },
            Row(number: 104, name: "takeUntilReplacement") { _ = s.takeUntilReplacement(.never()) },
            Row(number: 105, name: "delay(_:onQueue:)") { _ = s.delay(1, onQueue: queue) },
            Row(number: 106, name: "timeout(_:onQueue:orSignal:)") { _ = s.timeout(1, onQueue: queue, orSignal: .complete()) },
            Row(number: 107, name: "wait") { _ = s.wait(0) },
            Row(number: 108, name: "deliverOn") { _ = s.deliverOn(queue) },
            Row(number: 109, name: "deliverOnThreadPool") {
                _ = s.deliverOnThreadPool(pool)
                _ = s.deliverOn(pool)
            },
            Row(number: 110, name: "startOn") { _ = s.startOn(queue) },
            Row(number: 111, name: "startOnThreadPool") {
                _ = s.startOnThreadPool(pool)
                _ = s.startOn(pool)
            },
            Row(number: 112, name: "throttleOn(_:delay:)") { _ = s.throttleOn(queue, delay: 1) },
            Row(number: 113, name: "multicastedSignal(forKey:producer:)") { _ = SMulticastSignalManager().multicastedSignal(forKey: "k") { s } },
            Row(number: 114, name: "startStandaloneSignalIfNotRunning(forKey:producer:)") {
                SMulticastSignalManager().startStandaloneSignalIfNotRunning(forKey: "k") { s }
            },
            Row(number: 115, name: "multicastedPipe(forKey:)") { _ = SMulticastSignalManager().multicastedPipe(forKey: "k") },
            Row(number: 116, name: "putNext(_:toMulticastedPipeForKey:)") { SMulticastSignalManager().putNext(1, toMulticastedPipeForKey: "k") },
        ]

        XCTAssertEqual(rows.map(\.number), Array(1...116), "every row of the table, in order")
        XCTAssertEqual(Set(rows.map(\.name)).count, 116)
        for row in rows {
            row.use()
            ran.increment()
        }
        XCTAssertEqual(ran.value, 116)
        clock.run()
    }
}
