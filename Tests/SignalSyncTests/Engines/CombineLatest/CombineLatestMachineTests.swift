import SignalTestSupport
import XCTest

@testable import SignalSync

/// `combineLatest`'s transitions, driven with no threads.
final class CombineLatestMachineTests: XCTestCase {
    private func machine(_ count: Int, seeded: Int = 0, _ rule: CompletedSourceDisposal = .atTeardown) -> CombineLatestMachine {
        CombineLatestMachine(count: count, seeded: seeded, completedSourceDisposal: rule)
    }

    func testHoldsUntilEverySlotIsFilledThenEmitsOnEveryValue() {
        var machine = machine(3)
        XCTAssertEqual(machine.valueArrived(at: 0), .hold)
        XCTAssertEqual(machine.valueArrived(at: 0), .hold, "a second value does not fill another slot")
        XCTAssertEqual(machine.valueArrived(at: 2), .hold)
        XCTAssertEqual(machine.valueArrived(at: 1), .emit)
        XCTAssertEqual(machine.valueArrived(at: 0), .emit)
    }

    func testSeededSlotsStartFilledAndExtraSeedsAreIgnored() {
        var seeded = machine(2, seeded: 1)
        XCTAssertEqual(seeded.valueArrived(at: 0), .hold)
        XCTAssertEqual(seeded.valueArrived(at: 1), .emit)
        var full = machine(2, seeded: 5)
        XCTAssertEqual(full.valueArrived(at: 1), .emit)
    }

    func testCompletesWhenEverySourceCompleted() {
        var machine = machine(2)
        XCTAssertEqual(name(machine.sourceCompleted(at: 0)), "none")
        XCTAssertEqual(name(machine.sourceCompleted(at: 1)), "complete")
        XCTAssertEqual(machine.valueArrived(at: 0), .drop)
        XCTAssertEqual(machine.sourceFailed(), .drop)
    }

    func testFirstErrorWinsThenEverythingDrops() {
        var machine = machine(2, seeded: 2)
        XCTAssertEqual(machine.sourceFailed(), .forward)
        XCTAssertEqual(machine.sourceFailed(), .drop)
        XCTAssertEqual(machine.valueArrived(at: 0), .drop)
        XCTAssertEqual(name(machine.sourceCompleted(at: 0)), "none")
        guard case .ended = machine.state else { return XCTFail("\(machine.state)") }
    }

    func testAtCompletionHandsOutAFinishedSourceAtOnceAndTheTeardownNoLonger() {
        var machine = machine(3, .atCompletion)
        for index in 0..<3 {
            XCTAssertEqual(name(machine.attach(CountingDisposable("\(index)"), at: index)), "keep")
        }
        XCTAssertEqual(name(machine.sourceCompleted(at: 1)), "dispose 1")
        XCTAssertEqual(name(machine.sourceCompleted(at: 0)), "dispose 0")
        XCTAssertEqual(name(machine.sourceCompleted(at: 2)), "complete then dispose 2")
        XCTAssertEqual(name(machine.dispose()), "dispose [-, -, -]")
        guard case .closed = machine.state else { return XCTFail("\(machine.state)") }
    }

    func testAtTeardownKeepsAFinishedSourceForTheTeardown() {
        var machine = machine(2, .atTeardown)
        _ = machine.attach(CountingDisposable("0"), at: 0)
        _ = machine.attach(CountingDisposable("1"), at: 1)
        XCTAssertEqual(name(machine.sourceCompleted(at: 0)), "none")
        XCTAssertEqual(name(machine.sourceCompleted(at: 1)), "complete")
        XCTAssertEqual(name(machine.dispose()), "dispose [0, 1]")
    }

    func testAtCompletionASourceThatCompletedWhileStartingIsDisposedWhenItsStartReturns() {
        var machine = machine(2, .atCompletion)
        XCTAssertEqual(name(machine.sourceCompleted(at: 0)), "none", "no handle yet")
        XCTAssertEqual(name(machine.attach(CountingDisposable("0"), at: 0)), "dispose 0")
        XCTAssertEqual(name(machine.attach(CountingDisposable("1"), at: 1)), "keep")
        XCTAssertEqual(name(machine.dispose()), "dispose [-, 1]")
    }

    func testDisposalHandsOutEveryHandleOnceAndDoesNotEndTheOutput() {
        var machine = machine(3, seeded: 3)
        _ = machine.attach(CountingDisposable("b"), at: 1)
        _ = machine.attach(CountingDisposable("a"), at: 0)
        XCTAssertFalse(machine.isDisposed)
        XCTAssertEqual(name(machine.dispose()), "dispose [a, b, -]")
        XCTAssertEqual(name(machine.dispose()), "none")
        XCTAssertTrue(machine.isDisposed)
        XCTAssertEqual(machine.valueArrived(at: 2), .emit, "a value sent while disposing still passes")
        XCTAssertEqual(name(machine.attach(CountingDisposable("late"), at: 2)), "dispose late")
        XCTAssertEqual(machine.sourceFailed(), .forward, "so does an error")
        guard case .closed = machine.state else { return XCTFail("\(machine.state)") }
    }

    func testAHandleAttachedAfterTheOutputEndedWaitsForTheTeardown() {
        var machine = machine(2)
        XCTAssertEqual(machine.sourceFailed(), .forward)
        XCTAssertEqual(name(machine.attach(CountingDisposable("1"), at: 1)), "keep")
        XCTAssertEqual(name(machine.dispose()), "dispose [-, 1]")
    }

    private func name(_ action: CombineLatestMachine.CompletionAction) -> String {
        switch action {
        case .none: "none"
        case .disposeSource(let handle): "dispose \(label(handle))"
        case .complete(nil): "complete"
        case .complete(let handle?): "complete then dispose \(label(handle))"
        }
    }

    private func name(_ action: CombineLatestMachine.AttachAction) -> String {
        switch action {
        case .keep: "keep"
        case .dispose(let handle): "dispose \(label(handle))"
        }
    }

    private func name(_ action: CombineLatestMachine.DisposeAction) -> String {
        switch action {
        case .none: "none"
        case .dispose(let handles): "dispose [\(handles.map { $0.map(label) ?? "-" }.joined(separator: ", "))]"
        }
    }

    private func label(_ handle: any UpstreamDisposable) -> String {
        (handle as? CountingDisposable)?.name ?? "?"
    }

    /// Impossible: each source is subscribed once, and a subscription delivers at most one
    /// terminal event.
    func testASecondCompletionOfTheSameSourceTraps() throws {
        try assertTraps("CombineLatestMachine: sourceCompleted(at: 0) for a source that completed already") {
            var machine = machine(2)
            _ = machine.sourceCompleted(at: 0)
            _ = machine.sourceCompleted(at: 0)
        }
    }
}
