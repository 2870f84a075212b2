import SignalTestSupport
import XCTest

@testable import SignalSync

final class ThrottleMachineTests: LeakCheckedTestCase {
    private func phase(_ machine: ThrottleMachine<Int>) -> String {
        switch machine.state {
        case .idle: "idle"
        case .throttling(let held): "throttling \(held.map(String.init) ?? "-")"
        case .ended: "ended"
        case .disposed: "disposed"
        }
    }

    func testTheFirstValueIsEmittedAndOpensAnInterval() {
        var machine = ThrottleMachine<Int>(latest: true)
        guard case .emit(1) = machine.next(1) else { return XCTFail("emitted at once") }
        XCTAssertEqual(phase(machine), "throttling -")
        guard case .ignore = machine.fire() else { return XCTFail("nothing held") }
        XCTAssertEqual(phase(machine), "idle")
    }

    func testLatestKeepsTheLastValueOfTheInterval() {
        var machine = ThrottleMachine<Int>(latest: true)
        _ = machine.next(1)
        guard case .hold(released: nil) = machine.next(2) else { return XCTFail("held") }
        guard case .hold(released: 2) = machine.next(3) else { return XCTFail("3 replaces 2") }
        guard case .emit(3) = machine.fire() else { return XCTFail("the last at the end") }
        XCTAssertEqual(phase(machine), "throttling -", "a new interval")
    }

    func testFirstKeepsTheFirstValueOfTheInterval() {
        var machine = ThrottleMachine<Int>(latest: false)
        _ = machine.next(1)
        guard case .hold(released: nil) = machine.next(2) else { return XCTFail("held") }
        guard case .hold(released: 3) = machine.next(3) else { return XCTFail("3 is dropped") }
        guard case .emit(2) = machine.fire() else { return XCTFail("the first at the end") }
    }

    func testCompletionFlushesTheHeldValue() {
        var machine = ThrottleMachine<Int>(latest: true)
        guard case .flush(nil) = machine.complete() else { return XCTFail("nothing held when idle") }
        var throttling = ThrottleMachine<Int>(latest: true)
        _ = throttling.next(1)
        _ = throttling.next(2)
        guard case .flush(2) = throttling.complete() else { return XCTFail("the held value") }
        XCTAssertEqual(phase(throttling), "ended")
        guard case .ignore = throttling.fire() else { return XCTFail("a late fire is ignored") }
        guard case .ignore = throttling.dispose() else { return XCTFail("a disposal after the end does nothing") }
    }

    func testAnErrorOrADisposalDropsTheHeldValue() {
        var failing = ThrottleMachine<Int>(latest: true)
        _ = failing.next(1)
        _ = failing.next(2)
        guard case .stop(dropped: 2) = failing.fail() else { return XCTFail("dropped") }
        XCTAssertTrue(failing.isFinished)
        var disposed = ThrottleMachine<Int>(latest: true)
        _ = disposed.next(1)
        _ = disposed.next(2)
        guard case .stop(dropped: 2) = disposed.dispose() else { return XCTFail("dropped") }
        XCTAssertEqual(phase(disposed), "disposed")
        guard case .ignore = disposed.next(3) else { return XCTFail("ignored after the disposal") }
        guard case .ignore = disposed.complete() else { return XCTFail("ignored after the disposal") }
        guard case .ignore = disposed.fail() else { return XCTFail("ignored after the disposal") }
        guard case .ignore = disposed.dispose() else { return XCTFail("idempotent") }
        XCTAssertTrue(disposed.isFinished)
    }
}
