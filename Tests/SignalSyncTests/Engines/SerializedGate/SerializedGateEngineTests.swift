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

    func testTheCallbackFormsGoThroughTheGateAndAnErrorIsTerminal() {
        let gate = SerializedGateEngine()
        let log = EventLog()
        let next: @Sendable (Int) -> Void = gate.delivering { log.add("next \($0)") }
        let error: @Sendable (String) -> Void = gate.terminating { log.add("error \($0)") }
        let completed: @Sendable () -> Void = gate.terminating { log.add("completed") }
        next(1)
        error("e")
        next(2)
        error("again")
        completed()
        XCTAssertEqual(log.events, ["next 1", "error e"])
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
