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

    func testEachValueReplacesThePendingOneAndTheFireEmitsTheLatest() {
        var machine = Machine()
        XCTAssertEqual(armed(machine.next(1)), .some(nil))
        XCTAssertEqual(armed(machine.next(2)), .some(1), "the replaced value is released")
        XCTAssertEqual(emitted(machine.fire()), 2)
        guard case .ignore = machine.fire() else { return XCTFail("nothing pending") }
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
        guard case .ignore = machine.next(2) else { return XCTFail("finished") }
    }

    func testCompletionWithNothingPendingWaitsForOneMoreFire() {
        var machine = Machine()
        guard case .arm = machine.complete() else { return XCTFail("armed") }
        guard case .ignore = machine.next(1) else { return XCTFail("values after the completion are ignored") }
        guard case .complete = machine.fire() else { return XCTFail("completes") }
        XCTAssertTrue(machine.isFinished)
    }

    func testStopDropsThePendingValueOnce() {
        var machine = Machine()
        _ = machine.next(1)
        guard case .stop(let dropped) = machine.stop() else { return XCTFail("stopped") }
        XCTAssertEqual(dropped, 1)
        guard case .ignore = machine.stop() else { return XCTFail("only the first stop counts") }
        guard case .ignore = machine.fire() else { return XCTFail("nothing fires after a stop") }
        guard case .ignore = machine.complete() else { return XCTFail("nothing completes after a stop") }
    }
}
