import Dispatch
import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// A queue's line over real and virtual queues: everything the library puts on a serial
/// queue runs in the order it was put there.
final class QueueLineEngineTests: LeakCheckedTestCase {
    func testAsyncSyncAndDeliverOnEventsRunInPutOrderOnASerialQueue() {
        let queue = ExecutionQueue(label: "line")
        let log = EventLog()
        let gate = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }  // holds the queue while the turns are put
        let hop = SerialHop<Int>(queue: queue) { log.add("event \($0)") }
        hop.send(1)
        queue.async { log.add("async") }
        hop.send(2)
        queue.after(0) { log.add("after") }
        Thread.sleep(forTimeInterval: 0.05)  // lets the deadline pass; the order holds either way
        hop.send(3)
        gate.signal()
        queue.sync { log.add("sync") }
        let entries = log.events
        XCTAssertEqual(entries.filter { !$0.hasPrefix("after") }, ["event 1", "async", "event 2", "event 3", "sync"])
        XCTAssertTrue(entries.contains("after"))
    }

    func testATimerFiresInItsTurnAfterWorkPutBeforeItsDeadline() {
        let queue = ExecutionQueue(label: "timer line")
        let log = EventLog()
        let gate = DispatchSemaphore(value: 0)
        let fired = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }
        queue.async { log.add("before deadline") }
        let timer = ExecutionTimer(timeout: 0, repeats: false, queue: queue)
        timer.start {
            log.add("timer")
            fired.signal()
        }
        XCTAssertEqual(fired.wait(timeout: .now() + 0.2), .timedOut, "the queue is held")
        gate.signal()
        XCTAssertEqual(fired.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(log.events, ["before deadline", "timer"])
    }

    func testSyncRunsTheWorkOnTheCallingThreadInItsTurn() {
        let queue = ExecutionQueue(label: "sync turn")
        let log = EventLog()
        let gate = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }
        queue.justDispatch { log.add("before") }
        let caller = pthread_self()
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 0.02)  // lets the caller reach `sync`; the order holds either way
            gate.signal()
        }
        queue.sync {
            log.add("sync on caller: \(pthread_equal(caller, pthread_self()) != 0), current: \(queue.isCurrent)")
        }
        queue.sync {}
        XCTAssertEqual(log.events, ["before", "sync on caller: true, current: true"])
    }

    func testSyncFromManyThreadsRunsEachCallersWorkOnTheQueue() {
        let queue = ExecutionQueue(label: "sync line")
        let count = LockedState(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                queue.sync {
                    XCTAssertTrue(queue.isCurrent)
                    count.withLock { $0 += 1 }
                }
            }
        }
        XCTAssertEqual(count.withLock { $0 }, 1600)
    }
}
