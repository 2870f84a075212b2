import SignalTestSupport
import XCTest

@testable import SignalSync

final class PublicationMachineTests: LeakCheckedTestCase {
    typealias Machine = PublicationMachine<String>

    func testNothingHeldIsIdle() {
        var machine = Machine()
        guard case .idle = machine.next(previousEpochIsEmpty: true) else { return XCTFail("expected idle") }
        XCTAssertEqual(machine.heldCount, 0)
    }

    func testARetiredValueWaitsForTheEpochToAdvance() {
        var machine = Machine()
        machine.retire("a")
        guard case .advance = machine.next(previousEpochIsEmpty: false) else { return XCTFail("expected advance") }
        XCTAssertEqual(machine.heldCount, 1)
    }

    func testAfterTheAdvanceItDrainsAndIsReleasedOnceThePreviousEpochIsEmpty() {
        var machine = Machine()
        machine.retire("a")
        machine.retire("b")
        machine.advanced()
        guard case .awaitPreviousEpoch = machine.next(previousEpochIsEmpty: false) else {
            return XCTFail("expected to wait for the readers of the previous epoch")
        }
        guard case .release(let released) = machine.next(previousEpochIsEmpty: true) else {
            return XCTFail("expected a release")
        }
        XCTAssertEqual(released, ["a", "b"])
        guard case .idle = machine.next(previousEpochIsEmpty: true) else { return XCTFail("expected idle") }
    }

    func testValuesRetiredWhileOthersDrainWaitForTheNextAdvance() {
        var machine = Machine()
        machine.retire("a")
        machine.advanced()
        machine.retire("b")
        XCTAssertEqual(machine.heldCount, 2)
        guard case .release(let released) = machine.next(previousEpochIsEmpty: true) else {
            return XCTFail("expected a release")
        }
        XCTAssertEqual(released, ["a"], "b may still be held by readers of both epochs")
        guard case .advance = machine.next(previousEpochIsEmpty: true) else { return XCTFail("expected advance") }
        machine.advanced()
        guard case .release(let later) = machine.next(previousEpochIsEmpty: true) else {
            return XCTFail("expected a release")
        }
        XCTAssertEqual(later, ["b"])
    }

    /// Impossible: the engine reports an advance only right after `next` asked for one, so
    /// never with nothing waiting.
    func testAnAdvanceNobodyAskedForTraps() throws {
        try assertTraps("PublicationMachine: advanced() without an .advance step (state clear)") {
            var machine = Machine()
            machine.advanced()
        }
    }
}
