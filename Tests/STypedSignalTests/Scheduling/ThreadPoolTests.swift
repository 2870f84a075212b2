import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

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
