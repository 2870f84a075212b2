import XCTest

@testable import SignalSync

/// The per-subscription buffer of `deliverOn`, driven with no threads.
final class SerialHopMachineTests: XCTestCase {
    private typealias Machine = SerialHopMachine<Int, String>

    func testEveryEventAsksForATurnUntilTheTerminalOne() {
        var machine = Machine()
        XCTAssertEqual(machine.offer(1), .putOnLine)
        XCTAssertEqual(machine.offer(2), .putOnLine)
        XCTAssertEqual(machine.offerTerminal("end"), .putOnLine)
        XCTAssertEqual(machine.offer(3), .drop)
        XCTAssertEqual(machine.offerTerminal("again"), .drop)
        guard case .terminating("end") = machine.state else { return XCTFail("\(machine.state)") }
    }

    func testATurnHandsOutItsCountOfEventsInOrder() {
        var machine = Machine()
        for value in 1...4 {
            _ = machine.offer(value)
        }
        _ = machine.offerTerminal("end")
        assertDeliver(machine.take(count: 1), [1], nil)
        assertDeliver(machine.take(count: 2), [2, 3], nil)
        XCTAssertEqual(machine.waitingCount, 1)
        assertDeliver(machine.take(count: 2), [4], "end")
        guard case .ended = machine.state else { return XCTFail("\(machine.state)") }
        guard case .nothing = machine.take(count: 1) else { return XCTFail("nothing is left") }
    }

    func testTheTerminalEventAloneIsATurn() {
        var machine = Machine()
        _ = machine.offerTerminal("failed")
        assertDeliver(machine.take(count: 1), [], "failed")
    }

    func testPartialTurnsOverALongBacklogDropWhatWasHandedOut() {
        var machine = Machine()
        for value in 0..<200 {
            _ = machine.offer(value)
        }
        for value in 0..<150 {
            assertDeliver(machine.take(count: 1), [value], nil)
        }
        XCTAssertEqual(machine.waitingCount, 50)
        assertDeliver(machine.take(count: 50), Array(150..<200), nil)
        XCTAssertEqual(machine.waitingCount, 0)
    }

    func testADeliveredArrayBecomesTheNextBuffersStorage() {
        var machine = Machine()
        for value in 0..<100 {
            _ = machine.offer(value)
        }
        guard case .deliver(var values, nil) = machine.take(count: 100) else { return XCTFail("no values") }
        let capacity = values.capacity
        values.removeAll(keepingCapacity: true)
        machine.recycle(values)
        _ = machine.offer(1)  // goes into the buffer taken over when the values were handed out
        guard case .deliver(let next, nil) = machine.take(count: 1) else { return XCTFail("no values") }
        XCTAssertEqual(next, [1])
        _ = machine.offer(2)
        guard case .deliver(let recycled, nil) = machine.take(count: 1) else { return XCTFail("no values") }
        XCTAssertEqual(recycled, [2])
        XCTAssertGreaterThanOrEqual(recycled.capacity, capacity, "the recycled array became the buffer")
    }

    private func assertDeliver(
        _ action: Machine.TakeAction, _ values: [Int], _ terminal: String?, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case .deliver(let delivered, let ended) = action else {
            return XCTFail("expected a delivery, got \(action)", file: file, line: line)
        }
        XCTAssertEqual(delivered, values, file: file, line: line)
        XCTAssertEqual(ended, terminal, file: file, line: line)
    }
}
