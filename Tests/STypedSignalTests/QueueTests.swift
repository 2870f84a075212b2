import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class QueueTests: LeakCheckedTestCase {
    func testSerialQueueIsCurrentOnlyOnItself() {
        let queue = Queue(name: "test")
        let other = Queue(name: "other")
        XCTAssertFalse(queue.isCurrent())
        var inside = false
        var otherInside = true
        queue.sync {
            inside = queue.isCurrent()
            otherInside = other.isCurrent()
        }
        XCTAssertTrue(inside)
        XCTAssertFalse(otherInside)
    }

    func testAsyncRunsInlineWhenCurrent() {
        let queue = Queue()
        let log = EventLog()
        queue.sync {
            queue.async { log.add("inline") }
            log.add("after")
        }
        XCTAssertEqual(log.events, ["inline", "after"])
    }

    func testJustDispatchNeverInline() {
        let queue = Queue()
        let log = EventLog()
        let done = expectation(description: "dispatched")
        queue.sync {
            queue.justDispatch {
                log.add("dispatched")
                done.fulfill()
            }
            log.add("after")
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.events, ["after", "dispatched"])
    }

    func testWrappedAndConcurrentQueuesAreNeverCurrent() {
        let dispatchQueue = DispatchQueue(label: "raw")
        let wrapped = Queue(queue: dispatchQueue)
        var current = true
        dispatchQueue.sync { current = wrapped.isCurrent() }
        XCTAssertFalse(current)
        XCTAssertFalse(Queue.concurrentDefaultQueue().isCurrent())
        XCTAssertFalse(Queue.concurrentBackgroundQueue().isCurrent())
        XCTAssertTrue(Queue.concurrentDefaultQueue() === Queue.concurrentDefaultQueue())
    }

    func testMainQueueIsCurrentOnMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertTrue(Queue.mainQueue().isCurrent())
        XCTAssertTrue(Queue.mainQueue() === Queue.mainQueue())
        var offMain = true
        Queue().sync { offMain = Queue.mainQueue().isCurrent() && !Thread.isMainThread }
        XCTAssertFalse(offMain)
    }

    func testAfterRunsInDeadlineOrderInVirtualTime() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        queue.after(2) { log.add("two") }
        queue.after(1) { log.add("one") }
        queue.after(-5) { log.add("now") }
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["now", "one"])
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["now", "one", "two"])
    }

    func testAfterIsNeverInlineEvenForZero() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        queue.sync {
            queue.after(0) { log.add("later") }
            log.add("first")
        }
        clock.run()
        XCTAssertEqual(log.events, ["first", "later"])
    }

    func testQoSDispatch() {
        let queue = Queue(name: "qos", qos: .utility)
        let done = expectation(description: "ran")
        queue.justDispatchWithQoS(qos: .userInitiated) { done.fulfill() }
        wait(for: [done], timeout: 10)
    }
}

final class QueueLocalObjectTests: LeakCheckedTestCase {
    final class Box {
        var value = 0
    }

    func testObjectConfinedToQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let local = QueueLocalObject(queue: queue) { Box() }
        local.with { $0.value += 1 }
        XCTAssertNil(local.syncWith { $0.value }, "not created until the queue runs")
        clock.run()
        XCTAssertEqual(local.syncWith { $0.value }, 1)
    }

    func testObjectReleasedOnQueueAfterDeinit() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        weak var weakBox: Box?
        do {
            let local = QueueLocalObject(queue: queue) { Box() }
            clock.run()
            local.with { weakBox = $0 }
            clock.run()
            XCTAssertNotNil(weakBox)
        }
        XCTAssertNotNil(weakBox, "released on the queue, not on the spot")
        clock.run()
        XCTAssertNil(weakBox)
    }

    func testSignalWithSubscribesOnQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let local = QueueLocalObject(queue: queue) { Box() }
        let log = EventLog()
        let signal: Signal<Int, NoError> = local.signalWith { box, subscriber in
            log.add("on queue \(queue.isCurrent())")
            subscriber.putNext(box.value)
            subscriber.putCompletion()
            return EmptyDisposable
        }
        log.record(signal)
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["on queue true", "next 0", "completed"])
    }
}

final class ThreadPoolTests: LeakCheckedTestCase {
    static let pool = ThreadPool(threadCount: 2, threadPriority: 0.5)

    func testLaneRunsTasksInOrderWithoutOverlap() {
        let lane = Self.pool.nextQueue()
        let log = EventLog()
        let running = Atomic(value: 0)
        let overlap = Atomic(value: false)
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 100
        for index in 0..<100 {
            lane.addTask(
                ThreadPoolTask { _ in
                    if running.modify({ $0 + 1 }) > 1 { overlap.swap(true) }
                    log.add("\(index)")
                    running.modify { $0 - 1 }
                    done.fulfill()
                })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.events, (0..<100).map(String.init))
        XCTAssertFalse(overlap.with { $0 })
    }

    func testCancelledTaskDoesNotRun() {
        let lane = Self.pool.nextQueue()
        let log = EventLog()
        let gate = DispatchSemaphore(value: 0)
        let done = expectation(description: "last ran")
        lane.addTask(ThreadPoolTask { _ in gate.wait() })
        let cancelled = ThreadPoolTask { _ in log.add("cancelled ran") }
        lane.addTask(cancelled)
        lane.addTask(
            ThreadPoolTask { _ in
                log.add("last")
                done.fulfill()
            })
        cancelled.cancel()
        gate.signal()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.events, ["last"])
    }

    func testRunningTaskSeesCancellation() {
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let sawCancel = expectation(description: "saw cancel")
        let task = ThreadPoolTask { state in
            started.signal()
            proceed.wait()
            if state.cancelled.with({ $0 }) { sawCancel.fulfill() }
        }
        Self.pool.addTask(task)
        started.wait()
        task.cancel()
        proceed.signal()
        wait(for: [sawCancel], timeout: 10)
    }

    func testPoolThreadsAreRecognised() {
        XCTAssertFalse(Self.pool.isCurrentThreadInPool())
        let inPool = expectation(description: "in pool")
        Self.pool.addTask(
            ThreadPoolTask { _ in
                if Self.pool.isCurrentThreadInPool() { inPool.fulfill() }
            })
        wait(for: [inPool], timeout: 10)
    }

    func testIndependentTasksRunConcurrently() {
        let both = DispatchGroup()
        both.enter()
        both.enter()
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        Self.pool.addTask(
            ThreadPoolTask { _ in
                first.signal()
                second.wait()
                both.leave()
            })
        Self.pool.addTask(
            ThreadPoolTask { _ in
                second.signal()
                first.wait()
                both.leave()
            })
        XCTAssertEqual(both.wait(timeout: .now() + 10), .success)
    }

    func testQueueEqualityIsIdentity() {
        let a = Self.pool.nextQueue()
        XCTAssertEqual(a, a)
        XCTAssertNotEqual(a, Self.pool.nextQueue())
    }

    func testZeroThreadCountStillRuns() {
        let pool = ThreadPool(threadCount: 0, threadPriority: 2)
        let ran = expectation(description: "ran")
        pool.addTask(ThreadPoolTask { _ in ran.fulfill() })
        wait(for: [ran], timeout: 10)
    }
}
