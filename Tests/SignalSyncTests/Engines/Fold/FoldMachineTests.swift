import SignalTestSupport
import XCTest

@testable import SignalSync

/// `FoldMachine` is the serial drain's machine (`SerialDrainMachineTests` reaches every
/// phase): these tests pin the phases a fold goes through, with the events a fold sends.
final class FoldMachineTests: LeakCheckedTestCase {
    func testAValueFoldsAtOnceWhenIdleAndWaitsWhileAnotherIsFolded() {
        var machine = FoldMachine<Int>()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.state, .draining)
        XCTAssertEqual(machine.arrive(.next(2)), .queued)
        guard case .handle(.next(2)) = machine.handled() else { return XCTFail("the waiting value is folded next") }
        guard case .letGo = machine.handled() else { return XCTFail("nothing waits") }
        XCTAssertEqual(machine.state, .idle)
    }

    func testCompletionClosesTheFoldAfterTheValuesBeforeIt() {
        var machine = FoldMachine<Int>()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.arrive(.completed), .queued)
        XCTAssertEqual(machine.state, .closing)
        XCTAssertEqual(machine.arrive(.next(2)), .dropped, "nothing after the completion")
        guard case .handle(.completed) = machine.handled() else { return XCTFail("the completion is handled last") }
        guard case .letGo = machine.handled() else { return XCTFail("the drain lets go") }
        XCTAssertEqual(machine.state, .closed)
    }

    func testAnErrorClosesTheFoldAndDropsTheWaitingValues() {
        var machine = FoldMachine<Int>()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.arrive(.next(2)), .queued)
        guard case .closed(let dropped) = machine.close() else { return XCTFail("the first close closes") }
        XCTAssertEqual(dropped.count, 1)
        guard case .alreadyClosed = machine.close() else { return XCTFail("a second close does nothing") }
    }
}
