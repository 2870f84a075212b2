import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone, with a string as the payload: each step's action reads as what
/// the storage will do.
final class ObservationMachineTests: LeakCheckedTestCase {
    private typealias Machine = ObservationMachine<String>

    private func readPayload(_ action: Machine.BeginAction) -> String? {
        if case .read(let payload, _) = action { return payload }
        return nil
    }

    private func schedules(_ action: Machine.ChangeAction) -> Bool {
        if case .scheduleRead = action { return true }
        return false
    }

    private func schedules(_ action: Machine.FinishAction) -> Bool {
        if case .scheduleRead = action { return true }
        return false
    }

    func testStartAsksForOneReadThenWaitsForAChange() {
        var machine = Machine("p")
        guard case .read = machine.start() else { return XCTFail("start reads") }
        guard case .none = machine.start() else { return XCTFail("a second start does nothing") }
        XCTAssertEqual(readPayload(machine.beginRead()), "p")
        XCTAssertFalse(schedules(machine.finishRead()))
        guard case .tracking = machine.state else { return XCTFail("tracking after the read") }
    }

    func testAChangeWhileTrackingSchedulesOneReadAndFurtherChangesJoinIt() {
        var machine = Machine("p")
        _ = machine.start()
        _ = machine.beginRead()
        _ = machine.finishRead()
        XCTAssertTrue(schedules(machine.changed(byRead: 1)))
        XCTAssertFalse(schedules(machine.changed(byRead: 1)), "the scheduled read will see this one too")
        XCTAssertEqual(readPayload(machine.beginRead()), "p")
    }

    func testAChangeDuringAReadSchedulesExactlyOneMoreReadAfterIt() {
        var machine = Machine("p")
        _ = machine.start()
        _ = machine.beginRead()
        XCTAssertFalse(schedules(machine.changed(byRead: 1)), "no read overlaps the running one")
        XCTAssertFalse(schedules(machine.changed(byRead: 1)))
        XCTAssertTrue(schedules(machine.finishRead()), "the change is read after this read")
        XCTAssertEqual(readPayload(machine.beginRead()), "p")
        XCTAssertFalse(schedules(machine.finishRead()))
    }

    func testReadsAreNumberedAndAReportFromAnEarlierReadsTrackingIsDropped() {
        var machine = Machine("p")
        _ = machine.start()
        guard case .read(_, let first) = machine.beginRead() else { return XCTFail("first read") }
        _ = machine.finishRead()
        XCTAssertTrue(schedules(machine.changed(byRead: first)))
        guard case .read(_, let second) = machine.beginRead() else { return XCTFail("second read") }
        XCTAssertEqual(second, first + 1)
        XCTAssertFalse(schedules(machine.changed(byRead: first)), "the same change, reported late by another tracking of the first read")
        XCTAssertFalse(schedules(machine.finishRead()), "the second read saw it: no third read")
        XCTAssertFalse(schedules(machine.changed(byRead: first)), "still stale while tracking")
        XCTAssertTrue(schedules(machine.changed(byRead: second)))
    }

    func testDisposeReleasesThePayloadOnceAndStopsEverything() {
        var machine = Machine("p")
        _ = machine.start()
        guard case .release(let payload) = machine.dispose() else { return XCTFail("dispose releases") }
        XCTAssertEqual(payload, "p")
        guard case .none = machine.dispose() else { return XCTFail("a second dispose does nothing") }
        XCTAssertNil(readPayload(machine.beginRead()), "the scheduled read does nothing")
        XCTAssertFalse(schedules(machine.changed(byRead: 1)))
        XCTAssertFalse(schedules(machine.finishRead()))
    }

    func testDisposeDuringAReadStopsTheRereadItWouldHaveScheduled() {
        var machine = Machine("p")
        _ = machine.start()
        _ = machine.beginRead()
        _ = machine.changed(byRead: 1)
        _ = machine.dispose()
        XCTAssertFalse(schedules(machine.finishRead()))
        guard case .disposed = machine.state else { return XCTFail("stays disposed") }
    }

    // Impossible transitions: each move to `.scheduled` schedules one read, a read runs
    // from `beginRead` to `finishRead`, and only reads register trackings.

    func testABeginWithNoReadScheduledTraps() throws {
        try assertTraps("ObservationMachine: beginRead() with no read scheduled (state reading") {
            var machine = Machine("p")
            _ = machine.start()
            _ = machine.beginRead()
            _ = machine.beginRead()
        }
    }

    func testAChangeBeforeAnyReadTraps() throws {
        try assertTraps("ObservationMachine: changed(byRead: 0) before any read (state idle") {
            var machine = Machine("p")
            _ = machine.changed(byRead: 0)
        }
    }

    func testAFinishWithNoReadRunningTraps() throws {
        try assertTraps("ObservationMachine: finishRead() with no read running (state tracking") {
            var machine = Machine("p")
            _ = machine.start()
            _ = machine.beginRead()
            _ = machine.finishRead()
            _ = machine.finishRead()
        }
    }
}
