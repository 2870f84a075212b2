import SignalTestSupport
import XCTest

@testable import SignalSync

/// `SleeperMachine`: every order of suspend, wake and cancel resumes the waiter exactly
/// once, with the right outcome. No task and no clock: the waiter is a string.
final class SleeperMachineTests: XCTestCase {
    func testWakeAfterSuspendResumesOnce() {
        var machine = SleeperMachine<String>()
        guard case .sleep = machine.suspend("task", item: 4) else { return XCTFail("sleeps") }
        guard case .resume("task") = machine.wake() else { return XCTFail("woken") }
        guard case .none = machine.wake() else { return XCTFail("only once") }
        guard case .none = machine.cancel() else { return XCTFail("a cancel after the wake does nothing") }
        guard case .done = machine.state else { return XCTFail("done") }
    }

    func testCancelWhileAsleepResumesCancelledAndForgetsTheItem() {
        var machine = SleeperMachine<String>()
        _ = machine.suspend("task", item: 9)
        guard case .resumeCancelled("task", forgetting: 9) = machine.cancel() else { return XCTFail("cancelled") }
        guard case .none = machine.wake() else { return XCTFail("the item's run after the cancel does nothing") }
    }

    func testCancelBeforeSuspendResumesCancelledAtTheSuspend() {
        var machine = SleeperMachine<String>()
        guard case .none = machine.cancel() else { return XCTFail("nothing to resume yet") }
        guard case .cancelledEarly = machine.state else { return XCTFail("recorded") }
        guard case .resumeCancelled("task") = machine.suspend("task", item: 2) else { return XCTFail("resumed at once") }
        guard case .none = machine.wake() else { return XCTFail("the item does nothing") }
        guard case .none = machine.cancel() else { return XCTFail("a second cancel does nothing") }
    }

    /// The clock schedules the wake-up item before the task records its continuation: a
    /// clock advanced in between runs the item first. The task must still wake (it slept
    /// forever before the machine had this state).
    func testWakeBeforeSuspendResumesAtTheSuspend() {
        var machine = SleeperMachine<String>()
        guard case .none = machine.wake() else { return XCTFail("not suspended yet") }
        guard case .wokenEarly = machine.state else { return XCTFail("recorded") }
        guard case .none = machine.cancel() else { return XCTFail("the wake came first") }
        guard case .resume("task") = machine.suspend("task", item: 1) else { return XCTFail("resumed at once") }
        guard case .none = machine.wake() else { return XCTFail("only once") }
    }

    // Impossible transitions: a sleep suspends once, the clock runs its item once, and the
    // task's cancellation handler runs once.

    func testASecondSuspendTraps() throws {
        try assertTraps("SleeperMachine: suspend(_:item:) twice (state asleep") {
            var machine = SleeperMachine<String>()
            _ = machine.suspend("task", item: 1)
            _ = machine.suspend("task", item: 2)
        }
    }

    func testASecondWakeBeforeTheSuspendTraps() throws {
        try assertTraps("SleeperMachine: wake() twice (state wokenEarly)") {
            var machine = SleeperMachine<String>()
            _ = machine.wake()
            _ = machine.wake()
        }
    }

    func testASecondCancelBeforeTheSuspendTraps() throws {
        try assertTraps("SleeperMachine: cancel() twice (state cancelledEarly)") {
            var machine = SleeperMachine<String>()
            _ = machine.cancel()
            _ = machine.cancel()
        }
    }
}
