import XCTest

@testable import SignalSync

final class SerializedGateMachineTests: XCTestCase {
    func testDeliversWhileOpen() {
        var machine = SerializedGateMachine()
        XCTAssertEqual(machine.deliver(), .deliver)
        XCTAssertEqual(machine.deliver(), .deliver)
        XCTAssertEqual(machine.state, .open)
    }

    func testTheFirstTerminalIsDeliveredAndClosesTheGate() {
        var machine = SerializedGateMachine()
        XCTAssertEqual(machine.terminate(), .deliver)
        XCTAssertEqual(machine.state, .closed)
        XCTAssertEqual(machine.terminate(), .drop)
        XCTAssertEqual(machine.deliver(), .drop)
    }

    func testCloseDropsEverythingAfter() {
        var machine = SerializedGateMachine()
        machine.close()
        XCTAssertEqual(machine.state, .closed)
        XCTAssertEqual(machine.deliver(), .drop)
        XCTAssertEqual(machine.terminate(), .drop)
        machine.close()
        XCTAssertEqual(machine.state, .closed)
    }
}
