import SignalTestSupport
import XCTest

@testable import SignalSync

/// The timer gate's transitions alone, with no threads: timers are created on a virtual
/// clock and never started; subscriptions are recording disposables.
final class TimerGateMachineTests: LeakCheckedTestCase {
    private let queue = VirtualClock().makeQueue()

    private func timer() -> ExecutionTimer {
        ExecutionTimer(timeout: 1, repeats: false, queue: queue)
    }

    private func subscription(_ name: String) -> CountingDisposable {
        CountingDisposable(name)
    }

    private func isPending(_ machine: TimerGateMachine) -> Bool {
        if case .pending = machine.state { return true }
        return false
    }

    private func isPassed(_ machine: TimerGateMachine) -> Bool {
        if case .passed = machine.state { return true }
        return false
    }

    func testArmingReplacesTheArmedTimer() {
        var machine = TimerGateMachine(action: nil)
        XCTAssertTrue(isPassed(machine), "no action: nothing waits for a final timer")
        let first = timer()
        let second = timer()
        guard case .start(nil) = machine.arm(first) else { return XCTFail("the first timer starts") }
        guard case .start(let replaced) = machine.arm(second) else { return XCTFail("the second timer starts") }
        XCTAssertTrue(replaced === first)
        guard case .start(nil) = machine.arm(second) else { return XCTFail("re-arming a timer replaces nothing") }
    }

    func testTheArmedFinalTimerTakesTheActionOnce() {
        var machine = TimerGateMachine(action: { CountingDisposable("action") })
        XCTAssertTrue(isPending(machine))
        let stale = timer()
        let final = timer()
        _ = machine.arm(stale)
        _ = machine.arm(final)
        guard case .ignore = machine.fire(stale) else { return XCTFail("a replaced timer begins nothing") }
        guard case .begin = machine.fire(final) else { return XCTFail("the armed final timer begins the action") }
        XCTAssertTrue(isPassed(machine))
        guard case .ignore = machine.fire(final) else { return XCTFail("the action is taken once") }
    }

    func testDisarmForwardsWhileTheActionWaitsAndDropsAfterward() {
        var machine = TimerGateMachine(action: { CountingDisposable("action") })
        let armed = timer()
        _ = machine.arm(armed)
        guard case .forward(let stop) = machine.disarm() else { return XCTFail("the action still waits") }
        XCTAssertTrue(stop === armed)
        guard case .forward(nil) = machine.disarm() else { return XCTFail("nothing armed any more") }
        let final = timer()
        _ = machine.arm(final)
        _ = machine.disarm()
        guard case .ignore = machine.fire(final) else { return XCTFail("a disarmed timer does not begin the action") }
        _ = machine.arm(final)
        _ = machine.fire(final)
        guard case .drop(nil) = machine.disarm() else { return XCTFail("the action was taken") }
    }

    func testTheReplaceableSubscriptionIsNotBegunOnceTheActionWasTaken() {
        var machine = TimerGateMachine(action: { CountingDisposable("action") })
        XCTAssertEqual(machine.beginReplaceable(), .start(id: 1), "the action still waits")
        let final = timer()
        _ = machine.arm(final)
        guard case .begin = machine.fire(final) else { return XCTFail("the armed timer takes the action") }
        XCTAssertEqual(machine.beginStart(), .start(id: 2), "the action's subscription begins")
        XCTAssertEqual(machine.beginReplaceable(), .ignore, "the action was taken: the source it replaces stays unsubscribed")
        _ = machine.dispose()
        XCTAssertEqual(machine.beginReplaceable(), .ignore)
    }

    func testANewerSubscriptionWinsAndReplacesTheLiveOne() {
        var machine = TimerGateMachine(action: nil)
        XCTAssertEqual(machine.beginStart(), .start(id: 1))
        XCTAssertEqual(machine.beginStart(), .start(id: 2))
        let second = subscription("second")
        guard case .keep(nil) = machine.started(second, id: 2) else { return XCTFail("the newest is kept") }
        let first = subscription("first")
        guard case .discard(let stale) = machine.started(first, id: 1) else { return XCTFail("an older one is discarded") }
        XCTAssertTrue(stale === first)
        XCTAssertEqual(machine.beginStart(), .start(id: 3))
        guard case .keep(let replaced) = machine.started(subscription("third"), id: 3) else { return XCTFail("kept") }
        XCTAssertTrue(replaced === second)
    }

    func testDisposalHandsOutEverythingOnceAndRefusesEverythingAfter() {
        var machine = TimerGateMachine(action: { CountingDisposable("action") })
        let armed = timer()
        _ = machine.arm(armed)
        _ = machine.beginStart()
        let live = subscription("live")
        _ = machine.started(live, id: 1)
        guard case .teardown(let stop, let kept, let action) = machine.dispose() else { return XCTFail("no teardown") }
        XCTAssertTrue(stop === armed)
        XCTAssertTrue(kept === live)
        XCTAssertNotNil(action, "the action that never ran is released")
        XCTAssertTrue(machine.isDisposed)
        guard case .alreadyDisposed = machine.dispose() else { return XCTFail("disposal happens once") }
        guard case .ignore = machine.arm(armed) else { return XCTFail("no timer after disposal") }
        XCTAssertEqual(machine.beginStart(), .ignore)
        guard case .ignore = machine.fire(armed) else { return XCTFail("no fire after disposal") }
        guard case .drop(nil) = machine.disarm() else { return XCTFail("events are dropped after disposal") }
        let late = subscription("late")
        guard case .discard(let discarded) = machine.started(late, id: 1) else { return XCTFail("discarded") }
        XCTAssertTrue(discarded === late)
    }

    func testDisposalOfAGateWithoutActionReleasesNone() {
        var machine = TimerGateMachine(action: nil)
        guard case .teardown(nil, nil, let action) = machine.dispose() else { return XCTFail("no teardown") }
        XCTAssertNil(action)
    }
}
