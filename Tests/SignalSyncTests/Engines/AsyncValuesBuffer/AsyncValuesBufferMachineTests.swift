import SignalTestSupport
import XCTest

@testable import SignalSync

/// The machine with plain stand-ins: the start is a name, the waiter a task number, the
/// dispose function a subscription number.
final class AsyncValuesBufferMachineTests: XCTestCase {
    typealias Machine = AsyncValuesBufferMachine<Int, String, String, Int, Int>

    private func started() -> Machine {
        var machine = Machine(start: "start")
        guard case .start("start") = machine.startIfNeeded() else {
            XCTFail("the first next starts")
            return machine
        }
        guard case .none = machine.attach(10) else {
            XCTFail("kept")
            return machine
        }
        return machine
    }

    func testStartsOnlyOnce() {
        var machine = started()
        guard case .none = machine.startIfNeeded() else { return XCTFail("started once") }
    }

    func testValuesAreBufferedInOrderThenTheEnding() {
        var machine = started()
        for value in 1...3 {
            guard case .none = machine.push(value) else { return XCTFail("buffered") }
        }
        guard case .buffer(dropping: 10) = machine.end(.failed("boom")) else { return XCTFail("behind the values") }
        guard case .none = machine.push(4) else { return XCTFail("dropped after the end") }
        for value in 1...3 {
            guard case .resume(.value(value)) = machine.next(1) else { return XCTFail("value \(value)") }
        }
        guard case .resume(.failure("boom")) = machine.next(1) else { return XCTFail("then the failure") }
        guard case .resume(.end) = machine.next(1) else { return XCTFail("then the end for good") }
    }

    func testAWaitingConsumerGetsTheValueAndTheEndingDirectly() {
        var machine = started()
        guard case .wait = machine.next(1) else { return XCTFail("waits on an empty buffer") }
        guard case .resume(1, 7) = machine.push(7) else { return XCTFail("to the waiter") }
        guard case .wait = machine.next(2) else { return XCTFail("waits again") }
        guard case .resume(2, .end, dropping: 10) = machine.end(.completed) else { return XCTFail("ends the waiter") }
        guard case .closed = machine.state else { return XCTFail("closed") }
    }

    func testCancelHandsOutEverythingItHeld() {
        var machine = started()
        _ = machine.push(1)
        _ = machine.push(2)
        guard case .close(nil, 10, let dropped, nil) = machine.cancel() else { return XCTFail("closes") }
        XCTAssertEqual(dropped, [1, 2])
        guard case .none = machine.cancel() else { return XCTFail("once") }
        guard case .resume(.end) = machine.next(1) else { return XCTFail("over") }
    }

    func testCancelResumesAWaitingConsumer() {
        var machine = started()
        _ = machine.next(1)
        guard case .close(1, 10, let dropped, nil) = machine.cancel() else { return XCTFail("closes") }
        XCTAssertEqual(dropped, [])
    }

    func testCancelBeforeStartingReleasesTheStart() {
        var machine = Machine(start: "start")
        guard case .close(nil, nil, _, "start") = machine.cancel() else { return XCTFail("closes") }
        guard case .none = machine.startIfNeeded() else { return XCTFail("never starts") }
    }

    func testACancellationDuringTheStartDisposesOnAttach() {
        var machine = Machine(start: "start")
        _ = machine.startIfNeeded()
        guard case .close(nil, nil, _, nil) = machine.cancel() else { return XCTFail("closes") }
        guard case .dispose(10) = machine.attach(10) else { return XCTFail("disposed once attached") }
    }

    func testAnEndingDuringTheStartDropsTheDisposeFunction() {
        var machine = Machine(start: "start")
        _ = machine.startIfNeeded()
        _ = machine.push(1)
        guard case .buffer(dropping: nil) = machine.end(.completed) else { return XCTFail("buffered") }
        guard case .none = machine.attach(10) else { return XCTFail("the subscription ended by itself") }
        guard case .resume(.value(1)) = machine.next(1) else { return XCTFail("the value") }
        guard case .resume(.end) = machine.next(1) else { return XCTFail("the end") }
    }

    /// The consumer may cancel on its own thread while the subscription still sends: what
    /// arrives then is dropped quietly.
    func testEventsAfterACancellationAreDropped() {
        var machine = started()
        _ = machine.cancel()
        guard case .none = machine.push(1) else { return XCTFail("a late value") }
        guard case .none = machine.end(.completed) else { return XCTFail("a late ending") }
        guard case .resume(.end) = machine.next(1) else { return XCTFail("over") }
    }

    // Impossible transitions: the subscription is started and attached once, and delivers
    // nothing before its start and at most one terminal event.

    func testASecondAttachTraps() throws {
        try assertTraps("AsyncValuesBufferMachine: attach(_:) without a start or twice") {
            var machine = started()
            _ = machine.attach(11)
        }
    }

    func testAValueBeforeTheStartTraps() throws {
        try assertTraps("AsyncValuesBufferMachine: push(_:) before the subscription was started") {
            var machine = Machine(start: "start")
            _ = machine.push(1)
        }
    }

    func testASecondEndingTraps() throws {
        try assertTraps("AsyncValuesBufferMachine: end(_:) before the start or after the ending (state draining") {
            var machine = started()
            _ = machine.push(1)
            _ = machine.end(.completed)
            _ = machine.end(.failed("late"))
        }
    }
}
