import XCTest

@testable import SignalSync

final class OnceActionMachineTests: XCTestCase {
    func testTheFirstDisposeHandsTheActionOutThenNothing() {
        var runs = 0
        var machine = OnceActionMachine(action: { runs += 1 })
        guard case .run(let action) = machine.dispose() else { return XCTFail("the first dispose runs the action") }
        guard case .spent = machine.state else { return XCTFail("spent after the first dispose") }
        guard case .none = machine.dispose() else { return XCTFail("a second dispose does nothing") }
        XCTAssertEqual(runs, 0, "the machine never runs the action itself")
        action()
        XCTAssertEqual(runs, 1)
    }

    func testANilActionStartsSpent() {
        var machine = OnceActionMachine(action: nil)
        guard case .spent = machine.state else { return XCTFail("a nil action starts spent") }
        guard case .none = machine.dispose() else { return XCTFail("nothing to run") }
    }
}
