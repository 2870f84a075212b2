import SignalTestSupport
import XCTest

@testable import SignalSync

/// The two kinds of callbacks a subscription calls: each delivers through its own slots,
/// and says which callbacks it has.
final class SubscriptionCallbacksTests: LeakCheckedTestCase {
    func testClosureCallbacksCallTheirClosuresAndIgnoreMissingOnes() {
        let log = EventLog()
        let callbacks: SubscriptionCallbacks<Int, String> = ClosureCallbacks(
            next: { log.add("next \($0)") }, error: nil, completed: { log.add("completed") })
        callbacks.deliverNext(1, isStage: false)
        callbacks.deliverError("ignored", isStage: false)
        callbacks.deliverCompletion(isStage: false)
        XCTAssertEqual(log.events, ["next 1", "completed"])
        XCTAssertTrue(callbacks.present == (next: true, error: false, completed: true))
    }

    func testStageCallbacksCallTheirFunctionsWithThemselves() {
        let log = EventLog()
        let callbacks: SubscriptionCallbacks<Int, String> = StageCallbacks(
            forwardNext: { callbacks, value in log.add("next \(value) \(callbacks is StageCallbacks<Int, String>)") },
            forwardTermination: { callbacks, failure in
                if let failure {
                    log.add("error \(failure.pointee) \(callbacks is StageCallbacks<Int, String>)")
                } else {
                    log.add("completed \(callbacks is StageCallbacks<Int, String>)")
                }
            })
        callbacks.deliverNext(2, isStage: true)
        callbacks.deliverError("e", isStage: true)
        callbacks.deliverCompletion(isStage: true)
        XCTAssertEqual(log.events, ["next 2 true", "error e true", "completed true"])
        XCTAssertTrue(callbacks.present == (next: true, error: true, completed: true))
    }

    /// The subscription records the kind from the initializer it was made with, and each
    /// of its deliveries reaches that kind's slots.
    func testAStageTellsANilErrorOfAnOptionalFailureFromTheCompletion() {
        // The untyped API's failures are `Any?`: a nil error is still an error.
        let log = EventLog()
        let callbacks: SubscriptionCallbacks<Int, String?> = StageCallbacks(
            forwardNext: { _, _ in },
            forwardTermination: { _, failure in
                if let failure {
                    log.add("error \(String(describing: failure.pointee))")
                } else {
                    log.add("completed")
                }
            })
        callbacks.deliverError(nil, isStage: true)
        callbacks.deliverError("e", isStage: true)
        callbacks.deliverCompletion(isStage: true)
        XCTAssertEqual(log.events, ["error nil", "error Optional(\"e\")", "completed"])
    }

    func testASubscriptionDeliversThroughTheKindItWasMadeWith() {
        let log = EventLog()
        let closures = SubscriptionCore<Int, String, SwiftSignalKitRules>(
            callbacks: ClosureCallbacks(next: { log.add("closure next \($0)") }, error: nil, completed: { log.add("closure completed") }))
        let stage = SubscriptionCore<Int, String, SwiftSignalKitRules>(
            callbacks: StageCallbacks(
                forwardNext: { _, value in log.add("stage next \(value)") },
                forwardTermination: { _, failure in log.add(failure.map { "stage error \($0.pointee)" } ?? "stage completed") }))
        let plain = SubscriptionCore<Int, String, SwiftSignalKitRules>(next: { log.add("plain next \($0)") }, error: nil, completed: nil)
        XCTAssertFalse(closures.callbacksAreStage.load(ordering: .relaxed))
        XCTAssertTrue(stage.callbacksAreStage.load(ordering: .relaxed))
        XCTAssertFalse(plain.callbacksAreStage.load(ordering: .relaxed))
        closures.putNext(1)
        stage.putNext(2)
        plain.putNext(3)
        closures.putCompletion()
        stage.putError("e")
        plain.putCompletion()
        XCTAssertEqual(log.events, ["closure next 1", "stage next 2", "plain next 3", "closure completed", "stage error e"])
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
