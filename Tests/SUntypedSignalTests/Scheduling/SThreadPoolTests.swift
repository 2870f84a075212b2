import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SThreadPoolTests: LeakCheckedTestCase {
    func testDefaults() {
        let pool = SThreadPool()
        XCTAssertEqual(pool.threadCount, 2)
        XCTAssertEqual(pool.threadPriority, 0.5)
    }

    func testBadThreadCountAndPriorityAreClamped() {
        let pool = SThreadPool(threadCount: 0, threadPriority: 7)
        XCTAssertEqual(pool.threadCount, 1)
        XCTAssertEqual(pool.threadPriority, 1)
        let done = DispatchSemaphore(value: 0)
        pool.addTask(SThreadPoolTask { _ in done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "a pool with a bad count still runs work")
    }

    func testIndependentTasksRunConcurrently() {
        let pool = SThreadPoolQueueTests.pool
        let bothRunning = DispatchSemaphore(value: 0)
        let arrived = Counter()
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            pool.addTask(
                SThreadPoolTask { _ in
                    if arrived.increment() == 2 { bothRunning.signal() }
                    _ = release.wait(timeout: .now() + 10)
                })
        }
        XCTAssertEqual(bothRunning.wait(timeout: .now() + 10), .success, "two addTask tasks overlap")
        release.signal()
        release.signal()
    }

    func testNextQueueReturnsAFreshLane() {
        let pool = SThreadPoolQueueTests.pool
        let first = pool.nextQueue()
        let second = pool.nextQueue()
        XCTAssertFalse(first === second)
        XCTAssertTrue(first.threadPool === pool)
    }

    func testWorkOnQueueRunsBlockThenGivesTheLaneATurn() {
        let pool = SThreadPoolQueueTests.pool
        let lane = pool.nextQueue()
        let done = DispatchSemaphore(value: 0)
        var blockRan = false
        pool.workOnQueue(lane) {
            blockRan = true
        }
        XCTAssertTrue(blockRan, "the block runs synchronously")
        lane.addTask(SThreadPoolTask { _ in done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }

    func testCancelBeforeRunSkipsTask() {
        let pool = SThreadPoolQueueTests.pool
        let lane = pool.nextQueue()
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let ran = Atomic(value: false)
        lane.addTask(SThreadPoolTask { _ in gate.wait() })
        let task = SThreadPoolTask { _ in ran.swap(true) }
        lane.addTask(task)
        lane.addTask(SThreadPoolTask { _ in done.signal() })
        task.cancel()
        gate.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertFalse(ran.with { $0 })
    }
}
