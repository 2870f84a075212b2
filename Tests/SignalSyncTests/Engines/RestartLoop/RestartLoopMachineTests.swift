import SignalTestSupport
import XCTest

@testable import SignalSync

/// The restart loop's transitions alone, with no threads: handles are strings.
final class RestartLoopMachineTests: LeakCheckedTestCase {
    private typealias Machine = RestartLoopMachine<String>

    func testSynchronousEndingGoesOnAndDropsTheEndedHandle() {
        var machine = Machine()
        XCTAssertEqual(machine.state, .idle(kept: nil))
        XCTAssertEqual(machine.beginIteration(), .subscribe)
        XCTAssertEqual(machine.state, .subscribing(kept: nil, endedEarly: false))
        XCTAssertEqual(machine.iterationEnded(), .noted, "noted for the subscribing loop")
        XCTAssertEqual(machine.state, .subscribing(kept: nil, endedEarly: true))
        guard case .again(let finished) = machine.subscribeReturned("h1") else { return XCTFail("expected again") }
        XCTAssertNil(finished, "the synchronously ended handle is dropped, not disposed again")
        XCTAssertEqual(machine.beginIteration(), .subscribe)
        guard case .settled(let previous) = machine.subscribeReturned("h2") else { return XCTFail("expected settled") }
        XCTAssertNil(previous)
        XCTAssertEqual(machine.state, .idle(kept: "h2"))
        guard case .dispose("h2") = machine.dispose() else { return XCTFail("the live handle is disposed") }
        guard case .alreadyDisposed = machine.dispose() else { return XCTFail("idempotent") }
        XCTAssertEqual(machine.beginIteration(), .stop)
    }

    func testAsynchronousEndingRunsNowAndDisposesTheEndedOneAfterItsSuccessor() {
        var machine = Machine()
        _ = machine.beginIteration()
        _ = machine.subscribeReturned("h1")
        XCTAssertEqual(machine.iterationEnded(), .restart)
        XCTAssertEqual(machine.beginIteration(), .subscribe)
        XCTAssertEqual(machine.state, .subscribing(kept: "h1", endedEarly: false), "kept until its successor returned")
        guard case .settled(let finished) = machine.subscribeReturned("h2") else { return XCTFail("expected settled") }
        XCTAssertEqual(finished, "h1")
        XCTAssertEqual(machine.state, .idle(kept: "h2"))
    }

    func testIgnoresEndingsAfterDisposal() {
        var machine = Machine()
        _ = machine.beginIteration()
        _ = machine.subscribeReturned("h1")
        guard case .dispose("h1") = machine.dispose() else { return XCTFail("the live handle is disposed") }
        XCTAssertEqual(machine.iterationEnded(), .ignore)
        XCTAssertEqual(machine.beginIteration(), .stop)
    }

    func testDisposedDuringASubscribeCallDisposesTheReturnedHandle() {
        var machine = Machine()
        _ = machine.beginIteration()
        guard case .dispose(nil) = machine.dispose() else { return XCTFail("nothing kept yet") }
        guard case .settled(let handle) = machine.subscribeReturned("h1") else { return XCTFail("expected settled") }
        XCTAssertEqual(handle, "h1")
        XCTAssertEqual(machine.iterationEnded(), .ignore)
        XCTAssertEqual(machine.state, .disposed)
    }

    func testExhaustedStartsNothingButStillDisposesTheKeptHandle() {
        var machine = Machine()
        _ = machine.beginIteration()
        _ = machine.subscribeReturned("h1")
        XCTAssertEqual(machine.iterationEnded(), .restart)
        _ = machine.beginIteration()
        guard case .settled(nil) = machine.subscribeReturned(nil) else { return XCTFail("expected settled") }
        XCTAssertEqual(machine.state, .exhausted(kept: "h1"))
        guard case .dispose("h1") = machine.dispose() else { return XCTFail("the kept handle is disposed") }
    }

    // Impossible transitions: one subscribe call at a time, each after a `beginIteration`
    // while idle, and no iteration is live once the loop is exhausted.

    func testASecondSubscribeCallAtOnceTraps() throws {
        try assertTraps("RestartLoopMachine: beginIteration() while not idle (state subscribing") {
            var machine = Machine()
            _ = machine.beginIteration()
            _ = machine.beginIteration()
        }
    }

    func testAnEndingAfterTheLoopWasExhaustedTraps() throws {
        try assertTraps("RestartLoopMachine: iterationEnded() after the loop was exhausted") {
            var machine = Machine()
            _ = machine.beginIteration()
            _ = machine.subscribeReturned(nil)
            _ = machine.iterationEnded()
        }
    }

    func testAReturnWithNoSubscribeCallTraps() throws {
        try assertTraps("RestartLoopMachine: subscribeReturned(_:) with no subscribe call running (state idle") {
            var machine = Machine()
            _ = machine.subscribeReturned("h1")
        }
    }
}
