import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions a value cell adds to the hub machine (read, clear, push only if no push
/// came in between), alone, with no thread: subscribers are strings.
final class ValueCellMachineTests: LeakCheckedTestCase {
    private typealias Machine = PipeHubMachine<Int, String>

    private func targets(_ action: Machine.PushAction?) -> [String]? {
        switch action {
        case .deliver(let targets, _)?: return targets
        case .deliverThenEnd(_, let targets, _, _)?: return targets
        case nil: return nil
        }
    }

    func testAnEmptyCellHoldsNothingUntilItsFirstPush() {
        var machine = Machine(.empty)
        XCTAssertNil(machine.current.value)
        XCTAssertEqual(machine.current.sequence, 0)
        _ = machine.push(7)
        XCTAssertEqual(machine.current.value, 7)
        XCTAssertEqual(machine.current.sequence, 1, "each push counts")
    }

    func testClearStopsTheReplayAndHandsTheValueOutForRelease() {
        var machine = Machine(.holding(3))
        XCTAssertEqual(machine.clear(), 3, "released by the storage outside the lock")
        XCTAssertNil(machine.current.value)
        XCTAssertNil(machine.clear(), "nothing left to clear")
        guard case .added = machine.add("late") else { return XCTFail("an empty cell replays nothing") }
    }

    func testAConditionalPushLandsOnlyWhenNoPushCameInBetween() {
        var machine = Machine(.empty)
        _ = machine.add("a")  // nothing to replay yet: live at once
        _ = machine.push(1)
        let seen = machine.current.sequence
        XCTAssertEqual(targets(machine.push(2, ifSequence: seen)), ["a"])
        XCTAssertEqual(machine.current.value, 2)
        XCTAssertNil(machine.push(3, ifSequence: seen), "a push came in between: compare again")
        XCTAssertEqual(machine.current.value, 2, "the refused value changed nothing")
    }

    func testASilentHubIsNoCell() {
        var machine = Machine(.silent)
        _ = machine.push(1)
        XCTAssertNil(machine.current.value, "a pipe without replay holds no value")
        XCTAssertNil(machine.clear())
    }
}
