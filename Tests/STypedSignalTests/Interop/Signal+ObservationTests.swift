import Foundation
import Observation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// A model the UI owns: isolated to the main actor.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
private final class ProfileModel {
    var name = "anonymous"
}

/// A target for `assign` that says when it is gone.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class Label: @unchecked Sendable {
    // Safety: only written from one queue at a time in these tests.
    var text = ""
}

/// The typed `assign(to:on:)` into a `Label`, as `AssignDriver` sees it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private enum TypedAssign: AssignAdapter {
    static func makeModel() -> Label { Label() }

    static func text(of model: Label) -> String? { model.text }

    static func makePipe() -> ValuePipe<String> { ValuePipe<String>() }

    static func push(_ text: String, into pipe: ValuePipe<String>) { pipe.putNext(text) }

    static func assignForwarding(_ pipe: ValuePipe<String>, upstreamDisposed: @escaping @Sendable () -> Void, toTextOf model: Label) -> () -> Void {
        let source = Signal<String, NoError> { subscriber in
            let inner = pipe.signal().start(next: { subscriber.putNext($0) })
            return ActionDisposable {
                inner.dispose()
                upstreamDisposed()
            }
        }
        return source.assign(to: \.text, on: model).dispose
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SignalObservationTests: LeakCheckedTestCase {
    func testObservingDeliversTheCurrentValueThenEachChangeOnTheQueue() {
        let queue = Queue(name: "observe")
        let model = ObservedCounter(1)
        let log = EventLog()
        let subscription = Signal<Int, NoError>.observing(on: queue) { model.value }.start(next: { value in
            log.add("\(value) on queue \(queue.isCurrent())")
        })
        XCTAssertTrue(Stress.wait { log.events.count == 1 })
        model.value = 2
        XCTAssertTrue(Stress.wait { log.events.count == 2 })
        subscription.dispose()
        XCTAssertEqual(log.events, ["1 on queue true", "2 on queue true"])
    }

    func testChangesFromSeveralThreadsEndWithTheFinalValueNeverAStaleOne() {
        let queue = Queue(name: "observe")
        let model = ObservedCounter()
        let received = LockedState<[Int]>([])
        let subscription = Signal<Int, NoError>.observing(on: queue) { model.value }.start(next: { value in
            received.withLock { $0.append(value) }
        })
        let threads = 4
        let perThread = 250 * Stress.scale
        Stress.run("observed writers", threads: threads) { _ in
            for _ in 0..<perThread { model.increment() }
        }
        let total = threads * perThread
        XCTAssertTrue(Stress.wait { received.withLock { $0.last } == total })
        queue.sync {}
        subscription.dispose()
        let values = received.withLock { $0 }
        XCTAssertEqual(values.last, total, "the last value received is the model's final value")
        XCTAssertEqual(values, values.sorted(), "reads never overlap, so values never go back")
        XCTAssertLessThanOrEqual(values.count, total + 1, "a re-read per reported change at most")
    }

    func testDisposalReleasesTheModelAndTheSubscriberCallbacks() {
        let queue = Queue(name: "observe")
        weak var weakModel: ObservedCounter?
        weak var weakToken: NSObject?
        do {
            let model = ObservedCounter()
            nonisolated(unsafe) let token = NSObject()
            weakModel = model
            weakToken = token
            let delivered = DispatchSemaphore(value: 0)
            let subscription = Signal<Int, NoError>.observing(on: queue) { model.value }.start(next: { _ in
                withExtendedLifetime(token) {}
                delivered.signal()
            })
            XCTAssertEqual(delivered.wait(timeout: .now() + 30), .success)
            subscription.dispose()
            model.value = 1
        }
        queue.sync {}
        XCTAssertNil(weakModel, "the reading closure was released")
        XCTAssertNil(weakToken, "the subscriber's callbacks were released")
    }

    func testAModelReleasedWhileObservedThroughAWeakCaptureGoesAndTheSignalStaysQuiet() {
        let queue = Queue(name: "observe")
        var model: ObservedCounter? = ObservedCounter(3)
        weak let weakModel = model
        let log = EventLog()
        let subscription = Signal<Int?, NoError>.observing(on: queue) { [weak model] in model?.value }.start(next: { value in
            log.add("\(value.map(String.init) ?? "gone")")
        })
        XCTAssertTrue(Stress.wait { log.events == ["3"] })
        model = nil
        XCTAssertNil(weakModel, "the signal does not keep a weakly captured model")
        queue.sync {}
        subscription.dispose()
        XCTAssertEqual(log.events, ["3"])
    }

    func testDisposalWhileChangesAreInFlightDeliversNothingAfterItOnTheQueue() {
        for _ in 0..<(10 * Stress.scale) {
            let queue = Queue(name: "observe")
            let model = ObservedCounter()
            let disposed = LockedState(false)
            let late = LockedState(0)
            let subscription = Signal<Int, NoError>.observing(on: queue) { model.value }.start(next: { _ in
                if disposed.withLock({ $0 }) { late.withLock { $0 += 1 } }
            })
            Stress.run("dispose while changing", threads: 3) { index in
                if index == 0 {
                    queue.sync {
                        subscription.dispose()
                        disposed.withLock { $0 = true }
                    }
                } else {
                    for _ in 0..<50 { model.increment() }
                }
            }
            queue.sync {}
            XCTAssertEqual(late.withLock { $0 }, 0)
        }
    }

    @MainActor
    func testObservingOnMainActorReadsAMainActorModel() async {
        let model = ProfileModel()
        let log = EventLog()
        let subscription = Signal<String, NoError>.observingOnMainActor { model.name }.start(next: { name in
            log.add("\(name) main \(Queue.mainQueue().isCurrent())")
        })
        XCTAssertEqual(log.events, ["anonymous main true"], "started on the main actor: inline")
        model.name = "alice"
        XCTAssertEqual(log.events.count, 1, "the re-read waits for the main queue")
        let done = expectation(description: "re-read")
        Queue.mainQueue().justDispatch { done.fulfill() }
        await fulfillment(of: [done], timeout: 30)
        subscription.dispose()
        XCTAssertEqual(log.events, ["anonymous main true", "alice main true"])
    }

    func testAssignWritesEachValueAndEndsUpstreamAtTheFirstValueAfterTheModelIsGone() {
        AssignDriver.writesEachValueAndEndsUpstreamAtTheFirstValueAfterTheModelIsGone(TypedAssign.self)
    }

    @MainActor
    func testAssignOnMainActorWritesFromABackgroundSourceOnTheMainActor() async {
        let model = ProfileModel()
        let binding = (Signal<String, NoError>.single("bob") |> runOn(Queue(name: "bg"))).assignOnMainActor(to: \.name, on: model)
        let done = expectation(description: "assigned")
        let check = Signal<String, NoError>.observingOnMainActor { model.name }.start(next: { name in
            if name == "bob" { done.fulfill() }
        })
        await fulfillment(of: [done], timeout: 30)
        check.dispose()
        binding.dispose()
        XCTAssertEqual(model.name, "bob")
    }

    func testObservingOneModelAndAssigningIntoAnotherKeepsThemInStep() {
        let queue = Queue(name: "observe")
        let source = ObservedCounter(1)
        let target = ObservedCounter()
        let binding = (Signal<Int, NoError>.observing(on: queue) { source.value } |> map { $0 * 10 }).assign(to: \.value, on: target)
        source.value = 7
        XCTAssertTrue(Stress.wait { target.value == 70 })
        binding.dispose()
    }
}
