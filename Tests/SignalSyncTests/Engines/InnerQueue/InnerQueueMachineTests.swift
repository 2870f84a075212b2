import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone: inners and handles are strings, so each step's action reads as
/// what the storage will do.
final class InnerQueueMachineTests: LeakCheckedTestCase {
    private typealias Machine = InnerQueueMachine<String, String>

    /// The inner and id a step starts, or nil for any other step.
    private func started(_ step: Machine.Step) -> (String, Int)? {
        if case .start(let inner, let id) = step { return (inner, id) }
        return nil
    }

    private func isComplete(_ step: Machine.Step) -> Bool {
        if case .complete = step { return true }
        return false
    }

    private func isNone(_ step: Machine.Step) -> Bool {
        if case .none = step { return true }
        return false
    }

    func testSwitchToLatestStartsEachInnerAtOnceAndDisposesThePreviousAfterItsSuccessorStarted() {
        var machine = Machine(mode: .switchToLatest)
        let first = machine.outerNext("a")
        XCTAssertEqual(started(first.0)?.1, 1)
        XCTAssertNil(machine.startReturned(1, handle: "h1").dispose)
        let second = machine.outerNext("b")
        XCTAssertEqual(started(second.0)?.0, "b")
        XCTAssertEqual(started(second.0)?.1, 2)
        // Until b's start returns, a is still current; then it goes (new before old).
        XCTAssertEqual(machine.startReturned(2, handle: "h2").dispose, "h1")
        XCTAssertFalse(machine.accepts(1), "a replaced inner's values are dropped")
        XCTAssertTrue(machine.accepts(2))
    }

    func testSwitchToLatestCompletesWhenTheOuterAndTheCurrentInnerHaveCompleted() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(isNone(machine.outerCompletedEvent()), "the inner still runs")
        XCTAssertTrue(isComplete(machine.innerCompleted(1)))
        XCTAssertEqual(machine.phase, .finished)
        // The finished inner's handle is kept and disposed first at teardown.
        let parts = machine.dispose()
        XCTAssertEqual(parts?.inner, "h1")
    }

    func testIdleOuterCompletionCompletesAtOnce() {
        var machine = Machine(mode: .queue)
        XCTAssertTrue(isComplete(machine.outerCompletedEvent()))
        XCTAssertTrue(isNone(machine.outerCompletedEvent()), "one terminal event")
    }

    func testQueueBuffersNewcomersAndStartsTheNextWhenTheRunningOneCompletes() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(isNone(machine.outerNext("b").0))
        XCTAssertTrue(isNone(machine.outerNext("c").0))
        XCTAssertTrue(isNone(machine.outerCompletedEvent()), "inners still wait")
        let next = machine.innerCompleted(1)
        XCTAssertEqual(started(next)?.0, "b")
        XCTAssertEqual(machine.startReturned(2, handle: "h2").dispose, "h1", "the finished inner goes after its successor started")
        XCTAssertEqual(started(machine.innerCompleted(2))?.0, "c")
        _ = machine.startReturned(3, handle: "h3")
        XCTAssertTrue(isComplete(machine.innerCompleted(3)))
    }

    func testThrottledKeepsOnlyTheNewestWaitingInner() {
        var machine = Machine(mode: .throttled)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertEqual(machine.outerNext("b").dropped, [])
        XCTAssertEqual(machine.outerNext("c").dropped, ["b"], "b is released, never started")
        XCTAssertEqual(started(machine.innerCompleted(1))?.0, "c")
    }

    func testCompletionDuringItsOwnStartIsHandledWhenTheStartReturns() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.outerNext("b")
        // a completes inside its start: only noted, the loop goes on once start returns.
        XCTAssertTrue(isNone(machine.innerCompleted(1)))
        let afterStart = machine.startReturned(1, handle: "h1")
        XCTAssertEqual(started(afterStart.0)?.0, "b")
        XCTAssertNil(afterStart.dispose)
        XCTAssertEqual(machine.startReturned(2, handle: "h2").dispose, "h1")
    }

    func testAnInnerStillStartingIsAcceptedUntilItsStartReturns() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.outerNext("b")  // from another thread while a's start runs
        XCTAssertTrue(machine.accepts(1), "what a sends during its own start still goes through")
        XCTAssertTrue(machine.accepts(2))
        XCTAssertEqual(machine.startReturned(1, handle: "h1").dispose, "h1", "a is stale: disposed at once")
        XCTAssertFalse(machine.accepts(1))
        XCTAssertTrue(isNone(machine.innerCompleted(1)), "a stale inner's completion is ignored")
        XCTAssertEqual(machine.innerFailed(1).forward, false, "so is its error")
    }

    func testAfterAnErrorNothingStartsAndNothingMoreIsForwarded() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        _ = machine.outerNext("b")
        let failure = machine.innerFailed(1)
        XCTAssertTrue(failure.forward)
        XCTAssertEqual(failure.dropped, ["b"], "waiting inners are dropped, never started")
        let late = machine.outerNext("c")
        XCTAssertTrue(isNone(late.0), "no inner after the output terminated")
        XCTAssertEqual(late.dropped, ["c"])
        XCTAssertFalse(machine.accepts(1))
        XCTAssertFalse(machine.outerFailed().forward)
        XCTAssertTrue(isNone(machine.outerCompletedEvent()))
    }

    func testDisposeHandsOutTheCurrentInnerThenTheOuterOnce() {
        var machine = Machine(mode: .queue)
        XCTAssertNil(machine.setOuter("outer"))
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        _ = machine.outerNext("b")
        let parts = machine.dispose()
        XCTAssertEqual(parts?.inner, "h1")
        XCTAssertEqual(parts?.outer, "outer")
        XCTAssertEqual(parts?.dropped, ["b"])
        XCTAssertNil(machine.dispose(), "disposal happens once")
        XCTAssertEqual(machine.setOuter("late"), "late", "an outer that starts after disposal is disposed at once")
    }

    func testAnInnerWhoseStartReturnsAfterDisposalIsDisposedAtOnce() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.dispose()
        let returned = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(isNone(returned.0))
        XCTAssertEqual(returned.dispose, "h1")
    }
}
