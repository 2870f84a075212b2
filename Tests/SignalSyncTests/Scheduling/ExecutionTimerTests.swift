import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

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

    private final class Object {}

    func testInvalidateReleasesHandler() {
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

    func testAnInvalidatedRealTimerIsReleasedLongBeforeItsDeadline() {
        let queues = [ExecutionQueue(label: "serial"), ExecutionQueue(wrapping: DispatchQueue(label: "wrapped"))]
        for queue in queues {
            weak var weakTimer: ExecutionTimer?
            weak var weakObject: Object?
            do {
                let timer = ExecutionTimer(timeout: 3600, repeats: false, queue: queue)
                let object = Object()
                weakTimer = timer
                weakObject = object
                timer.start { _ = object }
                timer.invalidate()
            }
            XCTAssertNil(weakObject, "the handler is released by invalidate")
            XCTAssertNil(weakTimer, "the queue's pending deadline no longer holds the timer")
        }
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
