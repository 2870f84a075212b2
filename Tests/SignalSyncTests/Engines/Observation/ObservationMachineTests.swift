import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone, with a string as the payload: each step's action reads as what
/// the storage will do.
final class ObservationMachineTests: LeakCheckedTestCase {
    private typealias Machine = ObservationMachine<String>

    private func readPayload(_ action: Machine.BeginAction) -> String? {
        if case .read(let payload) = action { return payload }
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
        XCTAssertTrue(schedules(machine.changed()))
        XCTAssertFalse(schedules(machine.changed()), "the scheduled read will see this one too")
        XCTAssertEqual(readPayload(machine.beginRead()), "p")
        XCTAssertNil(readPayload(machine.beginRead()), "one read at a time")
    }

    func testAChangeDuringAReadSchedulesExactlyOneMoreReadAfterIt() {
        var machine = Machine("p")
        _ = machine.start()
        _ = machine.beginRead()
        XCTAssertFalse(schedules(machine.changed()), "no read overlaps the running one")
        XCTAssertFalse(schedules(machine.changed()))
        XCTAssertTrue(schedules(machine.finishRead()), "the change is read after this read")
        XCTAssertEqual(readPayload(machine.beginRead()), "p")
        XCTAssertFalse(schedules(machine.finishRead()))
    }

    func testChangesBeforeStartAreIgnored() {
        var machine = Machine("p")
        XCTAssertFalse(schedules(machine.changed()))
        XCTAssertNil(readPayload(machine.beginRead()))
    }

    func testDisposeReleasesThePayloadOnceAndStopsEverything() {
        var machine = Machine("p")
        _ = machine.start()
        guard case .release(let payload) = machine.dispose() else { return XCTFail("dispose releases") }
        XCTAssertEqual(payload, "p")
        guard case .none = machine.dispose() else { return XCTFail("a second dispose does nothing") }
        XCTAssertNil(readPayload(machine.beginRead()), "the scheduled read does nothing")
        XCTAssertFalse(schedules(machine.changed()))
        XCTAssertFalse(schedules(machine.finishRead()))
    }

    func testDisposeDuringAReadStopsTheRereadItWouldHaveScheduled() {
        var machine = Machine("p")
        _ = machine.start()
        _ = machine.beginRead()
        _ = machine.changed()
        _ = machine.dispose()
        XCTAssertFalse(schedules(machine.finishRead()))
        guard case .disposed = machine.state else { return XCTFail("stays disposed") }
    }
}
