import SignalTestSupport
import XCTest

@testable import SignalSync

/// The deferred start's transitions alone, with no threads.
final class DeferredStartMachineTests: LeakCheckedTestCase {
    private func isWaiting(_ machine: DeferredStartMachine) -> Bool {
        if case .waiting = machine.state { return true }
        return false
    }

    private func isStarting(_ machine: DeferredStartMachine) -> Bool {
        if case .starting = machine.state { return true }
        return false
    }

    private func startedSubscription(_ machine: DeferredStartMachine) -> (any UpstreamDisposable)? {
        if case .started(let subscription) = machine.state { return subscription }
        return nil
    }

    private func isDisposed(_ machine: DeferredStartMachine) -> Bool {
        if case .disposed = machine.state { return true }
        return false
    }

    func testStartsOnceKeepsTheSubscriptionAndHandsItOutAtDisposal() {
        var machine = DeferredStartMachine()
        XCTAssertTrue(isWaiting(machine))
        XCTAssertEqual(machine.beginStart(), .start)
        XCTAssertTrue(isStarting(machine))
        XCTAssertEqual(machine.beginStart(), .ignore, "at most once")
        let subscription = CountingDisposable("source")
        guard case .keep = machine.started(subscription) else { return XCTFail("kept") }
        XCTAssertTrue(startedSubscription(machine) === subscription)
        guard case .dispose(let live) = machine.dispose() else { return XCTFail("the live subscription is disposed") }
        XCTAssertTrue(live === subscription)
        XCTAssertTrue(isDisposed(machine))
        guard case .nothing = machine.dispose() else { return XCTFail("idempotent") }
    }

    func testDisposedBeforeTheStartNeverStarts() {
        var machine = DeferredStartMachine()
        guard case .nothing = machine.dispose() else { return XCTFail("nothing to dispose yet") }
        XCTAssertEqual(machine.beginStart(), .ignore)
    }

    func testDisposedWhileStartingDiscardsTheSubscriptionWhenTheStartReturns() {
        var machine = DeferredStartMachine()
        _ = machine.beginStart()
        guard case .nothing = machine.dispose() else { return XCTFail("nothing to dispose yet") }
        let subscription = CountingDisposable("source")
        guard case .discard(let late) = machine.started(subscription) else { return XCTFail("discarded") }
        XCTAssertTrue(late === subscription)
        XCTAssertTrue(isDisposed(machine))
    }

    /// Impossible: only the `beginStart` that returned `.start` runs a start, which
    /// returns once.
    func testAStartReturningTwiceTraps() throws {
        try assertTraps("DeferredStartMachine: started(_:) without a start running (state started") {
            var machine = DeferredStartMachine()
            _ = machine.beginStart()
            _ = machine.started(CountingDisposable("first"))
            _ = machine.started(CountingDisposable("second"))
        }
    }
}
