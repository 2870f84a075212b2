import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// A signal whose n-th subscription (from 1) runs `body(n, subscriber)`; the returned
/// disposable does nothing.
private func scripted<T, E>(_ body: @escaping @Sendable (Int, Subscriber<T, E>) -> Void) -> Signal<T, E> {
    let count = Atomic(value: 0)
    return Signal { subscriber in
        body(count.modify { $0 + 1 }, subscriber)
        return EmptyDisposable
    }
}

/// A signal that runs `syncBody(n, subscriber)` for its first `synchronous`
/// subscriptions and forwards `live` (until disposed) for the later ones.
private func thenLive<T, E>(
    after synchronous: Int, _ live: ManualSource<T, E>,
    _ syncBody: @escaping @Sendable (Int, Subscriber<T, E>) -> Void
) -> Signal<T, E> {
    let count = Atomic(value: 0)
    return Signal { subscriber in
        let n = count.modify { $0 + 1 }
        if n <= synchronous {
            syncBody(n, subscriber)
            return EmptyDisposable
        }
        return live.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
    }
}

/// A test-local `take(1)`: forwards the first value, then completes.
private func firstValue<T, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        signal.start(
            next: { value in
                subscriber.putNext(value)
                subscriber.putCompletion()
            }, error: subscriber.putError, completed: subscriber.putCompletion)
    }
}

final class SignalCatchTests: LeakCheckedTestCase {
    // MARK: catch

    func testCatchPassesValuesAndCompletionWithoutCallingF() {
        let log = EventLog()
        let source = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putNext(2)
            subscriber.putCompletion()
            return EmptyDisposable
        }
        log.record(
            source
                |> `catch` { (_: TestError) -> Signal<Int, String> in
                    log.add("f called")
                    return .single(0)
                })
        XCTAssertEqual(log.events, ["next 1", "next 2", "completed"])
    }

    func testCatchSwitchesToAlternativeWithNewErrorType() {
        let log = EventLog()
        let source = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putError(TestError(7))
            return EmptyDisposable
        }
        let caught: Signal<Int, String> =
            source
            |> `catch` { error in
                log.add("f \(error)")
                return Signal { subscriber in
                    subscriber.putNext(error.code * 10)
                    subscriber.putError("alt failed")
                    return EmptyDisposable
                }
            }
        log.record(caught)
        XCTAssertEqual(log.events, ["next 1", "f E7", "next 70", "error alt failed"])
    }

    func testCatchForwardsAlternativeCompletion() {
        let log = EventLog()
        let caught = Signal<Int, TestError>.fail(TestError(1)) |> `catch` { _ in Signal<Int, NoError>.single(5) }
        log.record(caught)
        XCTAssertEqual(log.events, ["next 5", "completed"])
    }

    func testCatchInfersAnAlternativeOfTheSameTypesWithoutAnnotation() {
        let log = EventLog()
        let recovered = Signal<[Int], TestError>.fail(TestError(1)) |> `catch` { _ in .single([]) }
        let sameTypes: Signal<[Int], TestError> = recovered
        log.record(sameTypes)
        XCTAssertEqual(log.events, ["next []", "completed"])
    }

    func testCatchInfersAnImplicitCompleteAndAMultiStatementClosure() {
        let log = EventLog()
        let completing = Signal<Int, TestError>.fail(TestError(1)) |> `catch` { _ in .complete() }
        log.record(completing)
        let computed =
            Signal<Int, TestError>.fail(TestError(4))
            |> `catch` { error in
                let doubled = error.code * 2
                return .single(doubled)
            }
        log.record(computed)
        XCTAssertEqual(log.events, ["completed", "next 8", "completed"])
    }

    func testCatchTakesAnotherErrorTypeFromTheResultsType() {
        let log = EventLog()
        let neverFails: Signal<Int, NoError> = Signal<Int, TestError>.fail(TestError(1)) |> `catch` { _ in .single(3) }
        log.record(neverFails)
        let retyped: Signal<Int, String> = Signal<Int, TestError>.fail(TestError(2)) |> `catch` { error in .fail("was \(error.code)") }
        log.record(retyped)
        XCTAssertEqual(log.events, ["next 3", "completed", "error was 2"])
    }

    func testCatchSubscribesAlternativeBeforeDisposingFailedUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let alternative = ManualSource<Int, TestError>()
        let caught = traced("a", log, source.signal) |> `catch` { _ in traced("b", log, alternative.signal) }
        let handle = log.record(caught)
        source.putNext(1)
        source.putError(TestError(1))
        alternative.putNext(2)
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "b.subscribe#1", "a.dispose#1", "next 2"])
        XCTAssertEqual(source.subscriberCount, 0)
        handle.dispose()
        XCTAssertEqual(log.events.last, "b.dispose#1")
        XCTAssertEqual(alternative.subscriberCount, 0)
    }

    func testCatchSynchronousErrorTrace() {
        let log = EventLog()
        let failing = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putError(TestError(1))
            return EmptyDisposable
        }
        let caught = traced("a", log, failing) |> `catch` { _ in traced("b", log, Signal<Int, TestError>.single(2)) }
        log.record(caught)
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "b.subscribe#1", "next 2", "completed", "b.dispose#1", "a.dispose#1"])
    }

    func testCatchDisposalBeforeErrorNeverCallsF() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(
            traced("a", log, source.signal)
                |> `catch` { (_: TestError) -> Signal<Int, TestError> in
                    log.add("f called")
                    return .never()
                })
        handle.dispose()
        source.putError(TestError(1))
        XCTAssertEqual(log.events, ["a.subscribe#1", "a.dispose#1"])
    }

    func testCatchDisposalFromInsideAlternativeValue() {
        let log = EventLog()
        let alternative = ManualSource<Int, TestError>()
        nonisolated(unsafe) var handle: Disposable?
        handle = (Signal<Int, TestError>.fail(TestError(1)) |> `catch` { _ in traced("b", log, alternative.signal) })
            .start(next: { value in
                log.add("next \(value)")
                handle?.dispose()
            })
        alternative.putNext(1)
        alternative.putNext(2)
        XCTAssertEqual(log.events, ["b.subscribe#1", "next 1", "b.dispose#1"])
        XCTAssertEqual(alternative.subscriberCount, 0)
    }

    func testCatchReleasesCapturedObjects() {
        weak var weakObject: Tracked?
        let alternative = ManualSource<Int, NoError>()
        do {
            let object = Tracked()
            weakObject = object
            let source = ManualSource<Int, TestError>()
            let handle =
                (source.signal
                |> `catch` { _ in
                    withExtendedLifetime(object) {}
                    return alternative.signal
                }).start()
            source.putError(TestError(1))
            handle.dispose()
        }
        XCTAssertNil(weakObject)
        XCTAssertEqual(alternative.subscriberCount, 0)
    }

    // MARK: restart

    func testRestartResubscribesOnCompletionNewBeforeOld() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> restart)
        source.putNext(1)
        source.putCompletion()
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "s.subscribe#2", "s.dispose#1", "next 2", "s.subscribe#3", "s.dispose#2"])
        XCTAssertEqual(source.subscriberCount, 1)
        handle.dispose()
        XCTAssertEqual(log.events.last, "s.dispose#3")
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartForwardsErrorAndStops() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(traced("s", log, source.signal) |> restart)
        source.putCompletion()
        source.putError(TestError(3))
        source.putNext(9)
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.subscribe#2", "s.dispose#1", "error E3", "s.dispose#2"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartSynchronousCompletionsAreTrampolinedAndLiveIterationSurvives() {
        // Fixed: the original's trace here ends "s.subscribe#3, s.dispose#2, s.dispose#3,
        // s.dispose#1", disposing the live third iteration.
        let log = EventLog()
        let live = ManualSource<Int, TestError>()
        let source = thenLive(after: 2, live) { n, subscriber in
            subscriber.putNext(n)
            subscriber.putCompletion()
        }
        let handle = log.record(traced("s", log, source) |> restart)
        // Each synchronous completion is torn down by its own start before the next
        // subscription (the order that holds on every path, Divergences.md).
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "s.dispose#1", "s.subscribe#2", "next 2", "s.dispose#2", "s.subscribe#3"])
        XCTAssertEqual(live.subscriberCount, 1)
        live.putNext(3)
        XCTAssertEqual(log.events.last, "next 3")
        handle.dispose()
        XCTAssertEqual(log.events.last, "s.dispose#3")
        XCTAssertEqual(live.subscriberCount, 0)
    }

    func testRestartHundredThousandSynchronousCompletionsDoNotOverflowTheStack() {
        let count = 100_000
        nonisolated(unsafe) var values = 0
        nonisolated(unsafe) var failure: TestError?
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            if n < count {
                subscriber.putNext(n)
                subscriber.putCompletion()
            } else {
                subscriber.putError(TestError(n))
            }
        }
        (source |> restart).start(next: { _ in values += 1 }, error: { failure = $0 })
        XCTAssertEqual(values, count - 1)
        XCTAssertEqual(failure, TestError(count))
    }

    func testRestartDisposalFromInsideValueStopsRestarting() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        nonisolated(unsafe) var handle: Disposable?
        handle = (traced("s", log, source.signal) |> restart).start(
            next: { value in
                log.add("next \(value)")
                if value == 2 { handle?.dispose() }
            }, completed: { log.add("completed") })
        source.putNext(1)
        source.putCompletion()
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "s.subscribe#2", "s.dispose#1", "next 2", "s.dispose#2"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartDisposalFromInsideSynchronousIterationStopsTheLoop() {
        // Odd subscriptions complete synchronously, even ones stay live. An asynchronous
        // ending starts a synchronous iteration whose value disposes the handle: the loop
        // stops there and the fourth subscription never happens.
        let log = EventLog()
        let live = ManualSource<Int, TestError>()
        let subscriptions = Atomic(value: 0)
        let source = Signal<Int, TestError> { subscriber in
            let n = subscriptions.modify { $0 + 1 }
            if n % 2 == 1 {
                subscriber.putNext(n)
                subscriber.putCompletion()
                return EmptyDisposable
            }
            return live.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        }
        nonisolated(unsafe) var handle: Disposable?
        handle = (source |> restart).start(next: { value in
            log.add("next \(value)")
            if value == 3 { handle?.dispose() }
        })
        live.putNext(2)
        live.putCompletion()
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3"])
        XCTAssertEqual(subscriptions.with { $0 }, 3)
        XCTAssertEqual(live.subscriberCount, 0)
    }

    /// Divergence (Divergences.md): the original resubscribed once more before the
    /// teardown reached it; a loop inside a generator whose subscription ended stops.
    func testRestartWithFirstValueDownstreamMakesNoExtraSubscription() {
        let log = EventLog()
        let live = ManualSource<Int, TestError>()
        let source = thenLive(after: 1, live) { n, subscriber in
            subscriber.putNext(1)
            subscriber.putCompletion()
        }
        log.record(firstValue(traced("s", log, source) |> restart))
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "completed", "s.dispose#1"])
        XCTAssertEqual(live.subscriberCount, 0)
    }

    func testRecurseIsRestart() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> recurse(42))
        source.putNext(1)
        source.putCompletion()
        source.putError(TestError(1))
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "s.subscribe#2", "s.dispose#1", "error E1", "s.dispose#2"])
        handle.dispose()
    }

    func testRestartReleasesCapturedObjectsAfterDisposal() {
        weak var weakObject: Tracked?
        let source = ManualSource<Int, TestError>()
        do {
            let object = Tracked()
            weakObject = object
            let signal =
                (source.signal |> restart)
                |> `catch` { (_: TestError) -> Signal<Int, TestError> in
                    withExtendedLifetime(object) {}
                    return .never()
                }
            let handle = signal.start(next: { _ in withExtendedLifetime(object) {} })
            source.putCompletion()
            source.putCompletion()
            handle.dispose()
        }
        XCTAssertNil(weakObject)
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartReleasesCapturedObjectsAfterError() {
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
                withExtendedLifetime(object) {}
                if n < 3 { subscriber.putCompletion() } else { subscriber.putError(TestError(n)) }
            }
            (source |> restart).start(next: { _ in withExtendedLifetime(object) {} })
        }
        XCTAssertNil(weakObject)
    }

    func testRestartConcurrentAsynchronousCompletionsAndDisposal() {
        // Iterations complete on a concurrent queue while the handle is disposed from the
        // test thread. Once the in-flight work has drained, every iteration that started
        // has been disposed and no further one starts.
        for _ in 0..<20 {
            let group = DispatchGroup()
            let live = Atomic(value: 0)
            let started = Atomic(value: 0)
            let source = Signal<Int, TestError> { subscriber in
                started.modify { $0 + 1 }
                live.modify { $0 + 1 }
                DispatchQueue.global().async(group: group) {
                    subscriber.putNext(1)
                    subscriber.putCompletion()
                }
                return ActionDisposable { live.modify { $0 - 1 } }
            }
            let values = Atomic(value: 0)
            let handle = (source |> restart).start(next: { _ in values.modify { $0 + 1 } })
            while values.with({ $0 }) < 50 {}
            handle.dispose()
            group.wait()
            let total = started.with { $0 }
            XCTAssertEqual(live.with { $0 }, 0)
            group.wait()
            XCTAssertEqual(started.with { $0 }, total)
        }
    }

    // MARK: restartIfError

    func testRestartIfErrorResubscribesOnErrorNewBeforeOld() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let signal: Signal<Int, NoError> = traced("s", log, source.signal) |> restartIfError
        log.record(signal)
        source.putNext(1)
        source.putError(TestError(1))
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "s.subscribe#2", "s.dispose#1", "next 2", "completed", "s.dispose#2"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartIfErrorSynchronousFailuresAreTrampolinedAndLiveIterationSurvives() {
        // Fixed: the original's trace is "s.subscribe#1, s.subscribe#2, s.subscribe#3,
        // s.dispose#2, s.dispose#3, s.dispose#1" and the live third iteration is lost.
        let log = EventLog()
        let live = ManualSource<Int, TestError>()
        let source = thenLive(after: 2, live) { n, subscriber in
            subscriber.putError(TestError(n))
        }
        let handle = log.record(traced("s", log, source) |> restartIfError)
        // Each synchronous failure is torn down by its own start before the next
        // subscription (the order that holds on every path, Divergences.md).
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1", "s.subscribe#2", "s.dispose#2", "s.subscribe#3"])
        live.putNext(3)
        XCTAssertEqual(log.events.last, "next 3")
        handle.dispose()
        XCTAssertEqual(log.events.last, "s.dispose#3")
        XCTAssertEqual(live.subscriberCount, 0)
    }

    func testRestartIfErrorHundredThousandSynchronousFailures() {
        let count = 100_000
        nonisolated(unsafe) var values: [Int] = []
        nonisolated(unsafe) var completed = false
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            if n < count {
                subscriber.putError(TestError(n))
            } else {
                subscriber.putNext(n)
                subscriber.putCompletion()
            }
        }
        (source |> restartIfError).start(next: { values.append($0) }, completed: { completed = true })
        XCTAssertEqual(values, [count])
        XCTAssertTrue(completed)
    }

    func testRestartIfErrorDisposalStopsRestarts() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> restartIfError)
        source.putError(TestError(1))
        handle.dispose()
        source.putError(TestError(2))
        source.putNext(5)
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.subscribe#2", "s.dispose#1", "s.dispose#2"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    // MARK: restartOrMapError

    func testRestartOrMapErrorRestartsOrMaps() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let signal: Signal<Int, String> =
            traced("s", log, source.signal)
            |> restartOrMapError { error in
                log.add("condition \(error)")
                return error.code < 2 ? .restart : .error("mapped \(error.code)")
            }
        log.record(signal)
        source.putNext(1)
        source.putError(TestError(1))
        source.putNext(2)
        source.putError(TestError(2))
        XCTAssertEqual(
            log.events,
            [
                "s.subscribe#1", "next 1", "condition E1", "s.subscribe#2", "s.dispose#1",
                "next 2", "condition E2", "error mapped 2", "s.dispose#2",
            ])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartOrMapErrorForwardsCompletion() {
        let log = EventLog()
        let signal: Signal<Int, String> = Signal<Int, TestError>.single(4) |> restartOrMapError { _ in .restart }
        log.record(signal)
        XCTAssertEqual(log.events, ["next 4", "completed"])
    }

    func testRestartOrMapErrorTrampolinesSynchronousRestarts() {
        let count = 100_000
        nonisolated(unsafe) var failure: String?
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            subscriber.putError(TestError(n))
        }
        let signal: Signal<Int, String> =
            source
            |> restartOrMapError { error in
                error.code < count ? .restart : .error("gave up at \(error.code)")
            }
        signal.start(error: { failure = $0 })
        XCTAssertEqual(failure, "gave up at \(count)")
    }

    func testRestartOrMapErrorDisposalStopsRestarting() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let conditionCalls = Atomic(value: 0)
        let signal: Signal<Int, String> =
            traced("s", log, source.signal)
            |> restartOrMapError { _ in
                conditionCalls.modify { $0 + 1 }
                return .restart
            }
        let handle = log.record(signal)
        handle.dispose()
        source.putError(TestError(1))
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1"])
        XCTAssertEqual(conditionCalls.with { $0 }, 0)
    }

    func testRestartOrMapErrorConditionEnumEquality() {
        XCTAssertEqual(RestartOrMapErrorCondition<Int>.restart, .restart)
        XCTAssertEqual(RestartOrMapErrorCondition<Int>.error(1), .error(1))
        XCTAssertNotEqual(RestartOrMapErrorCondition<Int>.error(1), .restart)
    }

    // MARK: retry(_:maxDelay:onQueue:)

    func testRetryDelaysGrowCumulativelyUpToMaxDelay() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let subscribedAt = Atomic(value: [Double]())
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            subscribedAt.modify { $0 + [clock.now] }
            if n < 6 {
                subscriber.putError(TestError(n))
            } else {
                subscriber.putNext(n)
                subscriber.putCompletion()
            }
        }
        let log = EventLog()
        log.record(source |> retry(1.0, maxDelay: 3.0, onQueue: queue))
        clock.advance(by: 100)
        // Delays 1, 2, 3, 3, 3.
        XCTAssertEqual(subscribedAt.with { $0 }, [0, 1, 3, 6, 9, 12])
        XCTAssertEqual(log.events, ["next 6", "completed"])
    }

    func testRetryDelayIsNeverResetByValues() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let subscribedAt = Atomic(value: [Double]())
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            subscribedAt.modify { $0 + [clock.now] }
            subscriber.putNext(n)
            if n < 4 { subscriber.putError(TestError(n)) }
        }
        let log = EventLog()
        let handle = log.record(source |> retry(2.0, maxDelay: 10.0, onQueue: queue))
        clock.advance(by: 100)
        XCTAssertEqual(subscribedAt.with { $0 }, [0, 2, 6, 12])
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3", "next 4"])
        handle.dispose()
    }

    func testRetryTraceFailedTornDownThenResubscribedOnQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let inner = Signal<Int, TestError> { subscriber in
            log.add(queue.isCurrent() ? "on queue" : "on caller")
            return source.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        }
        let handle = log.record(traced("s", log, inner) |> retry(1.0, maxDelay: 5.0, onQueue: queue))
        source.putError(TestError(1))
        clock.advance(by: 0.5)
        XCTAssertEqual(log.events, ["s.subscribe#1", "on caller", "s.dispose#1"])
        clock.advance(by: 0.5)
        XCTAssertEqual(log.events, ["s.subscribe#1", "on caller", "s.dispose#1", "s.subscribe#2", "on queue"])
        source.putNext(7)
        source.putCompletion()
        XCTAssertEqual(log.events.suffix(3), ["next 7", "completed", "s.dispose#2"])
        handle.dispose()
    }

    func testRetryNeverForwardsErrors() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let handle = log.record(Signal<Int, TestError>.fail(TestError(1)) |> retry(1.0, maxDelay: 1.0, onQueue: queue))
        clock.advance(by: 10)
        XCTAssertEqual(log.events, [])
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testRetryDisposalDuringBackOffStopsTimerAndReleasesCaptures() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        weak var weakObject: Tracked?
        var handle: Disposable?
        do {
            let object = Tracked()
            weakObject = object
            let source = Signal<Int, TestError> { subscriber in
                withExtendedLifetime(object) {}
                subscriber.putError(TestError(1))
                return EmptyDisposable
            }
            handle = log.record(traced("s", log, source) |> retry(60.0, maxDelay: 60.0, onQueue: queue))
        }
        XCTAssertEqual(clock.pendingCount, 1)
        handle?.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
        XCTAssertNil(weakObject)
        clock.advance(by: 120)
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1"])
    }

    func testRetryDisposalWhileLiveDisposesUpstream() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> retry(1.0, maxDelay: 1.0, onQueue: queue))
        source.putError(TestError(1))
        clock.advance(by: 1)
        handle.dispose()
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1", "s.subscribe#2", "s.dispose#2"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRetryNegativeAndNaNDelaysRetryOnNextQueueTurnNeverInline() {
        for (increment, maxDelay) in [(-1.0, 5.0), (Double.nan, 5.0), (1.0, -3.0), (1.0, Double.nan)] {
            let clock = VirtualClock()
            let queue = Queue(virtualClock: clock)
            let subscriptions = Atomic(value: 0)
            let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
                subscriptions.swap(n)
                if n < 3 { subscriber.putError(TestError(n)) } else { subscriber.putCompletion() }
            }
            nonisolated(unsafe) var completed = false
            (source |> retry(increment, maxDelay: maxDelay, onQueue: queue)).start(completed: { completed = true })
            XCTAssertEqual(subscriptions.with { $0 }, 1, "retry must not run inline")
            clock.run()
            XCTAssertEqual(subscriptions.with { $0 }, 3)
            XCTAssertTrue(completed)
            XCTAssertEqual(clock.now, 0)
        }
    }

    func testRetryInfiniteDelayNeverRetries() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let subscriptions = Atomic(value: 0)
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            subscriptions.swap(n)
            subscriber.putError(TestError(n))
        }
        let handle = (source |> retry(Double.infinity, maxDelay: Double.infinity, onQueue: queue)).start()
        clock.advance(by: 1e12)
        XCTAssertEqual(subscriptions.with { $0 }, 1)
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
    }

    // MARK: retry(retryOnError:delayIncrement:maxDelay:maxRetries:onQueue:)

    func testConditionalRetryForwardsNonRetryableErrorAtOnce() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let signal = traced("s", log, source.signal) |> retry(retryOnError: { $0.code != 9 }, delayIncrement: 1, maxDelay: 1, maxRetries: nil, onQueue: queue)
        log.record(signal)
        source.putError(TestError(1))
        clock.advance(by: 1)
        source.putError(TestError(9))
        clock.advance(by: 10)
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1", "s.subscribe#2", "error E9", "s.dispose#2"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testConditionalRetryMaxRetriesBoundsTotalSubscriptions() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let subscribedAt = Atomic(value: [Double]())
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            subscribedAt.modify { $0 + [clock.now] }
            subscriber.putError(TestError(n))
        }
        let log = EventLog()
        log.record(source |> retry(retryOnError: { _ in true }, delayIncrement: 1, maxDelay: 10, maxRetries: 3, onQueue: queue))
        clock.advance(by: 100)
        XCTAssertEqual(subscribedAt.with { $0 }, [0, 1, 3])
        XCTAssertEqual(log.events, ["error E3"])
    }

    func testConditionalRetryZeroOneAndNegativeMaxRetriesFailOnFirstError() {
        for maxRetries in [0, 1, -1, Int.min] {
            let clock = VirtualClock()
            let queue = Queue(virtualClock: clock)
            let subscriptions = Atomic(value: 0)
            let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
                subscriptions.swap(n)
                subscriber.putError(TestError(n))
            }
            let log = EventLog()
            log.record(source |> retry(retryOnError: { _ in true }, delayIncrement: 1, maxDelay: 1, maxRetries: maxRetries, onQueue: queue))
            clock.advance(by: 10)
            XCTAssertEqual(subscriptions.with { $0 }, 1, "maxRetries \(maxRetries)")
            XCTAssertEqual(log.events, ["error E1"])
        }
    }

    func testConditionalRetryNilMaxRetriesIsUnlimited() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let source = scripted { (n: Int, subscriber: Subscriber<Int, TestError>) in
            if n < 200 {
                subscriber.putError(TestError(n))
            } else {
                subscriber.putNext(n)
                subscriber.putCompletion()
            }
        }
        let log = EventLog()
        log.record(source |> retry(retryOnError: { _ in true }, delayIncrement: 0.5, maxDelay: 1, maxRetries: nil, onQueue: queue))
        clock.advance(by: 1000)
        XCTAssertEqual(log.events, ["next 200", "completed"])
    }

    func testConditionalRetryCountsFailuresAcrossSubscriptionsWithValues() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(source.signal |> retry(retryOnError: { _ in true }, delayIncrement: 1, maxDelay: 1, maxRetries: 2, onQueue: queue))
        source.putNext(1)
        source.putError(TestError(1))
        clock.advance(by: 1)
        source.putNext(2)
        source.putError(TestError(2))
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["next 1", "next 2", "error E2"])
        XCTAssertEqual(source.subscriberCount, 0)
    }
}

final class RestartTerminationTests: LeakCheckedTestCase {
    func testRestartOfSynchronousSourceStopsWhenDownstreamTakeCompletes() {
        let log = EventLog()
        log.record(traced("s", log, Signal<Int, NoError>.single(1)) |> restart |> take(1))
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "completed", "s.dispose#1"])
    }

    func testRestartIfErrorOfSynchronousFailureStopsWhenDownstreamTakeCompletes() {
        let log = EventLog()
        let failing = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putError(TestError(1))
            return EmptyDisposable
        }
        log.record(failing |> restartIfError |> take(2))
        XCTAssertEqual(log.events, ["next 1", "next 1", "completed"])
    }

    func testTakeAfterRestartStopsOnReachingCount() {
        let log = EventLog()
        let subscriptions = Atomic(value: 0)
        let source = Signal<Int, NoError> { subscriber in
            subscriber.putNext(subscriptions.modify { $0 + 1 })
            subscriber.putCompletion()
            return EmptyDisposable
        }
        log.record(source |> restart |> take(3))
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3", "completed"])
        XCTAssertEqual(subscriptions.with { $0 }, 3)
    }
}

final class RestartUnderLaterTakeTests: LeakCheckedTestCase {
    func testSynchronousRestartStopsWhenATakeFurtherDownCompletes() {
        let log = EventLog()
        let subscriptions = Atomic(value: 0)
        let source = Signal<Int, NoError> { subscriber in
            subscriber.putNext(subscriptions.modify { $0 + 1 })
            subscriber.putCompletion()
            return EmptyDisposable
        }
        log.record(source |> restart |> map { $0 * 10 } |> filter { _ in true } |> take(3))
        XCTAssertEqual(log.events, ["next 10", "next 20", "next 30", "completed"])
        XCTAssertEqual(subscriptions.with { $0 }, 3)
    }

    func testSynchronousRestartIfErrorStopsUnderCastErrorAndTake() {
        let log = EventLog()
        let failing = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putError(TestError(1))
            return EmptyDisposable
        }
        log.record(failing |> restartIfError |> castError(TestError.self) |> take(2))
        XCTAssertEqual(log.events, ["next 1", "next 1", "completed"])
    }

    /// A subscription that ended inside its own generator does not enclose what its
    /// terminal callbacks start: a restart loop started there runs (it used to find that
    /// subscription ended, start nothing, and never end).
    func testARestartStartedFromACallbackOfASubscriptionThatEndedInItsGeneratorRuns() {
        let loop = Signal<Int, TestError>.single(5) |> restart |> take(2)
        let empty = Signal<Int, TestError>.complete()
        let cases: [(String, Signal<Int, TestError>)] = [
            ("then", empty |> then(loop)),
            ("catch", Signal<Int, TestError>.fail(TestError(1)) |> `catch` { _ in loop }),
            ("mapToSignal after then", empty |> then(.single(0)) |> mapToSignal { _ in loop }),
            ("queue after then", Signal<Signal<Int, TestError>, TestError>.complete() |> then(.single(loop)) |> queue),
            ("restart |> take over then", (empty |> then(loop)) |> restart |> take(1)),
        ]
        for (name, signal) in cases {
            let log = EventLog()
            log.record(signal)
            XCTAssertEqual(log.events, name == "restart |> take over then" ? ["next 5", "completed"] : ["next 5", "next 5", "completed"], name)
        }
        let log = EventLog()
        Signal<Int, TestError>.single(1).start(completed: { log.record(loop) })
        XCTAssertEqual(log.events, ["next 5", "next 5", "completed"], "started by a completion callback: its own take still stops it")
    }

    /// A terminal callback of a subscription whose generator has returned is not enclosed
    /// by the generators still on the stack (another signal's, which pushed the value
    /// that ended it): a restart loop started there runs (it used to find that other
    /// subscription ended, start nothing, and never end).
    func testARestartStartedFromACompletionNotInItsGeneratorIgnoresOtherGeneratorsOnTheStack() {
        let loop = Signal<Int, NoError>.single(5) |> restart |> take(2)
        let pipe = ValuePipe<Int>()
        let log = EventLog()
        (pipe.signal() |> take(1)).start(completed: { log.record(loop) })
        let pusher = Signal<Int, NoError> { subscriber in
            subscriber.putCompletion()
            pipe.putNext(1)  // from a generator whose subscription has ended
            return EmptyDisposable
        }
        pusher.start()
        XCTAssertEqual(log.events, ["next 5", "next 5", "completed"])
    }
}
