import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone: no timer, no queue; each action says what the engine will do.
final class DebounceMachineTests: LeakCheckedTestCase {
    private typealias Machine = DebounceMachine<Int>

    private func armed(_ action: Machine.NextAction) -> Int?? {
        if case .arm(let replaced) = action { return .some(replaced) }
        return nil
    }

    private func emitted(_ action: Machine.FireAction) -> Int? {
        if case .emit(let value) = action { return value }
        return nil
    }

    private func stopped(_ action: Machine.StopAction) -> Int?? {
        if case .stop(let dropped) = action { return .some(dropped) }
        return nil
    }

    func testEachValueReplacesThePendingOneAndTheFireEmitsTheLatest() {
        var machine = Machine()
        XCTAssertEqual(armed(machine.next(1)), .some(nil))
        XCTAssertEqual(armed(machine.next(2)), .some(1), "the replaced value is released")
        XCTAssertEqual(emitted(machine.fire()), 2)
        guard case .ignore = machine.fire() else { return XCTFail("a late fire (concurrent queue): nothing pending") }
        XCTAssertEqual(armed(machine.next(3)), .some(nil), "after an emission, a new wait")
        XCTAssertEqual(emitted(machine.fire()), 3)
    }

    func testCompletionFlushesThePendingValue() {
        var machine = Machine()
        _ = machine.next(1)
        guard case .flush(let value) = machine.complete() else { return XCTFail("flushed") }
        XCTAssertEqual(value, 1)
        XCTAssertTrue(machine.isFinished)
        guard case .ignore = machine.fire() else { return XCTFail("a late fire does nothing") }
        guard case .ignore = machine.dispose() else { return XCTFail("the disposal after the end stops nothing") }
    }

    func testCompletionWithNothingPendingWaitsForOneMoreFire() {
        var machine = Machine()
        guard case .arm = machine.complete() else { return XCTFail("armed") }
        XCTAssertFalse(machine.isFinished)
        guard case .complete = machine.fire() else { return XCTFail("completes") }
        XCTAssertTrue(machine.isFinished)
        guard case .ignore = machine.fire() else { return XCTFail("a late fire does nothing") }
    }

    func testAnErrorDropsThePendingValue() {
        var machine = Machine()
        _ = machine.next(1)
        XCTAssertEqual(stopped(machine.fail()), .some(1))
        XCTAssertTrue(machine.isFinished)
        guard case .ignore = machine.fire() else { return XCTFail("nothing fires after the error") }
        guard case .ignore = machine.dispose() else { return XCTFail("the disposal after the error stops nothing") }
    }

    /// A disposal may come from any thread: the source's events and the timer's fires
    /// still on their way are ignored, whatever they are.
    func testAfterADisposalEveryLateEventIsIgnored() {
        var machine = Machine()
        _ = machine.next(1)
        XCTAssertEqual(stopped(machine.dispose()), .some(1))
        XCTAssertTrue(machine.isFinished)
        guard case .ignore = machine.next(2) else { return XCTFail("a late value") }
        guard case .ignore = machine.fire() else { return XCTFail("a late fire") }
        guard case .ignore = machine.complete() else { return XCTFail("a late completion") }
        guard case .ignore = machine.fail() else { return XCTFail("a late error") }
        guard case .ignore = machine.dispose() else { return XCTFail("only the first disposal counts") }
    }

    func testADisposalWhileTheCompletionWaitsStopsTheTimer() {
        var machine = Machine()
        _ = machine.complete()
        XCTAssertEqual(stopped(machine.dispose()), .some(nil))
        guard case .ignore = machine.fire() else { return XCTFail("a late fire does not complete") }
    }

    // Impossible transitions: the source's events come one at a time through `deliverOn`,
    // and none follows its own terminal event.

    func testAValueAfterTheSourcesTerminalEventTraps() throws {
        try assertTraps("DebounceMachine: next(_:) after the source's terminal event (state completing)") {
            var machine = Machine()
            _ = machine.complete()
            _ = machine.next(1)
        }
    }

    func testACompletionAfterTheSourcesTerminalEventTraps() throws {
        try assertTraps("DebounceMachine: complete() after the source's terminal event (state ended)") {
            var machine = Machine()
            _ = machine.next(1)
            _ = machine.fail()
            _ = machine.complete()
        }
    }

    func testAnErrorAfterTheSourcesTerminalEventTraps() throws {
        try assertTraps("DebounceMachine: fail() after the source's terminal event (state ended)") {
            var machine = Machine()
            _ = machine.next(1)
            _ = machine.complete()
            _ = machine.fail()
        }
    }
}
