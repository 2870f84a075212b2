import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SThreadPoolQueueTests: LeakCheckedTestCase {
    static let pool = SThreadPool(threadCount: 3)

    func testTasksOnOneLaneRunInOrderWithoutOverlap() {
        let lane = SThreadPoolQueue(threadPool: Self.pool)
        XCTAssertTrue(lane.threadPool === Self.pool)
        let recorder = EventLog()
        let running = Counter()
        let overlaps = Counter()
        let done = DispatchSemaphore(value: 0)
        for index in 0..<50 {
            lane.addTask(
                SThreadPoolTask { _ in
                    if running.increment() > 1 { overlaps.increment() }
                    recorder.add("\(index)")
                    usleep(50)
                    _ = running.decrement()
                    if index == 49 { done.signal() }
                })
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(recorder.events, (0..<50).map { "\($0)" })
        XCTAssertEqual(overlaps.value, 0)
    }

    func testRunsOnPoolThreads() {
        let lane = Self.pool.nextQueue()
        let inPool = DispatchSemaphore(value: 0)
        let result = Atomic(value: false)
        lane.addTask(
            SThreadPoolTask { _ in
                result.swap(Self.pool.isCurrentThreadInPool())
                inPool.signal()
            })
        XCTAssertEqual(inPool.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(result.with { $0 })
        XCTAssertFalse(Self.pool.isCurrentThreadInPool())
    }

    func testPopFirstTaskTakesAWaitingTaskOut() {
        let lane = Self.pool.nextQueue()
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let secondRan = Atomic(value: false)
        lane.addTask(
            SThreadPoolTask { _ in
                started.signal()
                gate.wait()
            })
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        let second = SThreadPoolTask { _ in secondRan.swap(true) }
        lane.addTask(second)
        lane.addTask(SThreadPoolTask { _ in finished.signal() })
        XCTAssertTrue(lane.hasTasks)
        let popped = lane.popFirstTask()
        XCTAssertTrue(popped === second)
        gate.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertFalse(secondRan.with { $0 }, "a popped task does not run unless executed")
        XCTAssertFalse(lane.hasTasks)
        XCTAssertNil(lane.popFirstTask())
    }

    func testCancelledTaskKeepsItsTurnButDoesNothing() {
        let lane = Self.pool.nextQueue()
        let recorder = EventLog()
        let done = DispatchSemaphore(value: 0)
        let cancelled = SThreadPoolTask { _ in recorder.add("cancelled ran") }
        cancelled.cancel()
        lane.addTask(SThreadPoolTask { _ in recorder.add("first") })
        lane.addTask(cancelled)
        lane.addTask(
            SThreadPoolTask { _ in
                recorder.add("third")
                done.signal()
            })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(recorder.events, ["first", "third"])
    }
}

extension Counter {
    @discardableResult
    func decrement() -> Int {
        increment(by: -1)
    }
}
