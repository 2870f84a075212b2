import SignalTestSupport
import XCTest

@testable import SignalSync

/// The per-subscription buffer of `deliverOn`, driven with no threads.
final class SerialHopMachineTests: XCTestCase {
    private typealias Machine = SerialHopMachine<Int, String>

    func testEventsJoinTheNewestTurnWhileNothingElseIsPutOnTheLine() {
        var machine = Machine()
        XCTAssertEqual(machine.offer(1, linePuts: 0), .putTurn(segment: 0))
        XCTAssertEqual(machine.offer(2, linePuts: 1), .putTurn(segment: 1), "its turn was not reported yet")
        machine.turnPut(segment: 1, linePuts: 2)
        machine.turnPut(segment: 0, linePuts: 1)  // late: segment 0 is no longer the newest
        XCTAssertEqual(machine.offer(3, linePuts: 2), .joinedSegment)
        XCTAssertEqual(machine.offerTerminal("end", linePuts: 2), .joinedSegment)
        XCTAssertEqual(machine.offer(4, linePuts: 2), .drop, "a value sent on another thread races the terminal event")
        assertDeliver(machine.takeTurn(), [1], nil)
        assertDeliver(machine.takeTurn(), [2, 3], "end")
        guard case .ended = machine.state else { return XCTFail("\(machine.state)") }
        guard case .nothing = machine.takeMore(of: 1) else { return XCTFail("nothing is left") }
    }

    func testAPutAfterTheNewestTurnStartsANewSegment() {
        var machine = Machine()
        XCTAssertEqual(machine.offer(1, linePuts: 0), .putTurn(segment: 0))
        machine.turnPut(segment: 0, linePuts: 1)
        XCTAssertEqual(machine.offer(2, linePuts: 1), .joinedSegment)
        XCTAssertEqual(machine.offer(3, linePuts: 2), .putTurn(segment: 1), "something else was put on the line")
        machine.turnPut(segment: 1, linePuts: 3)
        assertDeliver(machine.takeTurn(), [1, 2], nil)
        assertDeliver(machine.takeTurn(), [3], nil)
    }

    func testAnEventAfterItsSegmentsTurnEndedStartsANewOne() {
        var machine = Machine()
        _ = machine.offer(1, linePuts: 0)
        machine.turnPut(segment: 0, linePuts: 1)
        assertDeliver(machine.takeTurn(), [1], nil)
        guard case .nothing = machine.takeMore(of: 0) else { return XCTFail("the turn is over") }
        XCTAssertEqual(machine.offer(2, linePuts: 1), .putTurn(segment: 1))
    }

    func testTheTerminalEventAloneIsASegment() {
        var machine = Machine()
        XCTAssertEqual(machine.offerTerminal("failed", linePuts: 0), .putTurn(segment: 0))
        assertDeliver(machine.takeTurn(), [], "failed")
    }

    func testShortSegmentsOverALongBacklogHandOutTheirValuesInOrder() {
        var machine = Machine()
        for value in 0..<200 {
            _ = machine.offer(value, linePuts: value)  // a put between every two events
        }
        for value in 0..<150 {
            assertDeliver(machine.takeTurn(), [value], nil)
        }
        XCTAssertEqual(machine.waitingCount, 50)
        for value in 150..<200 {
            assertDeliver(machine.takeTurn(), [value], nil)
        }
        XCTAssertEqual(machine.waitingCount, 0)
    }

    func testADeliveredBatchBecomesTheNextTurnsStorage() {
        var machine = Machine()
        _ = machine.offer(0, linePuts: 0)
        machine.turnPut(segment: 0, linePuts: 1)
        for value in 1..<100 {
            _ = machine.offer(value, linePuts: 1)
        }
        guard case .deliver(let values, nil, _) = machine.takeTurn() else { return XCTFail("no values") }
        XCTAssertEqual(values.elements, Array(0..<100))
        values.removeAll()
        machine.recycle(values)
        _ = machine.offer(1, linePuts: 1)  // into the buffer the first turn left
        guard case .deliver(let next, nil, _) = machine.takeTurn() else { return XCTFail("no values") }
        XCTAssertEqual(next.elements, [1])
        XCTAssertTrue(next !== values, "the turn took the buffer; the recycled batch became the buffer")
        next.removeAll()
        machine.recycle(next)
        _ = machine.offer(2, linePuts: 1)  // into the recycled batch, now the buffer
        guard case .deliver(let last, nil, _) = machine.takeTurn() else { return XCTFail("no values") }
        XCTAssertEqual(last.elements, [2])
        XCTAssertTrue(last === values, "the first turn's batch, recycled, carries the third turn")
        XCTAssertGreaterThanOrEqual(last.room, 100, "with the storage it grew for the first turn")
    }

    func testAShortSegmentMovesItsValuesOutAndLeavesTheRestInOrder() {
        var machine = Machine()
        _ = machine.offer(1, linePuts: 0)
        machine.turnPut(segment: 0, linePuts: 1)
        _ = machine.offer(2, linePuts: 1)
        XCTAssertEqual(machine.offer(3, linePuts: 2), .putTurn(segment: 1))
        machine.turnPut(segment: 1, linePuts: 3)
        XCTAssertEqual(machine.offerTerminal("end", linePuts: 3), .joinedSegment)
        assertDeliver(machine.takeTurn(), [1, 2], nil)
        XCTAssertEqual(machine.waitingCount, 1)
        assertDeliver(machine.takeTurn(), [3], "end")
    }

    func testEventsThatJoinARunningTurnGoOutInItUntilItIsFoundEmpty() {
        var machine = Machine()
        _ = machine.offer(1, linePuts: 0)
        machine.turnPut(segment: 0, linePuts: 1)
        assertDeliver(machine.takeTurn(), [1], nil)
        XCTAssertEqual(machine.offer(2, linePuts: 1), .joinedSegment, "the running turn is still the newest")
        assertDeliver(machine.takeMore(of: 0), [2], nil)
        guard case .nothing = machine.takeMore(of: 0) else { return XCTFail("the turn is over") }
        XCTAssertEqual(machine.offer(3, linePuts: 1), .putTurn(segment: 1))
    }

    func testAPutDuringARunningTurnClosesItAfterWhatJoinedBefore() {
        var machine = Machine()
        _ = machine.offer(1, linePuts: 0)
        machine.turnPut(segment: 0, linePuts: 1)
        assertDeliver(machine.takeTurn(), [1], nil)
        XCTAssertEqual(machine.offer(2, linePuts: 1), .joinedSegment)
        XCTAssertEqual(machine.offer(3, linePuts: 2), .putTurn(segment: 1), "something was put after the turn")
        assertDeliver(machine.takeMore(of: 0), [2], nil)
        guard case .nothing = machine.takeMore(of: 0) else { return XCTFail("segment 1 waits for its own turn") }
        assertDeliver(machine.takeTurn(), [3], nil)
    }

    func testAnEventSentOnTheQueueWhileNothingWaitsIsDeliveredNow() {
        var machine = Machine()
        XCTAssertEqual(machine.offer(1, linePuts: 0, onQueue: true), .deliverNow)
        XCTAssertEqual(machine.waitingCount, 0, "not buffered")
        XCTAssertEqual(machine.offerTerminal("end", linePuts: 0, onQueue: true), .deliverNow)
        guard case .ended = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(machine.offer(2, linePuts: 0, onQueue: true), .drop, "after the terminal event")
        XCTAssertEqual(machine.offer(3, linePuts: 0), .drop)
    }

    func testAnEventSentOnTheQueueWaitsBehindTheEventsOfAnotherThread() {
        var machine = Machine()
        XCTAssertEqual(machine.offer(1, linePuts: 0), .putTurn(segment: 0), "from another thread")
        XCTAssertEqual(machine.offerTerminal("end", linePuts: 0, onQueue: true), .putTurn(segment: 1), "its turn was not reported yet")
        machine.turnPut(segment: 1, linePuts: 1)
        machine.turnPut(segment: 0, linePuts: 2)
        assertDeliver(machine.takeTurn(), [1], nil)
        guard case .nothing = machine.takeMore(of: 0) else { return XCTFail("segment 1 waits for its own turn") }
        assertDeliver(machine.takeTurn(), [], "end")
    }

    func testAnEventSentOnTheQueueDuringATurnJoinsItAfterTheValuesTakenBefore() {
        var machine = Machine()
        _ = machine.offer(1, linePuts: 0)
        machine.turnPut(segment: 0, linePuts: 1)
        _ = machine.offer(2, linePuts: 1)
        XCTAssertEqual(machine.offer(3, linePuts: 1, onQueue: true), .joinedSegment)
        assertDeliver(machine.takeTurn(), [1, 2, 3], nil)
        XCTAssertEqual(machine.offer(4, linePuts: 1, onQueue: true), .joinedSegment, "sent while 1, 2 and 3 are delivered")
        assertDeliver(machine.takeMore(of: 0), [4], nil)
        guard case .nothing = machine.takeMore(of: 0) else { return XCTFail("the turn is over") }
        XCTAssertEqual(machine.offer(5, linePuts: 1, onQueue: true), .deliverNow, "nothing waits any more")
    }

    private func assertDeliver(
        _ action: Machine.TakeAction, _ values: [Int], _ terminal: String?, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case .deliver(let delivered, let ended, _) = action else {
            return XCTFail("expected a delivery, got \(action)", file: file, line: line)
        }
        XCTAssertEqual(delivered.elements, values, file: file, line: line)
        XCTAssertEqual(ended, terminal, file: file, line: line)
    }

    /// Impossible: a hop carries one subscription's events, with at most one terminal event.
    func testASecondTerminalEventTraps() throws {
        try assertTraps("SerialHopMachine: offerTerminal(_:linePuts:onQueue:) after the terminal event (state terminating)") {
            var machine = Machine()
            _ = machine.offerTerminal("end", linePuts: 0)
            _ = machine.offerTerminal("again", linePuts: 0)
        }
    }
}
