import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions a value cell adds to the hub machine (read, clear, push only if no push
/// came in between), alone, with no thread: subscribers are strings.
final class ValueCellMachineTests: LeakCheckedTestCase {
    private typealias Machine = ValueCellMachine<Int, String>

    private func targets(_ action: Machine.ConditionalPushAction) -> [String]? {
        switch action {
        case .push(.deliver(let targets, _)): return targets
        case .push(.deliverThenEnd(_, let targets, _, _)): return targets
        case .superseded: return nil
        }
    }

    private func cleared(_ action: Machine.ClearAction) -> Int? {
        guard case .release(let held) = action else { return nil }
        return held.value
    }

    func testAnEmptyCellHoldsNothingUntilItsFirstPush() {
        var machine = Machine(.empty)
        XCTAssertNil(machine.reading.value)
        XCTAssertEqual(machine.reading.sequence, 0)
        _ = machine.push(7)
        XCTAssertEqual(machine.reading.value, 7)
        XCTAssertEqual(machine.reading.sequence, 1, "each push counts")
    }

    func testClearStopsTheReplayAndHandsTheValueOutForRelease() {
        var machine = Machine(.holding(3))
        XCTAssertEqual(cleared(machine.clear()), 3, "released by the storage outside the lock")
        XCTAssertNil(machine.reading.value)
        XCTAssertNil(cleared(machine.clear()), "nothing left to clear")
        guard case .added = machine.add("late") else { return XCTFail("an empty cell replays nothing") }
    }

    func testAConditionalPushLandsOnlyWhenNoPushCameInBetween() {
        var machine = Machine(.empty)
        _ = machine.add("a")  // nothing to replay yet: live at once
        _ = machine.push(1)
        let seen = machine.reading.sequence
        XCTAssertEqual(targets(machine.push(2, ifSequence: seen)), ["a"])
        XCTAssertEqual(machine.reading.value, 2)
        XCTAssertNil(targets(machine.push(3, ifSequence: seen)), "a push came in between: compare again")
        XCTAssertEqual(machine.reading.value, 2, "the refused value changed nothing")
    }

    func testASilentHubIsNoCell() {
        var machine = Machine(.silent)
        _ = machine.push(1)
        XCTAssertNil(machine.reading.value, "a pipe without replay holds no value")
        XCTAssertNil(cleared(machine.clear()))
    }
}
