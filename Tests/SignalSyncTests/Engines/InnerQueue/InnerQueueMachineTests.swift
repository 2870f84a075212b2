import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone, with no threads: inners and handles are strings, so each action
/// reads as what the storage will do.
final class InnerQueueMachineTests: LeakCheckedTestCase {
    private typealias Machine = InnerQueueMachine<String, String>

    /// The inner and id an inner's completion starts, or nil for any other action.
    private func started(_ action: Machine.InnerCompletedAction) -> (String, Int)? {
        if case .start(let inner, let id) = action { return (inner, id) }
        return nil
    }

    /// The id an outer value starts, or nil for any other action.
    private func started(_ action: Machine.OuterNextAction) -> Int? {
        if case .start(let id) = action { return id }
        return nil
    }

    private func isComplete(_ action: Machine.InnerCompletedAction) -> Bool {
        if case .complete = action { return true }
        return false
    }

    private func isComplete(_ action: Machine.OuterCompletedAction) -> Bool {
        if case .complete = action { return true }
        return false
    }

    private func isDone(_ action: Machine.InnerCompletedAction) -> Bool {
        if case .done = action { return true }
        return false
    }

    private func isDone(_ action: Machine.OuterCompletedAction) -> Bool {
        if case .done = action { return true }
        return false
    }

    /// The handle a kept start replaces (nil inside: none), or nil when the handle was
    /// discarded.
    private func replaced(_ action: Machine.StartReturnedAction) -> String?? {
        if case .keep(let replaced, _) = action { return .some(replaced) }
        return nil
    }

    /// What a kept start goes on with.
    private func then(_ action: Machine.StartReturnedAction) -> Machine.InnerCompletedAction? {
        if case .keep(_, let then) = action { return then }
        return nil
    }

    private func discarded(_ action: Machine.StartReturnedAction) -> String? {
        if case .discard(let handle) = action { return handle }
        return nil
    }

    private func queuedReplacing(_ action: Machine.OuterNextAction) -> String?? {
        if case .queued(let replaced) = action { return .some(replaced) }
        return nil
    }

    private func forwarded(_ action: Machine.FailureAction) -> [String]? {
        if case .forward(let dropped) = action { return dropped }
        return nil
    }

    func testSwitchToLatestStartsEachInnerAtOnceAndDisposesThePreviousAfterItsSuccessorStarted() {
        var machine = Machine(mode: .switchToLatest)
        XCTAssertEqual(machine.state, .idle)
        XCTAssertEqual(started(machine.outerNext("a")), 1)
        XCTAssertEqual(machine.state, .running(outerCompleted: false))
        XCTAssertEqual(replaced(machine.startReturned(1, handle: "h1")), .some(nil))
        XCTAssertEqual(started(machine.outerNext("b")), 2)
        // Until b's start returns, a is still current; then it goes (new before old).
        XCTAssertEqual(replaced(machine.startReturned(2, handle: "h2")), "h1")
        XCTAssertFalse(machine.accepts(1), "a replaced inner's values are dropped")
        XCTAssertTrue(machine.accepts(2))
    }

    func testSwitchToLatestCompletesWhenTheOuterAndTheCurrentInnerHaveCompleted() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(isDone(machine.outerCompleted()), "the inner still runs")
        XCTAssertEqual(machine.state, .running(outerCompleted: true))
        XCTAssertTrue(isComplete(machine.innerCompleted(1)))
        XCTAssertEqual(machine.state, .finished)
        // The finished inner's handle is kept and disposed first at teardown.
        guard case .teardown(let inner, _, _) = machine.dispose() else { return XCTFail("no teardown") }
        XCTAssertEqual(inner, "h1")
    }

    func testAnInnerThatCompletesBeforeTheOuterLeavesTheMachineIdle() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(isDone(machine.innerCompleted(1)))
        XCTAssertEqual(machine.state, .idle)
        XCTAssertTrue(isComplete(machine.outerCompleted()))
    }

    func testIdleOuterCompletionCompletesAtOnce() {
        var machine = Machine(mode: .queue)
        XCTAssertTrue(isComplete(machine.outerCompleted()))
        XCTAssertTrue(isDone(machine.outerCompleted()), "one terminal event")
    }

    func testQueueBuffersNewcomersAndStartsTheNextWhenTheRunningOneCompletes() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertEqual(queuedReplacing(machine.outerNext("b")), .some(nil))
        XCTAssertEqual(queuedReplacing(machine.outerNext("c")), .some(nil))
        XCTAssertTrue(isDone(machine.outerCompleted()), "inners still wait")
        let next = machine.innerCompleted(1)
        XCTAssertEqual(started(next)?.0, "b")
        XCTAssertEqual(replaced(machine.startReturned(2, handle: "h2")), "h1", "the finished inner goes after its successor started")
        XCTAssertEqual(started(machine.innerCompleted(2))?.0, "c")
        _ = machine.startReturned(3, handle: "h3")
        XCTAssertTrue(isComplete(machine.innerCompleted(3)))
    }

    func testThrottledKeepsOnlyTheNewestWaitingInner() {
        var machine = Machine(mode: .throttled)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        XCTAssertEqual(queuedReplacing(machine.outerNext("b")), .some(nil))
        XCTAssertEqual(queuedReplacing(machine.outerNext("c")), "b", "b is released, never started")
        XCTAssertEqual(started(machine.innerCompleted(1))?.0, "c")
    }

    func testCompletionDuringItsOwnStartIsHandledWhenTheStartReturns() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.outerNext("b")
        // a completes inside its start: only noted, the loop goes on once start returns.
        XCTAssertTrue(isDone(machine.innerCompleted(1)))
        XCTAssertEqual(machine.state, .completedInStart(outerCompleted: false))
        XCTAssertTrue(isDone(machine.outerCompleted()), "b still waits")
        XCTAssertEqual(machine.state, .completedInStart(outerCompleted: true))
        let afterStart = machine.startReturned(1, handle: "h1")
        XCTAssertEqual(replaced(afterStart), .some(nil))
        XCTAssertEqual(then(afterStart).flatMap(started)?.0, "b")
        XCTAssertEqual(replaced(machine.startReturned(2, handle: "h2")), "h1")
        XCTAssertTrue(isComplete(machine.innerCompleted(2)), "the outer had completed")
    }

    func testAnInnerCompletingInItsStartWithNothingWaitingLeavesTheMachineIdle() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.innerCompleted(1)
        XCTAssertTrue(isDone(machine.innerCompleted(1)), "a second completion is ignored")
        let afterStart = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(then(afterStart).map(isDone) ?? false)
        XCTAssertEqual(machine.state, .idle)
    }

    func testAnInnerEndedInItsStartReplacesThePreviousAndLeavesNoHandle() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        _ = machine.outerNext("b")
        XCTAssertTrue(machine.accepts(2))
        let afterStart = machine.endedInStart(2)
        XCTAssertEqual(replaced(afterStart), "h1", "the running inner goes once b's start returned")
        XCTAssertTrue(then(afterStart).map(isDone) ?? false)
        XCTAssertEqual(machine.state, .idle)
        _ = machine.outerNext("c")
        XCTAssertEqual(replaced(machine.startReturned(3, handle: "h3")), .some(nil), "b left no handle to dispose")
    }

    func testAnInnerEndedInItsStartGoesOnWithTheNextWaitingInnerOrCompletes() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.outerNext("b")
        _ = machine.outerCompleted()
        XCTAssertEqual(then(machine.endedInStart(1)).flatMap(started)?.0, "b")
        XCTAssertTrue(then(machine.endedInStart(2)).map(isComplete) ?? false, "the outer had completed")
        XCTAssertEqual(machine.state, .finished)
    }

    func testAStaleOrDisposedInnerEndedInItsStartIsDiscardedWithNoHandle() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.outerNext("b")  // from another thread while a's start runs
        guard case .discard(let stale) = machine.endedInStart(1) else { return XCTFail("a is stale") }
        XCTAssertNil(stale)
        _ = machine.dispose()
        guard case .discard(let late) = machine.endedInStart(2) else { return XCTFail("the machine was disposed") }
        XCTAssertNil(late)
    }

    func testAnInnerStillStartingIsAcceptedUntilItsStartReturns() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.outerNext("b")  // from another thread while a's start runs
        XCTAssertTrue(machine.accepts(1), "what a sends during its own start still goes through")
        XCTAssertTrue(machine.accepts(2))
        XCTAssertEqual(discarded(machine.startReturned(1, handle: "h1")), "h1", "a is stale: disposed at once")
        XCTAssertFalse(machine.accepts(1))
        XCTAssertTrue(isDone(machine.innerCompleted(1)), "a stale inner's completion is ignored")
        XCTAssertNil(forwarded(machine.innerFailed(1)), "so is its error")
    }

    func testAfterAnErrorNothingStartsAndNothingMoreIsForwarded() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        _ = machine.outerNext("b")
        XCTAssertEqual(forwarded(machine.innerFailed(1)), ["b"], "waiting inners are dropped, never started")
        XCTAssertEqual(machine.state, .finished)
        guard case .dropped = machine.outerNext("c") else { return XCTFail("no inner after the output terminated") }
        XCTAssertFalse(machine.accepts(1))
        XCTAssertNil(forwarded(machine.outerFailed()))
        XCTAssertTrue(isDone(machine.outerCompleted()))
    }

    func testAnInnerWhoseStartReturnsAfterTheOutputFailedIsKeptForDisposal() {
        var machine = Machine(mode: .queue)
        _ = machine.outerNext("a")
        _ = machine.innerCompleted(1)
        XCTAssertEqual(forwarded(machine.outerFailed()), [])
        let afterStart = machine.startReturned(1, handle: "h1")
        XCTAssertTrue(then(afterStart).map(isDone) ?? false, "nothing starts after the output failed")
        guard case .teardown(let inner, _, _) = machine.dispose() else { return XCTFail("no teardown") }
        XCTAssertEqual(inner, "h1")
    }

    func testDisposeHandsOutTheCurrentInnerThenTheOuterOnce() {
        var machine = Machine(mode: .queue)
        guard case .keep = machine.setOuter("outer") else { return XCTFail("the outer is kept") }
        _ = machine.outerNext("a")
        _ = machine.startReturned(1, handle: "h1")
        _ = machine.outerNext("b")
        guard case .teardown(let inner, let outer, let dropped) = machine.dispose() else { return XCTFail("no teardown") }
        XCTAssertEqual(inner, "h1")
        XCTAssertEqual(outer, "outer")
        XCTAssertEqual(dropped, ["b"])
        XCTAssertEqual(machine.state, .disposed)
        guard case .alreadyDisposed = machine.dispose() else { return XCTFail("disposal happens once") }
        guard case .discard(let late) = machine.setOuter("late") else { return XCTFail("an outer after disposal is not kept") }
        XCTAssertEqual(late, "late", "an outer that starts after disposal is disposed at once")
        guard case .dropped = machine.outerNext("d") else { return XCTFail("nothing starts after disposal") }
    }

    func testAnInnerWhoseStartReturnsAfterDisposalIsDisposedAtOnce() {
        var machine = Machine(mode: .switchToLatest)
        _ = machine.outerNext("a")
        _ = machine.dispose()
        XCTAssertEqual(discarded(machine.startReturned(1, handle: "h1")), "h1")
    }
}
