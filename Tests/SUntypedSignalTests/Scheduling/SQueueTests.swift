import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SQueueTests: LeakCheckedTestCase {
    func testNewQueueIsCurrentOnlyOnItself() {
        let queue = SQueue()
        XCTAssertFalse(queue.isCurrentQueue())
        var inside = false
        queue.dispatchSync { inside = queue.isCurrentQueue() }
        XCTAssertTrue(inside)
        let other = SQueue()
        var otherInside = true
        queue.dispatchSync { otherInside = other.isCurrentQueue() }
        XCTAssertFalse(otherInside)
    }

    func testCurrentAlsoOnQueueTargetingIt() {
        let queue = SQueue()
        let child = DispatchQueue(label: "child", target: queue.nativeQueue)
        var inside = false
        child.sync { inside = queue.isCurrentQueue() }
        XCTAssertTrue(inside)
    }

    func testDispatchRunsInlineWhenCurrentOtherwiseAsync() {
        let queue = SQueue()
        let recorder = EventLog()
        queue.dispatchSync {
            queue.dispatch { recorder.add("inline") }
            recorder.add("after")
        }
        XCTAssertEqual(recorder.events, ["inline", "after"])
        recorder.clear()
        let done = DispatchSemaphore(value: 0)
        queue.dispatch {
            recorder.add("async")
            done.signal()
        }
        recorder.add("caller")
        done.wait()
        XCTAssertEqual(Set(recorder.events), ["async", "caller"])
    }

    func testDispatchSynchronousFlag() {
        let queue = SQueue()
        let ran = Cell(false)
        queue.dispatch({ ran.value = true }, synchronous: true)
        XCTAssertTrue(ran.value, "synchronous dispatch waits")
        let recorder = EventLog()
        queue.dispatchSync {
            queue.dispatch({ recorder.add("inline") }, synchronous: false)
            recorder.add("after")
        }
        XCTAssertEqual(recorder.events, ["inline", "after"])
        let done = DispatchSemaphore(value: 0)
        queue.dispatch({ done.signal() }, synchronous: false)
        done.wait()
    }

    func testMainQueueSingletonIsCurrentOnMainThread() {
        XCTAssertTrue(SQueue.mainQueue() === SQueue.mainQueue())
        XCTAssertTrue(SQueue.mainQueue() === SQueue.main)
        XCTAssertEqual(SQueue.mainQueue().isCurrentQueue(), Thread.isMainThread)
        let onBackground = Atomic(value: true)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            onBackground.swap(SQueue.mainQueue().isCurrentQueue())
            done.signal()
        }
        done.wait()
        XCTAssertFalse(onBackground.with { $0 })
    }

    func testMainQueueDispatchIsInlineOnMainThread() throws {
        try XCTSkipUnless(Thread.isMainThread, "tests run off the main thread here")
        let ran = Cell(false)
        SQueue.mainQueue().dispatch { ran.value = true }
        XCTAssertTrue(ran.value)
    }

    func testMainQueueRunsWorkFromOtherThreadsWhenTheMainThreadSpinsTheRunLoop() throws {
        try XCTSkipUnless(Thread.isMainThread, "needs the main thread")
        let ran = Atomic(value: false)
        let onMain = Atomic(value: false)
        DispatchQueue.global().async {
            SQueue.mainQueue().dispatch {
                onMain.swap(SQueue.mainQueue().isCurrentQueue())
                ran.swap(true)
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while !ran.with({ $0 }) && Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        XCTAssertTrue(ran.with { $0 })
        XCTAssertTrue(onMain.with { $0 })
    }

    func testGlobalAndWrappedQueuesAreNeverCurrent() {
        XCTAssertTrue(SQueue.concurrentDefaultQueue() === SQueue.concurrentDefaultQueue())
        XCTAssertTrue(SQueue.concurrentBackgroundQueue() === SQueue.concurrentBackgroundQueue())
        let native = DispatchQueue(label: "native")
        let wrapped = SQueue.wrapConcurrentNativeQueue(native)
        XCTAssertTrue(wrapped.nativeQueue === native)
        let results = Atomic<[Bool]>(value: [])
        let done = DispatchSemaphore(value: 0)
        let queues = UncheckedBox([SQueue.concurrentDefaultQueue(), SQueue.concurrentBackgroundQueue(), wrapped])
        for queue in queues.value {
            let box = UncheckedBox(queue)
            queue.nativeQueue.async {
                results.modify { $0 + [box.value.isCurrentQueue()] }
                done.signal()
            }
        }
        for _ in 0..<3 { done.wait() }
        XCTAssertEqual(results.with { $0 }, [false, false, false])
    }

    func testWrappedQueueDispatchAlwaysHops() {
        let native = DispatchQueue(label: "native")
        let wrapped = SQueue.wrapConcurrentNativeQueue(native)
        let recorder = EventLog()
        let done = DispatchSemaphore(value: 0)
        native.sync {
            wrapped.dispatch {
                recorder.add("hopped")
                done.signal()
            }
            recorder.add("caller first")
        }
        done.wait()
        XCTAssertEqual(recorder.events, ["caller first", "hopped"])
    }

    func testVirtualQueueRunsOnlyWhenClockAdvances() {
        let clock = VirtualClock()
        let queue = SQueue(clock.makeQueue())
        let ran = Cell(false)
        let current = Cell(false)
        queue.dispatch {
            ran.value = true
            current.value = queue.isCurrentQueue()
        }
        XCTAssertFalse(ran.value)
        clock.run()
        XCTAssertTrue(ran.value)
        XCTAssertTrue(current.value)
        XCTAssertTrue(queue.executionQueue.virtualClock === clock)
    }

    func testSerialOrderIsPreserved() {
        let clock = VirtualClock()
        let queue = SQueue(clock.makeQueue())
        let order = Cell<[Int]>([])
        for index in 0..<5 {
            queue.dispatch { order.value.append(index) }
        }
        clock.run()
        XCTAssertEqual(order.value, [0, 1, 2, 3, 4])
    }
}
