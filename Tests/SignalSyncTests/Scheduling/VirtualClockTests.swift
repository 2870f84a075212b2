import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

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
