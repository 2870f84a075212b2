import SignalTestSupport
import XCTest

@testable import SignalSync

/// The two kinds of callbacks a subscription calls: each delivers through its own slots,
/// and says which callbacks it has.
final class SubscriptionCallbacksTests: LeakCheckedTestCase {
    func testClosureCallbacksCallTheirClosuresAndIgnoreMissingOnes() {
        let log = Log()
        let callbacks: SubscriptionCallbacks<Int, String> = ClosureCallbacks(
            next: { log.append("next \($0)") }, error: nil, completed: { log.append("completed") })
        XCTAssertFalse(callbacks.forwards)
        callbacks.deliverNext(1)
        callbacks.deliverError("ignored")
        callbacks.deliverCompletion()
        XCTAssertEqual(log.lines, ["next 1", "completed"])
        XCTAssertTrue(callbacks.present == (next: true, error: false, completed: true))
    }

    func testStageCallbacksCallTheirFunctionsWithThemselves() {
        let log = Log()
        let callbacks: SubscriptionCallbacks<Int, String> = StageCallbacks(
            forwardNext: { callbacks, value in log.append("next \(value) \(callbacks.forwards)") },
            forwardError: { callbacks, failure in log.append("error \(failure) \(callbacks.forwards)") },
            forwardCompletion: { callbacks in log.append("completed \(callbacks.forwards)") })
        XCTAssertTrue(callbacks.forwards)
        callbacks.deliverNext(2)
        callbacks.deliverError("e")
        callbacks.deliverCompletion()
        XCTAssertEqual(log.lines, ["next 2 true", "error e true", "completed true"])
        XCTAssertTrue(callbacks.present == (next: true, error: true, completed: true))
    }

    func testReleasingClosureCallbacksReleasesWhatTheClosuresCaptured() {
        final class Probe {}
        weak var released: Probe?
        do {
            let probe = Probe()
            released = probe
            let callbacks = ClosureCallbacks<Int, Never>(next: { _ in _ = probe }, error: nil, completed: nil)
            withExtendedLifetime(callbacks) { XCTAssertNotNil(released) }
        }
        XCTAssertNil(released)
    }
}
