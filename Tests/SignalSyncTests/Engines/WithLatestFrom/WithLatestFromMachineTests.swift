import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions of `WithLatestFromMachine` alone, with numbered handles.
final class WithLatestFromMachineTests: LeakCheckedTestCase {
    private typealias Machine = WithLatestFromMachine<String, Int>

    private func emitted(_ action: Machine.SourceValueAction) -> String? {
        if case .emit(let latest) = action { return latest }
        return nil
    }

    func testTheSourceTakesTheLatestValueOfTheOther() {
        var machine = Machine()
        XCTAssertNil(emitted(machine.sourceValue()), "nothing before the other's first value")
        guard case .stored(replaced: nil) = machine.otherValue("x") else { return XCTFail("the first value replaces nothing") }
        guard case .stored(replaced: "x") = machine.otherValue("y") else { return XCTFail("the second replaces the first") }
        XCTAssertEqual(emitted(machine.sourceValue()), "y")
        XCTAssertEqual(emitted(machine.sourceValue()), "y")
    }

    func testTheEndDisposesTheOtherFirstAndReleasesTheLatestValue() {
        var machine = Machine()
        _ = machine.attach(2, .source)
        _ = machine.attach(1, .other)
        _ = machine.otherValue("x")
        guard case .end(let end) = machine.end() else { return XCTFail("the first end counts") }
        XCTAssertEqual(end.dispose, [1, 2])
        XCTAssertEqual(end.released, "x")
        if case .ignore = machine.end() {} else { XCTFail("a second end is ignored") }
        if case .drop = machine.otherValue("y") {} else { XCTFail("nothing after the end") }
        XCTAssertNil(emitted(machine.sourceValue()))
        guard case .dispose(3) = machine.attach(3, .source) else { return XCTFail("a late handle is disposed") }
    }
}
