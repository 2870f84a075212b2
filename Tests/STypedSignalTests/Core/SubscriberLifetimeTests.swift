import Dispatch
import SignalSync
import SignalTestSupport
import XCTest

@testable import STypedSignal

/// SwiftSignalKit's lifetime rules through the public API (Divergences.md, "Lifetime rules
/// of a subscription"): how often the generator's disposable is disposed, in which order a
/// subscription releases what it holds, and when. Release orders are observed with deinit probes; run
/// these in release too (`swift test -c release -Xswiftc -enable-testing`).
final class SubscriberLifetimeTests: LeakCheckedTestCase {
    // MARK: Dispose counts (some paths dispose the generator's disposable twice)

    func testHandleDisposedInsideTheCompletedCallbackDisposesTheGeneratorDisposableTwice() {
        let counter = CountingDisposable()
        let source = HeldSource<Int>(counter)
        nonisolated(unsafe) var handle: Disposable?
        handle = source.signal.start(completed: { handle?.dispose() })
        source.subscriber?.putCompletion()
        XCTAssertEqual(counter.count, 2)
    }

    func testCompletionFromInsideTheGeneratorDisposeDuringHandleDisposalDisposesTwice() {
        let log = EventLog()
        let source = HeldSource<Int>(nil)
        source.disposable = CountingDisposable {
            source.subscriber?.putNext(99)
            source.subscriber?.putCompletion()
        }
        let handle = source.signal.start(next: { log.add("next \($0)") }, completed: { log.add("completed") })
        handle.dispose()
        XCTAssertEqual(log.events, ["next 99", "completed"])
        XCTAssertEqual(source.disposable?.count, 2)
    }

    func testHandleDisposedAfterNormalCompletionDisposesNothingMore() {
        let counter = CountingDisposable()
        let source = HeldSource<Int>(counter)
        let handle = source.signal.start()
        source.subscriber?.putCompletion()
        handle.dispose()
        XCTAssertEqual(counter.count, 1)
    }

    func testOperatorsOverAnAsynchronouslyTerminatingSourceDisposeUpstreamTwice() {
        let cases: [(String, (Signal<Int, NoError>) -> Signal<Int, NoError>)] = [
            ("map", { $0 |> map { $0 + 1 } }),
            ("combineLatest", { combineLatest($0, .single(1)) |> map { $0.0 + $0.1 } }),
            ("switchToLatest", { source in .single(source) |> switchToLatest }),
            ("then", { $0 |> then(.complete()) }),
        ]
        for (name, apply) in cases {
            let counter = CountingDisposable()
            let source = HeldSource<Int>(counter)
            let handle = apply(source.signal).start()
            source.subscriber?.putCompletion()
            XCTAssertEqual(counter.count, 2, name)
            handle.dispose()
        }
    }

    func testRestartOverAnAsynchronouslyCompletingSourceDisposesEachIterationTwice() {
        let counters = Atomic(value: [CountingDisposable]())
        let subscribers = Atomic(value: [Subscriber<Int, NoError>]())
        let source = Signal<Int, NoError> { subscriber in
            let counter = CountingDisposable()
            _ = counters.modify { $0 + [counter] }
            _ = subscribers.modify { $0 + [subscriber] }
            return counter
        }
        let handle = (source |> restart).start()
        subscribers.with { $0 }[0].putCompletion()
        XCTAssertEqual(counters.with { $0.map(\.count) }, [2, 0])
        handle.dispose()
        XCTAssertEqual(counters.with { $0.map(\.count) }, [2, 1])
    }

    func testDeliverOnDisposesTwiceWhenCompletionRunsInlineAndOnceWhenDeferred() {
        let queue = Queue(name: "lifetime")
        for inline in [true, false] {
            let counter = CountingDisposable()
            let source = HeldSource<Int>(counter)
            let done = expectation(description: "completed")
            let handle = (source.signal |> deliverOn(queue)).start(completed: { done.fulfill() })
            if inline {
                queue.sync { source.subscriber?.putCompletion() }
            } else {
                // Deferred: the queue runs the completion only after the source's
                // termination has returned. (Were the queue free, it could dispose the
                // handle while the source is still terminating, before the terminal
                // event dropped the handle's reference, and count 2: in the original too.)
                let gate = DispatchSemaphore(value: 0)
                queue.async { gate.wait() }
                source.subscriber?.putCompletion()
                gate.signal()
            }
            wait(for: [done], timeout: 10)
            queue.sync {}
            XCTAssertEqual(counter.count, inline ? 2 : 1, inline ? "inline" : "deferred")
            handle.dispose()
        }
    }

    // MARK: Events a source emits while it is being disposed (still delivered)

    func testEventsASourceEmitsWhileBeingDisposedReachDownstreamThroughMapAndCombineLatest() {
        let cases: [(String, (Signal<Int, NoError>) -> Signal<Int, NoError>)] = [
            ("map", { $0 |> map { $0 } }),
            ("combineLatest", { combineLatest($0, .single(0)) |> map { $0.0 + $0.1 } }),
        ]
        for (name, apply) in cases {
            let log = EventLog()
            let source = HeldSource<Int>(nil)
            source.disposable = CountingDisposable {
                log.add("dispose")
                source.subscriber?.putNext(99)
                source.subscriber?.putCompletion()
            }
            let handle = apply(source.signal).start(next: { log.add("next \($0)") }, completed: { log.add("completed") })
            handle.dispose()
            // The completion sent from inside the dispose disposes the source a second time.
            XCTAssertEqual(log.events, ["dispose", "next 99", "completed", "dispose"], name)
        }
    }

    // MARK: Release order

    func testSubscriberDroppedAfterTheHandleReleasesDisposableKeptObjectsThenCallbacks() {
        let log = EventLog()
        let source = HeldSource<Int>(nil)
        do {
            source.disposable = CountingDisposable(log: log)
            let probes = Probes(log)
            let handle = source.signal.start(next: probes.next, error: probes.error, completed: probes.completed)
            source.subscriber?.keepAlive(ReleaseProbe("kept", log))
            withExtendedLifetime(handle) {}
        }
        source.disposable = nil
        log.clear()
        source.subscriber = nil
        XCTAssertEqual(log.events, ["disposable released", "kept released", "next released", "error released", "completed released"])
    }

    func testSubscriberDroppedWhileTheHandleLivesReleasesKeptObjectsThenCallbacks() {
        let log = EventLog()
        let source = HeldSource<Int>(nil)
        let handle: Disposable
        do {
            source.disposable = CountingDisposable(log: log)
            let probes = Probes(log)
            handle = source.signal.start(next: probes.next, error: probes.error, completed: probes.completed)
            source.subscriber?.keepAlive(ReleaseProbe("kept", log))
        }
        source.disposable = nil
        log.clear()
        source.subscriber = nil
        XCTAssertEqual(log.events, ["kept released", "next released", "error released", "completed released"])
        log.clear()
        handle.dispose()
        XCTAssertEqual(log.events, ["disposable.dispose", "disposable released"])
    }

    func testTerminationDisposesThenReleasesTheDisposableThenKeptObjects() {
        let log = EventLog()
        let source = HeldSource<Int>(nil)
        let handle: Disposable
        do {
            source.disposable = CountingDisposable(log: log)
            handle = source.signal.start(completed: { log.add("completed") })
            source.subscriber?.keepAlive(ReleaseProbe("kept", log))
        }
        source.disposable = nil
        source.subscriber?.putCompletion()
        XCTAssertEqual(log.events, ["completed", "disposable.dispose", "disposable released", "kept released"])
        withExtendedLifetime(handle) {}
    }

    func testAHandleDisposedInsideTheCompletionCallbackReleasesTheKeptObjectsThere() {
        // The handle's dispose() disposes its reference to the disposable and then ends the
        // subscription, releasing what it keeps alive, before the callback goes on; the
        // terminal event then disposes the subscriber's reference again.
        let log = EventLog()
        let source = HeldSource<Int>(nil)
        let box = HandleBox()
        do {
            source.disposable = CountingDisposable(log: log)
            box.handle = source.signal.start(completed: {
                log.add("completed")
                box.handle?.dispose()
                log.add("handle disposed")
            })
            source.subscriber?.keepAlive(ReleaseProbe("kept", log))
        }
        source.disposable = nil
        source.subscriber?.putCompletion()
        XCTAssertEqual(log.events, ["completed", "disposable.dispose", "kept released", "handle disposed", "disposable.dispose", "disposable released"])
        box.handle = nil
    }

    func testSourceDroppingItsSubscriberInsideTheGeneratorDisposeReleasesCallbacksAfterDispose() {
        let log = EventLog()
        let source = HeldSource<Int>(nil)
        let handle: Disposable
        do {
            let probes = Probes(log)
            source.disposable = CountingDisposable {
                source.subscriber = nil
                log.add("generator dispose returns")
            }
            handle = source.signal.start(next: probes.next, error: probes.error, completed: probes.completed)
        }
        handle.dispose()
        XCTAssertEqual(log.events, ["generator dispose returns", "next released", "error released", "completed released"])
    }

    // MARK: Description

    func testDescriptionInsideTheGeneratorDisposeDuringHandleDisposal() {
        let source = HeldSource<Int>(nil)
        var seen = ""
        source.disposable = CountingDisposable { seen = source.subscriber?.description ?? "" }
        source.signal.start(next: { _ in }).dispose()
        XCTAssertEqual(seen, "Subscriber { next: hasValue, error: nil, completed: nil, disposable: hasValue, terminated: false }")
    }

    func testDescriptionInsideTheTerminalCallback() {
        let source = HeldSource<Int>(nil)
        nonisolated(unsafe) var seen = ""
        source.disposable = CountingDisposable()
        let handle = source.signal.start(next: { _ in }, completed: { seen = source.subscriber?.description ?? "" })
        source.subscriber?.putCompletion()
        XCTAssertEqual(seen, "Subscriber { next: nil, error: nil, completed: nil, disposable: nil, terminated: true }")
        withExtendedLifetime(handle) {}
    }
}

// MARK: - Support

/// A source that keeps its subscriber (as a pipe would) and returns `disposable`.
private final class HeldSource<T>: @unchecked Sendable {
    var subscriber: Subscriber<T, NoError>?
    var disposable: CountingDisposable?

    init(_ disposable: CountingDisposable?) {
        self.disposable = disposable
    }

    var signal: Signal<T, NoError> {
        Signal { subscriber in
            self.subscriber = subscriber
            return self.disposable ?? EmptyDisposable
        }
    }
}

/// A callback that does nothing but keep `object` alive.
private func retaining<A>(_ object: AnyObject) -> @Sendable (A) -> Void {
    // The probe is only held, never used: its release is what the tests observe.
    nonisolated(unsafe) let object = object
    return { _ in withExtendedLifetime(object) {} }
}

/// Three callbacks, each capturing a probe named after it.
private struct Probes {
    let next: @Sendable (Int) -> Void
    let error: @Sendable (NoError) -> Void
    let completed: @Sendable () -> Void

    init(_ log: EventLog) {
        let nextProbe = ReleaseProbe("next", log)
        let errorProbe = ReleaseProbe("error", log)
        let completedProbe = ReleaseProbe("completed", log)
        next = retaining(nextProbe)
        error = retaining(errorProbe)
        completed = { withExtendedLifetime(completedProbe) {} }
    }
}

/// Holds a handle for a callback that disposes it.
private final class HandleBox: @unchecked Sendable {
    // Safety: used from the test's thread only.
    var handle: Disposable?
}
