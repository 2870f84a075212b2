import SignalTestSupport
import XCTest

@testable import SignalSync

/// The machine with plain stand-ins: outcomes are strings, the waiter is a task number,
/// the dispose function is a subscription number.
final class FirstValueWaiterMachineTests: XCTestCase {
    typealias Machine = FirstValueWaiterMachine<String, Int, Int>

    func testAnOutcomeWhileRunningResumesTheWaiterAndDropsTheSubscription() {
        var machine = Machine()
        machine.install(1)
        guard case .keep = machine.attach(10) else { return XCTFail("kept while running") }
        guard case .resume(1, "first", dropping: 10) = machine.finish("first") else { return XCTFail("resumed") }
        guard case .finished = machine.state else { return XCTFail("finished") }
        guard case .ignore = machine.finish("second") else { return XCTFail("only the first outcome counts") }
        guard case .none = machine.cancel() else { return XCTFail("cancellation after the end does nothing") }
    }

    func testAnOutcomeDuringTheStartWinsAndTheStartedSubscriptionIsDisposed() {
        var machine = Machine()
        machine.install(1)
        _ = machine.cancel()  // the task was cancelled before the value arrived: the value still wins
        guard case .resume(1, "sync", dropping: nil) = machine.finish("sync") else { return XCTFail("resumed") }
        guard case .dispose(10) = machine.attach(10) else { return XCTFail("disposed once attached") }
    }

    func testACancellationDuringTheStartIsCarriedOutByAttach() {
        var machine = Machine()
        guard case .none = machine.cancel() else { return XCTFail("deferred to attach") }
        machine.install(1)
        guard case .starting(1, cancelRequested: true) = machine.state else { return XCTFail("recorded") }
        guard case .cancel(1, 10) = machine.attach(10) else { return XCTFail("cancelled on attach") }
        guard case .ignore = machine.finish("late") else { return XCTFail("over") }
    }

    func testACancellationWhileRunningResumesAndDisposes() {
        var machine = Machine()
        machine.install(1)
        _ = machine.attach(10)
        guard case .cancel(1, 10) = machine.cancel() else { return XCTFail("cancelled") }
        guard case .none = machine.cancel() else { return XCTFail("once") }
        guard case .ignore = machine.finish("late") else { return XCTFail("over") }
    }

    // Impossible transitions: the engine installs the continuation once, before the
    // start, and the subscription is started (and attached) once.

    func testAnInstallAfterTheStartTraps() throws {
        try assertTraps("FirstValueWaiterMachine: install(_:) after the start or twice (state running") {
            var machine = Machine()
            machine.install(1)
            _ = machine.attach(10)
            machine.install(2)
        }
    }

    func testASecondAttachTraps() throws {
        try assertTraps("FirstValueWaiterMachine: attach(_:) twice") {
            var machine = Machine()
            machine.install(1)
            _ = machine.attach(10)
            _ = machine.attach(11)
        }
    }
}
