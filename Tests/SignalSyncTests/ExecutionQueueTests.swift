import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ExecutionQueueTests: LeakCheckedTestCase {
    func testSerialQueueCurrentAlsoInTargetingQueue() {
        let queue = ExecutionQueue(label: "target")
        let child = DispatchQueue(label: "child", target: queue.dispatchQueue)
        var current = false
        child.sync { current = queue.isCurrent }
        XCTAssertTrue(current)
    }

    func testSyncRunsInlineWhenCurrent() {
        let queue = ExecutionQueue()
        var order: [String] = []
        queue.sync {
            queue.sync { order.append("nested") }
            order.append("outer")
        }
        XCTAssertEqual(order, ["nested", "outer"])
    }

    func testIntervalClampsBadInput() {
        XCTAssertEqual(ExecutionQueue.interval(-1), .nanoseconds(0))
        XCTAssertEqual(ExecutionQueue.interval(.nan), .nanoseconds(0))
        XCTAssertEqual(ExecutionQueue.interval(.infinity), .never)
        XCTAssertEqual(ExecutionQueue.interval(0.5), .nanoseconds(500_000_000))
    }

    func testRealAfterFires() {
        let queue = ExecutionQueue()
        let fired = expectation(description: "fired")
        queue.after(0.01) {
            XCTAssertTrue(queue.isCurrent)
            fired.fulfill()
        }
        wait(for: [fired], timeout: 10)
    }
}

final class VirtualClockTests: LeakCheckedTestCase {
    func testNothingRunsUntilAdvanced() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        var ran = false
        queue.async { ran = true }
        XCTAssertFalse(ran)
        XCTAssertEqual(clock.pendingCount, 1)
        clock.run()
        XCTAssertTrue(ran)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testDeadlineOrderFifoAmongEqualAndTimeSteps() {
        let clock = VirtualClock(now: 100)
        let queue = clock.makeQueue()
        var log: [String] = []
        queue.after(2) { log.append("b@\(clock.now)") }
        queue.after(1) { log.append("a1@\(clock.now)") }
        queue.after(1) { log.append("a2@\(clock.now)") }
        XCTAssertEqual(clock.nextDeadline, 101)
        clock.advance(by: 5)
        XCTAssertEqual(log, ["a1@101.0", "a2@101.0", "b@102.0"])
        XCTAssertEqual(clock.now, 105)
    }

    func testWorkScheduledWhileRunningIsRunIfDue() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        var log: [String] = []
        queue.after(1) {
            log.append("first")
            queue.after(1) { log.append("second") }
            queue.justDispatch { log.append("now") }
        }
        clock.advance(by: 3)
        XCTAssertEqual(log, ["first", "now", "second"])
    }

    func testQueueIsCurrentOnlyWhileItsWorkRuns() {
        let clock = VirtualClock()
        let a = clock.makeQueue(label: "a")
        let b = clock.makeQueue(label: "b")
        var observations: [Bool] = []
        a.async {
            observations.append(a.isCurrent)
            observations.append(b.isCurrent)
            b.sync { observations.append(b.isCurrent) }
            observations.append(a.isCurrent)
        }
        clock.run()
        XCTAssertEqual(observations, [true, false, true, true])
        XCTAssertFalse(a.isCurrent)
    }

    func testNegativeAdvanceDoesNotGoBack() {
        let clock = VirtualClock(now: 5)
        clock.advance(by: -3)
        clock.advance(to: 1)
        XCTAssertEqual(clock.now, 5)
    }
}

final class ExecutionTimerTests: LeakCheckedTestCase {
    func testOneShotFiresOnceThenDisarms() {
        let clock = VirtualClock()
        let timer = ExecutionTimer(timeout: 1, repeats: false, queue: clock.makeQueue())
        var fires = 0
        timer.start { fires += 1 }
        XCTAssertTrue(timer.isArmed)
        clock.advance(by: 0.99)
        XCTAssertEqual(fires, 0)
        clock.advance(by: 5)
        XCTAssertEqual(fires, 1)
        XCTAssertFalse(timer.isArmed)
    }

    func testRepeatingFiresEveryPeriodUntilInvalidated() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let timer = ExecutionTimer(timeout: 1, repeats: true, queue: queue)
        var fires: [Double] = []
        timer.start { fires.append(clock.now) }
        clock.advance(by: 3.5)
        timer.invalidate()
        clock.advance(by: 3)
        XCTAssertEqual(fires, [1, 2, 3])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testRestartReplacesEarlierArming() {
        let clock = VirtualClock()
        let timer = ExecutionTimer(timeout: 2, repeats: false, queue: clock.makeQueue())
        var fires: [Double] = []
        timer.start { fires.append(clock.now) }
        clock.advance(by: 1)
        timer.start { fires.append(clock.now) }
        clock.advance(by: 5)
        XCTAssertEqual(fires, [3])
    }

    func testRestartFromInsideHandlerIsKept() {
        let clock = VirtualClock()
        let timer = ExecutionTimer(timeout: 1, repeats: false, queue: clock.makeQueue())
        var fires = 0
        func arm() {
            timer.start {
                fires += 1
                if fires < 3 { arm() }
            }
        }
        arm()
        clock.advance(by: 10)
        XCTAssertEqual(fires, 3)
    }

    func testInvalidateReleasesHandler() {
        final class Object {}
        weak var weakObject: Object?
        let clock = VirtualClock()
        let timer = ExecutionTimer(timeout: 1, repeats: true, queue: clock.makeQueue())
        do {
            let object = Object()
            weakObject = object
            timer.start { _ = object }
        }
        XCTAssertNotNil(weakObject)
        timer.invalidate()
        timer.invalidate()
        XCTAssertNil(weakObject)
    }

    func testZeroPeriodRepeatingTimerCannotSpin() {
        let clock = VirtualClock()
        let timer = ExecutionTimer(timeout: -1, repeats: true, queue: clock.makeQueue())
        var fires = 0
        timer.start { fires += 1 }
        clock.advance(by: 0.0105)
        timer.invalidate()
        XCTAssertEqual(timer.timeout, 0)
        XCTAssertEqual(fires, 11)  // at 0, then every minimum interval (1 ms) up to 10 ms
    }

    func testRealTimerFiresOnQueue() {
        let queue = ExecutionQueue()
        let timer = ExecutionTimer(timeout: 0.01, repeats: false, queue: queue)
        let fired = expectation(description: "fired")
        timer.start {
            XCTAssertTrue(queue.isCurrent)
            fired.fulfill()
        }
        wait(for: [fired], timeout: 10)
    }
}

final class WorkerPoolTests: LeakCheckedTestCase {
    func testLanesAreFairAndSerial() {
        let pool = WorkerPool(threadCount: 2)
        XCTAssertEqual(pool.threadCount, 2)
        let lanes = (0..<4).map { _ in pool.makeLane() }
        let done = DispatchGroup()
        final class Log: @unchecked Sendable {
            let mutex = PosixLock()
            var perLane: [[Int]] = Array(repeating: [], count: 4)
        }
        let log = Log()
        for index in 0..<400 {
            done.enter()
            let lane = index % 4
            lanes[lane].add {
                log.mutex.withLock { log.perLane[lane].append(index) }
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        for lane in 0..<4 {
            XCTAssertEqual(log.perLane[lane], Array(stride(from: lane, to: 400, by: 4)))
        }
    }

    func testPriorityIsClamped() {
        XCTAssertEqual(WorkerPool(threadCount: 1, priority: 7).priority, 1)
        XCTAssertEqual(WorkerPool(threadCount: -2, priority: .nan).threadCount, 1)
    }
}
