import Foundation
import Observation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// A model the UI owns: isolated to the main actor.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
private final class SProfileModel {
    var name = "anonymous"
}

/// A target for `assign` whose property is optional.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class SLabel: @unchecked Sendable {
    // Safety: only written from the test's thread.
    var text: String? = "initial"
}

/// The untyped `assign(to:on:)` into an `SLabel`, as `AssignDriver` sees it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private enum UntypedAssign: AssignAdapter {
    static func makeModel() -> SLabel { SLabel() }

    static func text(of model: SLabel) -> String? { model.text }

    static func makePipe() -> SPipe { SPipe() }

    static func push(_ text: String, into pipe: SPipe) { pipe.putNext(text) }

    static func assignForwarding(_ pipe: SPipe, upstreamDisposed: @escaping @Sendable () -> Void, toTextOf model: SLabel) -> () -> Void {
        let source = SSignal { subscriber in
            let inner = pipe.signal().start(next: { subscriber.putNext($0) })
            return SBlockDisposable {
                inner.dispose()
                upstreamDisposed()
            }
        }
        return source.assign(to: \.text, on: model).dispose
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SSignalObservationTests: LeakCheckedTestCase {
    func testObservingDeliversTheCurrentValueThenEachChangeOnTheQueue() {
        let queue = SQueue()
        let model = ObservedCounter(1)
        let values = LockedState<[String]>([])
        let subscription = SSignal.observing(on: queue) { model.value }.start(next: { value in
            values.withLock { $0.append("\(value as? Int ?? -1) on queue \(queue.isCurrentQueue())") }
        })
        XCTAssertTrue(Stress.wait { values.withLock { $0.count } == 1 })
        model.value = 2
        XCTAssertTrue(Stress.wait { values.withLock { $0.count } == 2 })
        subscription.dispose()
        XCTAssertEqual(values.withLock { $0 }, ["1 on queue true", "2 on queue true"])
    }

    func testChangesFromSeveralThreadsEndWithTheFinalValueNeverAStaleOne() {
        let queue = SQueue()
        let model = ObservedCounter()
        let received = LockedState<[Int]>([])
        let subscription = SSignal.observing(on: queue) { model.value }.start(next: { value in
            received.withLock { $0.append(value as! Int) }
        })
        let threads = 4
        let perThread = 250 * Stress.scale
        Stress.run("observed writers", threads: threads) { _ in
            for _ in 0..<perThread { model.increment() }
        }
        let total = threads * perThread
        XCTAssertTrue(Stress.wait { received.withLock { $0.last } == total })
        queue.dispatchSync {}
        subscription.dispose()
        let values = received.withLock { $0 }
        XCTAssertEqual(values.last, total)
        XCTAssertEqual(values, values.sorted(), "reads never overlap, so values never go back")
        XCTAssertLessThanOrEqual(values.count, total + 1, "a re-read per reported change at most")
    }

    func testDisposalReleasesTheModelAndWhileChangesAreInFlightDeliversNothingAfterIt() {
        for _ in 0..<(10 * Stress.scale) {
            let queue = SQueue()
            weak var weakModel: ObservedCounter?
            let disposed = LockedState(false)
            let late = LockedState(0)
            do {
                let model = ObservedCounter()
                weakModel = model
                let subscription = UncheckedSendable(
                    SSignal.observing(on: queue) { model.value }.start(next: { _ in
                        if disposed.withLock({ $0 }) { late.withLock { $0 += 1 } }
                    }))
                Stress.run("dispose while changing", threads: 3) { index in
                    if index == 0 {
                        queue.dispatchSync {
                            subscription.value.dispose()
                            disposed.withLock { $0 = true }
                        }
                    } else {
                        for _ in 0..<50 { model.increment() }
                    }
                }
            }
            queue.dispatchSync {}
            XCTAssertEqual(late.withLock { $0 }, 0)
            // The writer threads release their closures (and the model) as they exit.
            XCTAssertTrue(Stress.wait { weakModel == nil }, "disposal released the reading closure")
        }
    }

    @MainActor
    func testObservingOnMainActorReadsAMainActorModel() async {
        let model = SProfileModel()
        let names = LockedState<[String]>([])
        let subscription = SSignal.observingOnMainActor { model.name }.start(next: { name in
            names.withLock { $0.append(name as? String ?? "?") }
        })
        XCTAssertEqual(names.withLock { $0 }, ["anonymous"], "started on the main actor: inline")
        model.name = "alice"
        let done = expectation(description: "re-read")
        DispatchQueue.main.async { done.fulfill() }
        await fulfillment(of: [done], timeout: 30)
        subscription.dispose()
        XCTAssertEqual(names.withLock { $0 }, ["anonymous", "alice"])
    }

    func testAssignWritesValuesIncludingNilIntoAnOptionalProperty() {
        let pipe = SPipe()
        let label = SLabel()
        let binding = pipe.signal().assign(to: \.text, on: label)
        pipe.putNext("one")
        XCTAssertEqual(label.text, "one")
        pipe.putNext(nil)
        XCTAssertNil(label.text)
        binding.dispose()
    }

    func testAValueOfTheWrongTypeEndsTheSubscriptionWithATypeError() {
        let pipe = SPipe()
        let label = SLabel()
        let errors = LockedState<[String]>([])
        let binding = pipe.signal().assign(
            to: \.text, on: label,
            error: { error in
                errors.withLock { $0.append("\(error!)") }
            })
        pipe.putNext(42)
        pipe.putNext("after")
        XCTAssertEqual(errors.withLock { $0 }, ["expected Optional<String>, got Int"])
        XCTAssertEqual(label.text, "initial", "nothing is written after the mismatch")
        binding.dispose()
    }

    func testAnErrorOfTheSignalReachesTheErrorCallback() {
        let errors = LockedState<[String]>([])
        let label = SLabel()
        SSignal.fail("broken").assign(
            to: \.text, on: label,
            error: { error in
                errors.withLock { $0.append(error as? String ?? "?") }
            })
        XCTAssertEqual(errors.withLock { $0 }, ["broken"])
    }

    func testAssignWritesEachValueAndEndsUpstreamAtTheFirstValueAfterTheModelIsGone() {
        AssignDriver.writesEachValueAndEndsUpstreamAtTheFirstValueAfterTheModelIsGone(UntypedAssign.self)
    }

    @MainActor
    func testAssignOnMainActorWritesFromABackgroundSourceOnTheMainActor() async {
        let model = SProfileModel()
        let binding = SSignal.single("bob").startOn(SQueue()).assignOnMainActor(to: \.name, on: model)
        let done = expectation(description: "assigned")
        let check = SSignal.observingOnMainActor { model.name }.start(next: { name in
            if name as? String == "bob" { done.fulfill() }
        })
        await fulfillment(of: [done], timeout: 30)
        check.dispose()
        binding.dispose()
        XCTAssertEqual(model.name, "bob")
    }
}
