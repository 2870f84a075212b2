import SignalSync

// MARK: - catch

/// Replaces a failed signal with the signal `f` makes from its error.
///
/// Values pass through. When upstream fails with `e`, `f(e)` is called and its signal
/// is subscribed from inside the error callback, so the alternative starts before the
/// failed upstream subscription is disposed. The alternative's values, error (of the
/// new type `R`) and completion are forwarded. Completion without an error never calls
/// `f`. Disposal disposes upstream and, if it started, the alternative.
///
/// The alternative may have another error type; say which when the closure does not
/// (an explicit signal type, or the type of the result):
///
/// ```swift
/// let recovered: Signal<Int, NoError> = Signal<Int, TestError>.fail(TestError(1)) |> `catch` { _ in .single(0) }
/// // emits 0, then completes
/// ```
///
/// Without one, the alternative keeps upstream's error type: the overload below, for a
/// signal of the same types, is chosen.
@inlinable
@preconcurrency public func `catch`<T, E, R>(_ f: @escaping @Sendable (E) -> Signal<T, R>) -> (Signal<T, E>) -> Signal<T, R> {
    { signal in
        catchFace(signal, f)
    }
}

/// Replaces a failed signal with the signal `f` makes from its error, a signal of the
/// same value and error types.
///
/// The common case of the general `catch` above, with nothing to infer:
/// `f` may return `.single(x)`, `.complete()` or any `Signal<T, E>` without naming its
/// type. The behaviour is the general form's. Beyond SwiftSignalKit, whose `catch` has
/// only the general form (code written for it compiles unchanged: when the closure's
/// signal names another error type, the general form is chosen).
///
/// ```swift
/// let recovered = Signal<[Int], TestError>.fail(TestError(1)) |> `catch` { _ in .single([]) }
/// // a Signal<[Int], TestError>: emits [], then completes
/// ```
@inlinable
@preconcurrency public func `catch`<T, E>(_ f: @escaping @Sendable (E) -> Signal<T, E>) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        catchFace(signal, f)
    }
}

/// What both forms of `catch` do: forwards `signal`, and on its error subscribes to
/// `f(error)` from inside the error callback.
@inlinable
package func catchFace<T, E, R>(_ signal: Signal<T, E>, _ f: @escaping @Sendable (E) -> Signal<T, R>) -> Signal<T, R> {
    Signal { subscriber in
        let alternative = MetaDisposable()
        let upstream = signal.start(
            next: subscriber.putNext,
            error: { error in
                alternative.set(f(error).start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion))
            }, completed: subscriber.putCompletion)
        return ActionDisposable {
            upstream.dispose()
            alternative.dispose()
        }
    }
}

// MARK: - restart family

/// Subscribes to `signal` again each time it completes, forever; use as `s |> restart`.
///
/// Values are forwarded; completion never is. An error is forwarded and stops the
/// restarts. A completion that comes after the subscription's `start` returned subscribes
/// again from inside the completion callback, so the new subscription starts before the
/// completed one is disposed. Disposal stops further restarts and disposes the live
/// subscription.
///
/// Fixed divergence from the original: synchronous completions do not recurse on the
/// stack. A subscription that completes during its own `start` is torn down by it, and
/// the next one starts after that, in a loop (any number of them in constant stack
/// space); the live subscription that finally stays open is never disposed by the
/// earlier ones. A source that completes synchronously on every subscription therefore
/// restarts until the handle is disposed (for example from another thread) or a
/// downstream `take` has its count.
@inlinable
public func restart<T, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        RestartFace<T, E>.start(
            downstream: subscriber.state,
            next: { signal },
            onNext: subscriber.putNext,
            onEnd: { ending in
                switch ending {
                case .completed:
                    return .restart
                case .failed(let error):
                    subscriber.putError(error)
                    return .stop
                }
            },
            onExhausted: subscriber.putCompletion
        )
    }
}

/// The same as `restart`; `latestValue` is ignored.
///
/// Resubscribes each time the signal completes; forwards values and the error.
public func recurse<T, E>(_ latestValue: T?) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in restart(signal) }
}

/// Subscribes to `signal` again, at once, each time it fails; the result never fails.
///
/// Values are forwarded; completion is forwarded and ends the subscription. After an
/// asynchronous failure the new subscription starts (from the error callback) before the
/// failed one is disposed. Disposal stops the restarts and disposes the live
/// subscription.
///
/// Fixed divergence from the original: synchronous failures are restarted in a loop,
/// not by recursion (each one torn down by its `start` before the next starts, as for
/// `restart`), and never dispose the live subscription that follows them. A source that
/// fails synchronously on every subscription restarts until the handle is disposed.
@inlinable
public func restartIfError<T, E>(_ signal: Signal<T, E>) -> Signal<T, NoError> {
    Signal { subscriber in
        RestartFace<T, E>.start(
            downstream: subscriber.state,
            next: { signal },
            onNext: subscriber.putNext,
            onEnd: { ending in
                switch ending {
                case .completed:
                    subscriber.putCompletion()
                    return .stop
                case .failed:
                    return .restart
                }
            },
            onExhausted: subscriber.putCompletion
        )
    }
}

/// What `restartOrMapError` does with one upstream error.
public enum RestartOrMapErrorCondition<E> {
    /// Subscribe to the signal again at once.
    case restart
    /// Fail with this error.
    case error(E)
}

extension RestartOrMapErrorCondition: Sendable where E: Sendable {}
extension RestartOrMapErrorCondition: Equatable where E: Equatable {}

/// Per upstream error, either restarts the signal or fails with a mapped error.
///
/// On an error `e`, `condition(e)` decides: `.restart` subscribes again at once (after
/// an asynchronous failure the new subscription starts before the failed one is
/// disposed); `.error(x)` forwards `x` and ends. Values and completion are forwarded.
/// Disposal stops the restarts and disposes the live subscription. Synchronous failures
/// are restarted in a loop, never by recursion (a fixed divergence, as for
/// `restartIfError`).
@inlinable
@preconcurrency public func restartOrMapError<T, E, R>(condition: @escaping @Sendable (E) -> RestartOrMapErrorCondition<R>) -> (Signal<T, E>) -> Signal<T, R> {
    { signal in
        Signal { subscriber in
            RestartFace<T, E>.start(
                downstream: subscriber.state,
                next: { signal },
                onNext: subscriber.putNext,
                onEnd: { ending in
                    switch ending {
                    case .completed:
                        subscriber.putCompletion()
                        return .stop
                    case .failed(let error):
                        switch condition(error) {
                        case .restart:
                            return .restart
                        case .error(let mapped):
                            subscriber.putError(mapped)
                            return .stop
                        }
                    }
                },
                onExhausted: subscriber.putCompletion
            )
        }
    }
}

// MARK: - retry

/// Resubscribes after every error, waiting longer each time; the result never fails.
///
/// The first subscription runs on the caller's thread. On an error the failed
/// subscription is torn down, then, after a delay on `queue`, the signal is subscribed
/// again (on `queue`). The delay grows by `delayIncrement` per error up to `maxDelay`
/// and is never reset: the first retry waits `delayIncrement`, the n-th
/// `min(maxDelay, n × delayIncrement)`. Values are forwarded; completion completes.
/// Disposal during a wait cancels the pending retry (its timer is stopped, nothing
/// subscribes after `dispose()` returns); disposal while subscribed disposes upstream.
///
/// Bad input: a negative or NaN `delayIncrement` or `maxDelay` counts as 0 (retries then
/// come on the next turn of `queue`, never inline); an infinite delay never retries.
public func retry<T, E>(_ delayIncrement: Double, maxDelay: Double, onQueue queue: Queue) -> (_ signal: Signal<T, E>) -> Signal<T, NoError> {
    { signal in
        Signal { subscriber in
            RetryLoop.start(
                signal, delayIncrement: delayIncrement, maxDelay: maxDelay, queue: queue,
                next: subscriber.putNext, completed: subscriber.putCompletion,
                shouldRetry: { _ in true })
        }
    }
}

/// Resubscribes after retryable errors with a growing delay, at most `maxRetries`
/// subscriptions in total.
///
/// On an error `e`: if `retryOnError(e)` is false, `e` is forwarded at once. Otherwise a
/// failure counter grows by one; when it reaches `maxRetries`, `e` is forwarded, else the
/// signal is subscribed again after a delay on `queue`, exactly as in
/// `retry(_:maxDelay:onQueue:)`. So `maxRetries: n` allows n subscriptions (n − 1
/// retries); `nil` means no limit. Values and completion are forwarded.
///
/// Bad input: `maxRetries` of 0, 1 or any negative number forwards the first retryable
/// error; delays are sanitised as in `retry(_:maxDelay:onQueue:)`.
@preconcurrency public func retry<T, E>(
    retryOnError: @escaping @Sendable (E) -> Bool, delayIncrement: Double, maxDelay: Double, maxRetries: Int?, onQueue queue: Queue
) -> (
    _ signal: Signal<T, E>
) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let failures = Atomic(value: 0)
            return RetryLoop.start(
                signal, delayIncrement: delayIncrement, maxDelay: maxDelay, queue: queue,
                next: subscriber.putNext, completed: subscriber.putCompletion,
                shouldRetry: { error in
                    guard retryOnError(error) else {
                        subscriber.putError(error)
                        return false
                    }
                    let count = failures.modify { $0 + 1 }
                    if let maxRetries, count >= maxRetries {
                        subscriber.putError(error)
                        return false
                    }
                    return true
                })
        }
    }
}

/// One subscription of a `retry` operator: the current attempt and the back-off timer.
///
/// The returned disposable is the `TimerGateEngine`, which does not hold the loop: once the
/// subscription ends, the loop (and everything it captured) goes with the last attempt's
/// callbacks or the last timer's handler.
final class RetryLoop<T, E>: @unchecked Sendable {
    // Safety: the `let`s are immutable; `delay` is an Atomic; `gate` is thread-safe.
    private let signal: Signal<T, E>
    private let increment: Double
    private let maxDelay: Double
    private let queue: Queue
    private let next: @Sendable (T) -> Void
    private let completed: @Sendable () -> Void
    private let shouldRetry: @Sendable (E) -> Bool
    private let delay = Atomic(value: 0.0)
    private let gate = TimerGateEngine()

    private init(
        _ signal: Signal<T, E>, increment: Double, maxDelay: Double, queue: Queue,
        next: @escaping @Sendable (T) -> Void, completed: @escaping @Sendable () -> Void, shouldRetry: @escaping @Sendable (E) -> Bool
    ) {
        self.signal = signal
        self.increment = increment
        self.maxDelay = maxDelay
        self.queue = queue
        self.next = next
        self.completed = completed
        self.shouldRetry = shouldRetry
    }

    /// Subscribes now and returns the disposable of the whole retrying subscription.
    static func start(
        _ signal: Signal<T, E>, delayIncrement: Double, maxDelay: Double, queue: Queue,
        next: @escaping @Sendable (T) -> Void, completed: @escaping @Sendable () -> Void,
        shouldRetry: @escaping @Sendable (E) -> Bool
    ) -> Disposable {
        let loop = RetryLoop(
            signal, increment: nonNegative(delayIncrement), maxDelay: nonNegative(maxDelay),
            queue: queue, next: next, completed: completed, shouldRetry: shouldRetry)
        loop.attempt()
        return loop.gate
    }

    private func attempt() {
        gate.begin {
            signal.start(next: next, error: { [self] error in failed(error) }, completed: completed)
        }
    }

    private func failed(_ error: E) {
        guard shouldRetry(error) else { return }
        let (increment, maxDelay) = (self.increment, self.maxDelay)
        let wait = delay.modify { Swift.min(maxDelay, $0 + increment) }
        gate.arm(ExecutionTimer(timeout: wait, repeats: false, queue: queue.executionQueue)) { [self] in
            attempt()
        }
    }
}

/// `value`, with negative numbers and NaN replaced by 0 (infinity is kept).
private func nonNegative(_ value: Double) -> Double {
    value.isNaN ? 0 : Swift.max(0, value)
}

// MARK: - The restart loop

/// The typed face of the restart loop (`RestartLoopEngine` in SignalSync), for `restart`,
/// `restartIfError`, `restartOrMapError` and `feedbackLoop`: it subscribes each iteration
/// and tells the engine how it ended; the engine decides when the next one starts and
/// what is disposed (see `RestartLoopMachine` for the order it keeps).
@usableFromInline
enum RestartFace<T, E> {
    /// How an iteration ended.
    @usableFromInline
    enum Ending {
        case completed
        case failed(E)
    }

    /// What to do after an iteration ended.
    @usableFromInline
    enum Decision {
        /// Start the next iteration.
        case restart
        /// Stop; the decision closure has delivered the terminal event downstream.
        case stop
    }

    /// Starts the first iteration now and returns the loop as the subscription's
    /// disposable.
    ///
    /// - Parameters:
    ///   - downstream: the subscription the loop feeds; once it, or any subscription
    ///     whose generator is running this loop synchronously, has ended (for example a
    ///     downstream `take` reached its count), no further iteration starts, even
    ///     before the disposal reaches the loop.
    ///   - next: the signal of the next iteration; nil ends the loop with `onExhausted`.
    ///   - onNext: receives every value of every iteration.
    ///   - onEnd: decides what follows an iteration's ending.
    ///   - onExhausted: called when `next` returns nil.
    @inlinable
    static func start(
        downstream: SubscriptionProbe, next: @escaping () -> Signal<T, E>?, onNext: @escaping (T) -> Void,
        onEnd: @escaping (Ending) -> Decision, onExhausted: @escaping () -> Void
    ) -> Disposable {
        let face = Face(downstream: downstream, next: next, onNext: onNext, onEnd: onEnd, onExhausted: onExhausted)
        face.engine.run(downstream: downstream, fromGenerator: true, subscribe: face.subscribe)
        return face.engine
    }

    /// What the iterations of one loop need. Only the live iteration's callbacks hold it,
    /// never the engine, so the loop keeps no reference to the downstream subscription
    /// once no iteration is live.
    @usableFromInline
    final class Face {
        @usableFromInline let engine = RestartLoopEngine()
        @usableFromInline let downstream: SubscriptionProbe
        @usableFromInline let next: () -> Signal<T, E>?
        @usableFromInline let onNext: (T) -> Void
        @usableFromInline let onEnd: (Ending) -> Decision
        @usableFromInline let onExhausted: () -> Void

        @inlinable
        init(
            downstream: SubscriptionProbe, next: @escaping () -> Signal<T, E>?, onNext: @escaping (T) -> Void,
            onEnd: @escaping (Ending) -> Decision, onExhausted: @escaping () -> Void
        ) {
            self.downstream = downstream
            self.next = next
            self.onNext = onNext
            self.onEnd = onEnd
            self.onExhausted = onExhausted
        }

        /// Subscribes the next iteration as `start` does (the same steps, keeping the
        /// handle's concrete type), or ends the loop when there is no next signal.
        @inlinable
        func subscribe() -> UpstreamDisposable? {
            guard let signal = next() else {
                onExhausted()
                return nil
            }
            let subscriber = Subscriber<T, E>(
                next: onNext,
                error: { [self] error in
                    ended(.failed(error))
                },
                completed: { [self] in
                    ended(.completed)
                })
            let state = subscriber.state
            state.assign(GenerationScope.run(state) { signal.run(subscriber) })
            return state
        }

        @inlinable
        func ended(_ ending: Ending) {
            guard case .restart = onEnd(ending) else { return }
            engine.iterationEnded(downstream: downstream, subscribe: subscribe)
        }
    }
}

extension RestartLoopEngine: Disposable {}
