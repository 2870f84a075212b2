import SignalTestSupport
import XCTest

@testable import SignalSync

/// A queue's line, driven with no threads.
final class QueueLineMachineTests: XCTestCase {
    private final class Client {}
    private typealias Machine = QueueLineMachine<String, Client>

    func testOnlyTheTurnThatFindsTheLineIdleSchedulesAHop() {
        var machine = Machine()
        XCTAssertEqual(machine.put("a"), .scheduleHop)
        XCTAssertEqual(machine.put("b"), .joinedHop)
        XCTAssertEqual(describe(machine.take()), ["a", "b"])
        XCTAssertEqual(machine.put("c"), .joinedHop, "the hop is still running")
        XCTAssertEqual(describe(machine.take()), ["c"])
        XCTAssertEqual(describe(machine.take()), ["finish"])
        guard case .idle = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(machine.put("d"), .scheduleHop)
    }

    func testEveryPutCountsAndTurnsKeepTheirPlace() {
        let x = Client()
        let y = Client()
        var machine = Machine()
        XCTAssertEqual(machine.putTurn(of: x), .scheduleHop)
        XCTAssertEqual(machine.putTurn(of: y), .joinedHop)
        XCTAssertEqual(machine.put("work"), .joinedHop)
        XCTAssertEqual(machine.lendForSync(wake: "caller"), .waitForTurn)
        XCTAssertEqual(machine.putTurn(of: x), .joinedHop)
        XCTAssertEqual(machine.puts, 5)
        let names = [ObjectIdentifier(x): "x", ObjectIdentifier(y): "y"]
        XCTAssertEqual(describe(machine.take(), names), ["x", "y", "work", "lend to caller", "x"])
        XCTAssertEqual(machine.puts, 5, "taking is no put")
    }

    func testARunListGivenBackBecomesTheNextWaitingList() {
        var machine = Machine()
        for index in 0..<50 {
            _ = machine.put("\(index)")
        }
        guard case .run(var entries) = machine.take() else { return XCTFail("nothing to run") }
        let capacity = entries.capacity
        entries.removeAll(keepingCapacity: true)
        machine.recycle(entries)
        _ = machine.take()  // the hop finds the line empty and ends
        _ = machine.put("next")
        guard case .hopping(let waiting) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertGreaterThanOrEqual(waiting.capacity, capacity)
    }

    func testASyncCallerOnAnIdleLineRunsAtOnceAndTurnsPutMeanwhileWaitForItsReturn() {
        var machine = Machine()
        XCTAssertEqual(machine.lendForSync(wake: "caller"), .runNow)
        XCTAssertEqual(machine.put("meanwhile"), .joinedHop, "no hop while the queue is lent")
        XCTAssertEqual(describe(machine.take()), ["finish"])
        XCTAssertEqual(machine.syncReturned(), .scheduleHop)
        XCTAssertEqual(describe(machine.take()), ["meanwhile"])
        XCTAssertEqual(describe(machine.take()), ["finish"])
        XCTAssertEqual(machine.lendForSync(wake: "caller"), .runNow)
        XCTAssertEqual(machine.syncReturned(), .none)
        guard case .idle = machine.state else { return XCTFail("\(machine.state)") }
    }

    func testASyncCallerBehindOtherTurnsIsLentTheQueueAtItsTurnAndTheRestWaitsFirst() {
        var machine = Machine()
        _ = machine.put("a")
        XCTAssertEqual(machine.lendForSync(wake: "caller"), .waitForTurn)
        _ = machine.put("b")
        guard case .run(let entries) = machine.take() else { return XCTFail("nothing to run") }
        XCTAssertEqual(describe(.run(entries)), ["a", "lend to caller", "b"])
        machine.lend(remaining: entries[2...])  // the hop ran "a", reached the caller's turn
        XCTAssertEqual(machine.put("c"), .joinedHop)
        XCTAssertEqual(machine.syncReturned(), .scheduleHop)
        XCTAssertEqual(describe(machine.take()), ["b", "c"], "what the hop left comes first")
    }

    // Impossible transitions: only the hop lends the line, and each `sync` caller returns
    // once, after its turn.

    func testALendWithNoHopUnderWayTraps() throws {
        try assertTraps("QueueLineMachine: lend(remaining:) with no hop under way (state idle)") {
            var machine = Machine()
            machine.lend(remaining: [])
        }
    }

    func testASyncReturnWhileTheLineIsNotLentTraps() throws {
        try assertTraps("QueueLineMachine: syncReturned() while the line is not lent (state idle)") {
            var machine = Machine()
            XCTAssertEqual(machine.lendForSync(wake: "caller"), .runNow)
            XCTAssertEqual(machine.syncReturned(), .none)
            _ = machine.syncReturned()
        }
    }

    private func describe(_ action: Machine.TakeAction, _ names: [ObjectIdentifier: String] = [:]) -> [String] {
        switch action {
        case .finishHop:
            return ["finish"]
        case .run(let entries):
            return entries.map { entry in
                switch entry {
                case .work(let work): return work
                case .events(let client): return names[ObjectIdentifier(client)] ?? "?"
                case .lendQueue(let wake): return "lend to \(wake)"
                }
            }
        }
    }
}
