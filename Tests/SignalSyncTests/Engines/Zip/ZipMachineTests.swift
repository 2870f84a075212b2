import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions of `ZipMachine` alone, with numbered handles.
final class ZipMachineTests: LeakCheckedTestCase {
    private typealias Machine = ZipMachine<String, Int>

    private func row(_ action: Machine.ValueAction) -> (row: [String], ends: Bool)? {
        if case .emit(let row, let end) = action { return (row, end != nil) }
        return nil
    }

    func testRowsTakeTheOldestValueOfEachSource() {
        var machine = Machine(count: 2)
        if case .buffered = machine.receive("a1", at: 0) {} else { XCTFail("waits for b") }
        if case .buffered = machine.receive("a2", at: 0) {} else { XCTFail("waits for b") }
        XCTAssertEqual(row(machine.receive("b1", at: 1))?.row, ["a1", "b1"])
        XCTAssertEqual(row(machine.receive("b2", at: 1))?.row, ["a2", "b2"])
        if case .buffered = machine.receive("b3", at: 1) {} else { XCTFail("waits for a") }
        guard case .running(let running) = machine.state else { return XCTFail("still running") }
        XCTAssertEqual(running.buffers.map(\.count), [0, 1])
    }

    func testACompletedSourceEndsItWhenItsLastValueIsPaired() {
        var machine = Machine(count: 2)
        _ = machine.attach(1, at: 0)
        _ = machine.attach(2, at: 1)
        _ = machine.receive("a1", at: 0)
        _ = machine.receive("a2", at: 0)
        if case .wait = machine.sourceCompleted(at: 0) {} else { XCTFail("two values of a still wait") }
        XCTAssertEqual(row(machine.receive("b1", at: 1))?.ends, false)
        guard case .emit(let last, let end?) = machine.receive("b2", at: 1) else { return XCTFail("the row that uses a up ends it") }
        XCTAssertEqual(last, ["a2", "b2"])
        XCTAssertEqual(end.dispose, [1, 2])
        if case .drop = machine.receive("b3", at: 1) {} else { XCTFail("nothing after the end") }
    }

    func testACompletionWithNothingWaitingEndsItAndReleasesTheOthersValues() {
        var machine = Machine(count: 2)
        _ = machine.receive("a1", at: 0)
        guard case .end(let end) = machine.sourceCompleted(at: 1) else { return XCTFail("b has nothing waiting") }
        XCTAssertEqual(end.released.map(\.count), [1, 0], "a's unpaired value goes with the end")
        XCTAssertFalse(machine.isRunning)
        guard case .dispose(let late) = machine.attach(2, at: 1) else { return XCTFail("a late handle is disposed") }
        XCTAssertEqual(late, 2)
    }

    func testAnErrorOrADisposalEndsItOnce() {
        var failing = Machine(count: 2)
        guard case .end = failing.sourceFailed() else { return XCTFail("the first error ends it") }
        if case .ignore = failing.sourceFailed() {} else { XCTFail("a second error is ignored") }
        var disposed = Machine(count: 2)
        _ = disposed.attach(7, at: 0)
        guard case .end(let end) = disposed.dispose() else { return XCTFail("disposal ends it") }
        XCTAssertEqual(end.dispose, [7])
        guard case .none = disposed.dispose() else { return XCTFail("a second disposal does nothing") }
    }
}
