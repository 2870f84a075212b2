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

    func testQoSDispatchKeepsItsTurnAmongWorkPutOnTheQueue() {
        let queue = Queue(name: "qos order")
        let log = EventLog()
        let gate = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }
        queue.justDispatch { log.add("first") }
        queue.justDispatchWithQoS(qos: .userInitiated) { log.add("with qos") }
        queue.async { log.add("last") }
        gate.signal()
        queue.sync {}
        XCTAssertEqual(log.events, ["first", "with qos", "last"])
    }
}
