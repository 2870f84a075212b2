import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalQueueTests: LeakCheckedTestCase {
    func testItemsRunOneAtATimeInSubscriptionOrder() {
        let queue = SSignalQueue()
        let a = ManualSource()
        let b = ManualSource()
        let recorderA = EventLog()
        let recorderB = EventLog()
        let enqueuedB = queue.enqueue(b.signal)
        let enqueuedA = queue.enqueue(a.signal)
        recorderA.record(enqueuedA)
        recorderB.record(enqueuedB)
        XCTAssertEqual(a.startCount, 1, "subscription order, not enqueue order")
        XCTAssertEqual(b.startCount, 0)
        a.next(1)
        a.complete()
        XCTAssertEqual(b.startCount, 1)
        b.next(2)
        b.complete()
        XCTAssertEqual(recorderA.events, ["next 1", "completed"])
        XCTAssertEqual(recorderB.events, ["next 2", "completed"])
    }

    func testNothingRunsBeforeSubscription() {
        let queue = SSignalQueue()
        let source = ManualSource()
        let enqueued = queue.enqueue(source.signal)
        XCTAssertEqual(source.startCount, 0)
        enqueued.start()
        XCTAssertEqual(source.startCount, 1)
    }

    func testAnErrorIsForwardedButDoesNotStopTheQueue() {
        let queue = SSignalQueue()
        let recorder = EventLog()
        recorder.record(queue.enqueue(.fail("e")))
        recorder.record(queue.enqueue(.single(2)))
        XCTAssertEqual(recorder.events, ["error e", "next 2", "completed"])
    }

    func testDisposingARunningItemCutsItOffAndTheQueueMovesOn() {
        let queue = SSignalQueue()
        let running = ManualSource()
        let next = ManualSource()
        let subscription = queue.enqueue(running.signal).start()
        queue.enqueue(next.signal).start()
        XCTAssertEqual(next.startCount, 0)
        subscription.dispose()
        XCTAssertEqual(running.disposeCount, 1)
        XCTAssertEqual(next.startCount, 1)
    }

    func testItemDisposedBeforeItsTurnNeverRuns() {
        let queue = SSignalQueue()
        let running = ManualSource()
        let skipped = ManualSource()
        let after = ManualSource()
        queue.enqueue(running.signal).start()
        let subscription = queue.enqueue(skipped.signal).start()
        queue.enqueue(after.signal).start()
        subscription.dispose()
        running.complete()
        XCTAssertEqual(skipped.startCount, 0, "the original still ran it")
        XCTAssertEqual(after.startCount, 1)
    }

    func testSynchronousItemsDoNotStall() {
        let queue = SSignalQueue()
        let recorder = EventLog()
        for value in 0..<1000 {
            queue.enqueue(.single(value)).start(next: recorder.next)
        }
        XCTAssertEqual(recorder.events.count, 1000)
        XCTAssertEqual(recorder.events.last, "next 999")
    }

    func testDeallocatingTheQueueCancelsTheRunningItem() {
        let running = ManualSource()
        var queue: SSignalQueue? = SSignalQueue()
        let subscription = queue!.enqueue(running.signal).start()
        subscription.dispose()
        queue!.enqueue(running.signal).start()
        XCTAssertEqual(running.startCount, 2)
        weak var weakQueue: SSignalQueue?
        weakQueue = queue
        queue = nil
        XCTAssertNil(weakQueue)
        XCTAssertEqual(running.disposeCount, 2)
    }

    func testConcurrentSubscriptionsAllRun() {
        let queue = SSignalQueue()
        let counter = Counter()
        let box = UncheckedBox(queue)
        concurrently(4) { _ in
            for value in 0..<100 {
                box.value.enqueue(.single(value)).start(next: { _ in counter.increment() })
            }
        }
        XCTAssertEqual(counter.value, 400)
    }
}
