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
        let log = EngineLog()
        let gate = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }  // holds the queue while the turns are put
        let hop = SerialHop<Int>(queue: queue) { log.append("event \($0)") }
        hop.send(1)
        queue.async { log.append("async") }
        hop.send(2)
        queue.after(0) { log.append("after") }
        Thread.sleep(forTimeInterval: 0.05)  // lets the deadline pass; the order holds either way
        hop.send(3)
        gate.signal()
        queue.sync { log.append("sync") }
        let entries = log.entries
        XCTAssertEqual(entries.filter { !$0.hasPrefix("after") }, ["event 1", "async", "event 2", "event 3", "sync"])
        XCTAssertTrue(entries.contains("after"))
    }

    func testATimerFiresInItsTurnAfterWorkPutBeforeItsDeadline() {
        let queue = ExecutionQueue(label: "timer line")
        let log = EngineLog()
        let gate = DispatchSemaphore(value: 0)
        let fired = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }
        queue.async { log.append("before deadline") }
        let timer = ExecutionTimer(timeout: 0, repeats: false, queue: queue)
        timer.start {
            log.append("timer")
            fired.signal()
        }
        XCTAssertEqual(fired.wait(timeout: .now() + 0.2), .timedOut, "the queue is held")
        gate.signal()
        XCTAssertEqual(fired.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(log.entries, ["before deadline", "timer"])
    }

    func testSyncRunsTheWorkOnTheCallingThreadInItsTurn() {
        let queue = ExecutionQueue(label: "sync turn")
        let log = EngineLog()
        let gate = DispatchSemaphore(value: 0)
        queue.justDispatch { gate.wait() }
        queue.justDispatch { log.append("before") }
        let caller = pthread_self()
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 0.02)  // lets the caller reach `sync`; the order holds either way
            gate.signal()
        }
        queue.sync {
            log.append("sync on caller: \(pthread_equal(caller, pthread_self()) != 0), current: \(queue.isCurrent)")
        }
        queue.sync {}
        XCTAssertEqual(log.entries, ["before", "sync on caller: true, current: true"])
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
