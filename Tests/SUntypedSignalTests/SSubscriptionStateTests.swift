@testable import SUntypedSignal
import XCTest

/// The internal state that is both the subscriber's storage and the handle `start`
/// returns.
final class SSubscriptionStateTests: XCTestCase {
    func testSilenceStopsDeliveryButKeepsTheDisposableForTheHandle() {
        let recorder = Recorder()
        var disposed = 0
        let state = SSubscriptionState(next: recorder.next, error: recorder.error, completed: recorder.completed)
        state.assign(SBlockDisposable { disposed += 1 })
        state.silence()
        XCTAssertTrue(state.isTerminated)
        state.putNext(1)
        state.putCompletion()
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(disposed, 0, "silencing does not dispose")
        state.dispose()
        XCTAssertEqual(disposed, 1, "the handle still disposes the upstream")
    }

    func testDisposableAssignedAfterSilenceIsDisposedAtOnce() {
        var disposed = false
        let state = SSubscriptionState(next: nil, error: nil, completed: nil)
        state.silence()
        state.assign(SBlockDisposable { disposed = true })
        XCTAssertTrue(disposed)
    }

    func testHandleDisposedFromInsideTheTerminalCallbackDisposesUpstreamOnce() {
        let log = Recorder()
        var state: SSubscriptionState?
        state = SSubscriptionState(next: nil, error: nil, completed: {
            log.log("completed")
            state?.dispose()
            log.log("after handle dispose")
        })
        state?.assign(SBlockDisposable { log.log("upstream disposed") })
        state?.putCompletion()
        XCTAssertEqual(log.events, ["completed", "upstream disposed", "after handle dispose"])
        state = nil
    }

    func testAssignReplacesWithoutDisposingAnEarlierDisposable() {
        var first = false
        var second = false
        let state = SSubscriptionState(next: nil, error: nil, completed: nil)
        state.assign(SBlockDisposable { first = true })
        state.assign(SBlockDisposable { second = true })
        state.putError(nil)
        XCTAssertFalse(first)
        XCTAssertTrue(second)
    }

    func testAssignNilIsIgnored() {
        let state = SSubscriptionState(next: nil, error: nil, completed: nil)
        state.assign(nil)
        state.dispose()
        XCTAssertTrue(state.isTerminated)
    }

    func testReleaseCallbacksKeepsTheSubscriptionOpen() {
        weak var weakObject: Tracked?
        var disposed = false
        let state: SSubscriptionState
        do {
            let object = Tracked()
            weakObject = object
            state = SSubscriptionState(next: { _ in _ = object }, error: nil, completed: nil)
        }
        state.assign(SBlockDisposable { disposed = true })
        state.releaseCallbacks()
        XCTAssertNil(weakObject)
        XCTAssertFalse(state.isTerminated)
        state.dispose()
        XCTAssertTrue(disposed)
    }
}
