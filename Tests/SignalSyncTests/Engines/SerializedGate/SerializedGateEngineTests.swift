import Dispatch
import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class SerializedGateEngineTests: LeakCheckedTestCase {
    func testDeliversUntilTheFirstTerminalThenNothing() {
        let gate = SerializedGateEngine()
        var log: [String] = []
        gate.deliver { log.append("a") }
        gate.terminate { log.append("end") }
        gate.deliver { log.append("b") }
        gate.terminate { log.append("end again") }
        XCTAssertEqual(log, ["a", "end"])
    }

    func testCloseDropsLaterDeliveriesAndANestedCloseDoesNotDeadlock() {
        let gate = SerializedGateEngine()
        var log: [String] = []
        gate.deliver {
            log.append("a")
            gate.close()
            gate.deliver { log.append("nested after close") }
        }
        gate.deliver { log.append("b") }
        XCTAssertEqual(log, ["a"])
    }

    func testCloseFromAnotherThreadWaitsForTheDeliveryInProgress() {
        let gate = SerializedGateEngine()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let closed = DispatchSemaphore(value: 0)
        Thread {
            gate.deliver {
                entered.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }.start()
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success, "watchdog")
        Thread {
            gate.close()
            closed.signal()
        }.start()
        XCTAssertEqual(closed.wait(timeout: .now() + 0.2), .timedOut, "close() waits")
        release.signal()
        XCTAssertEqual(closed.wait(timeout: .now() + 30), .success, "watchdog")
    }
}
