import SignalTestSupport
import XCTest

@testable import SignalSync

/// The serial drain's transitions alone, with no threads.
final class SerialDrainMachineTests: LeakCheckedTestCase {
    private typealias Machine = SerialDrainMachine<Int, String>

    private func describe(_ event: Machine.Event) -> String {
        switch event {
        case .next(let value): "next \(value)"
        case .error(let error): "error \(error)"
        case .completed: "completed"
        }
    }

    /// The event a drainer is handed next, or nil when it lets go.
    private func next(_ action: Machine.HandledAction) -> String? {
        guard case .handle(let event) = action else { return nil }
        return describe(event)
    }

    func testHandsTheFirstArrivalToItsThreadAndQueuesTheRestInOrder() {
        var machine = Machine()
        XCTAssertEqual(machine.state, .idle)
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.state, .draining)
        XCTAssertEqual(machine.arrive(.next(2)), .queued)
        XCTAssertEqual(machine.arrive(.completed), .queued)
        XCTAssertEqual(machine.state, .closing, "closed to arrivals; the drainer goes on")
        XCTAssertEqual(machine.arrive(.next(3)), .dropped, "nothing after a terminal event")
        XCTAssertEqual(next(machine.handled()), "next 2")
        XCTAssertEqual(next(machine.handled()), "completed")
        XCTAssertNil(next(machine.handled()))
        XCTAssertEqual(machine.state, .closed)
        XCTAssertEqual(machine.arrive(.next(4)), .dropped)
    }

    func testGoesIdleWhenNothingWaits() {
        var machine = Machine()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertNil(next(machine.handled()))
        XCTAssertEqual(machine.state, .idle)
        XCTAssertEqual(machine.arrive(.next(2)), .handle)
    }

    func testATerminalEventOnAnIdleDrainIsHandledAndCloses() {
        var machine = Machine()
        XCTAssertEqual(machine.arrive(.error("x")), .handle)
        XCTAssertEqual(machine.state, .closing)
        XCTAssertNil(next(machine.handled()))
        XCTAssertEqual(machine.state, .closed)
    }

    func testCloseDuringADrainDropsWaitingEventsAndReportsThatTheDrainWasOpen() {
        var machine = Machine()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.arrive(.next(2)), .queued)
        guard case .closed(let dropped) = machine.close() else { return XCTFail("the drain was open") }
        XCTAssertEqual(dropped.map(describe), ["next 2"])
        XCTAssertEqual(machine.state, .closing)
        guard case .alreadyClosed = machine.close() else { return XCTFail("closed before") }
        XCTAssertNil(next(machine.handled()))
        XCTAssertEqual(machine.state, .closed)
    }

    func testCloseOfAnIdleDrainClosesIt() {
        var machine = Machine()
        guard case .closed(let dropped) = machine.close() else { return XCTFail("the drain was open") }
        XCTAssertTrue(dropped.isEmpty)
        XCTAssertEqual(machine.state, .closed)
        guard case .alreadyClosed = machine.close() else { return XCTFail("closed before") }
        XCTAssertEqual(machine.arrive(.next(1)), .dropped)
    }

    func testCloseAfterATerminalEventReportsTheDrainClosedAndDropsWhatWaits() {
        var machine = Machine()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.arrive(.completed), .queued)
        guard case .alreadyClosed(let dropped) = machine.close() else { return XCTFail("a terminal event arrived first") }
        XCTAssertEqual(dropped.map(describe), ["completed"])
    }

    /// Impossible: only the drainer reports `handled()`, and while it handles the drain is
    /// `.draining` or `.closing`.
    func testAHandledReportWithNoDrainerTraps() throws {
        try assertTraps("SerialDrainMachine: handled() with no drainer (state idle)") {
            var machine = Machine()
            _ = machine.arrive(.next(1))
            _ = machine.handled()
            _ = machine.handled()
        }
    }
}
