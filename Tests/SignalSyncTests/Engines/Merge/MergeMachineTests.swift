import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions of `MergeMachine` alone, with numbered handles.
final class MergeMachineTests: LeakCheckedTestCase {
    private typealias Machine = MergeMachine<Int>

    private func ended(_ action: Machine.TerminalAction) -> [Int]? {
        if case .end(let handles) = action { return handles }
        return nil
    }

    func testTheLastCompletionEndsItWithTheAttachedHandlesInOrder() {
        var machine = Machine(count: 3)
        XCTAssertTrue(machine.isRunning)
        if case .dispose = machine.attach(10, at: 0) { XCTFail("kept while running") }
        if case .dispose = machine.attach(30, at: 2) { XCTFail("kept while running") }
        XCTAssertNil(ended(machine.sourceCompleted()))
        XCTAssertNil(ended(machine.sourceCompleted()))
        XCTAssertEqual(ended(machine.sourceCompleted()), [10, 30], "source 1 never attached")
        XCTAssertFalse(machine.isRunning)
    }

    func testAnErrorEndsItAndLaterEventsAreIgnored() {
        var machine = Machine(count: 2)
        _ = machine.attach(1, at: 0)
        XCTAssertEqual(ended(machine.sourceFailed()), [1])
        if case .ignore = machine.sourceCompleted() {} else { XCTFail("a completion after the end is ignored") }
        if case .ignore = machine.sourceFailed() {} else { XCTFail("a second error is ignored") }
        guard case .dispose(let late) = machine.attach(2, at: 1) else { return XCTFail("a late handle is disposed") }
        XCTAssertEqual(late, 2)
        guard case .none = machine.dispose() else { return XCTFail("nothing left to dispose") }
    }

    func testDisposalHandsOutEveryHandleOnce() {
        var machine = Machine(count: 2)
        _ = machine.attach(1, at: 0)
        _ = machine.attach(2, at: 1)
        guard case .dispose(let handles) = machine.dispose() else { return XCTFail("disposal hands the handles out") }
        XCTAssertEqual(handles, [1, 2])
        guard case .none = machine.dispose() else { return XCTFail("a second disposal does nothing") }
        if case .ignore = machine.sourceCompleted() {} else { XCTFail("nothing after the disposal") }
    }
}
