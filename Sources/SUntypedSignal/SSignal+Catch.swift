import SignalSync

extension SSignal {
    /// Replaces an error with another signal.
    ///
    /// Forwards the source's values and completion. On a source error `e`, calls `f(e)`
    /// (at most once per subscription), subscribes to the returned signal and forwards
    /// all its events; its errors are not caught again. Disposal disposes both
    /// subscriptions.
    public func `catch`(_ f: @escaping (Any?) -> SSignal) -> SSignal {
        SSignal { subscriber in
            let disposables = SDisposableSet()
            disposables.add(
                self.start(
                    next: { value in
                        subscriber.putNext(value)
                    },
                    error: { error in
                        let replacement = f(error)
                        disposables.add(
                            replacement.start(
                                next: { value in
                                    subscriber.putNext(value)
                                },
                                error: { error in
                                    subscriber.putError(error)
                                },
                                completed: {
                                    subscriber.putCompletion()
                                }))
                    },
                    completed: {
                        subscriber.putCompletion()
                    }))
            return disposables
        }
    }

    /// Subscribes again each time the source completes, forever, until disposed.
    ///
    /// Values are forwarded; an error is forwarded and ends everything (no restart on
    /// error); the signal never completes by itself. Synchronous completions are handled
    /// by a loop, not by recursion, so the stack never grows. With a source that completes
    /// synchronously the loop runs inside `start` until the subscriber stops listening
    /// (for example a `take(n)` placed right after `restart()`) — like `while true`, so use
    /// asynchronous sources, as with the original.
    public func restart() -> SSignal {
        SSignal { subscriber in
            let loop = ResubscribeLoop(
                source: self,
                decide: { outcome in
                    switch outcome {
                    case .completed: return .resubscribe
                    case .error: return .forward
                    }
                })
            loop.run(subscriber, fromGenerator: true)
            return loop
        }
    }

    /// Subscribes again when the source fails with an error for which `predicate` is
    /// true; otherwise forwards the error.
    ///
    /// Values and completion are forwarded. Re-subscription after a synchronous error is
    /// handled by a loop (no recursion), which also ends when the subscriber stops
    /// listening. Disposal disposes the current attempt and stops retrying.
    public func retryIf(_ predicate: @escaping (Any?) -> Bool) -> SSignal {
        SSignal { subscriber in
            let loop = ResubscribeLoop(
                source: self,
                decide: { outcome in
                    switch outcome {
                    case .completed: return .forward
                    case .error(let error): return predicate(error) ? .resubscribe : .forward
                    }
                })
            loop.run(subscriber, fromGenerator: true)
            return loop
        }
    }
}

/// The engine of `restart` and `retryIf`: subscribes to the source again and again,
/// trampolining synchronous terminations so that the stack never grows.
private final class ResubscribeLoop: SDisposable, @unchecked Sendable {
    // Safety: `stopped`, `current` and every `Attempt`'s fields are guarded by `mutex`;
    // `source` and `decide` are immutable. The subscriber is not stored (only the
    // attempts' callbacks hold it), so the loop — the subscriber's disposable — forms no
    // cycle with it.
    enum Outcome {
        case completed
        case error(Any?)
    }

    enum Decision {
        case resubscribe
        case forward
    }

    /// One subscription to the source.
    final class Attempt {
        /// Set once `start` has returned and the handle is stored.
        var started = false
        /// Set when the attempt ended (asking for a new one) before `start` returned.
        var endedDuringStart = false
    }

    private let mutex = PosixLock()
    private var stopped = false
    private var current: SDisposable?
    private let source: SSignal
    private let decide: (Outcome) -> Decision

    init(source: SSignal, decide: @escaping (Outcome) -> Decision) {
        self.source = source
        self.decide = decide
    }

    /// Starts attempts until one is still running when its `start` returns.
    ///
    /// `fromGenerator` is true for the first run, inside the operator's own generator:
    /// there every subscription in `GenerationScope` encloses this loop, and one that
    /// has ended (a `take` further down reached its count) stops the loop. Later runs
    /// start from an attempt's terminal callback, where the scope may hold unrelated
    /// subscriptions, so only the loop's own state decides.
    func run(_ subscriber: SSubscriber, fromGenerator: Bool = false) {
        while true {
            if mutex.withLock({ stopped }) || subscriber.isTerminated || (fromGenerator && GenerationScope.enclosingHasEnded) {
                return
            }
            let attempt = Attempt()
            let handle = source.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { [self] error in
                    ended(.error(error), attempt, subscriber)
                },
                completed: { [self] in
                    ended(.completed, attempt, subscriber)
                })
            mutex.lock()
            if stopped {
                mutex.unlock()
                handle.dispose()
                return
            }
            if attempt.endedDuringStart {
                mutex.unlock()
                continue
            }
            attempt.started = true
            current = handle
            mutex.unlock()
            return
        }
    }

    private func ended(_ outcome: Outcome, _ attempt: Attempt, _ subscriber: SSubscriber) {
        switch decide(outcome) {
        case .forward:
            mutex.withLock { stopped = true }
            switch outcome {
            case .completed: subscriber.putCompletion()
            case .error(let error): subscriber.putError(error)
            }
        case .resubscribe:
            mutex.lock()
            if stopped {
                mutex.unlock()
                return
            }
            if !attempt.started {
                // Still inside `start` (on this or another thread): the loop in `run`
                // resubscribes once `start` returns.
                attempt.endedDuringStart = true
                mutex.unlock()
                return
            }
            let finished = current
            current = nil
            mutex.unlock()
            withExtendedLifetime(finished) {}
            run(subscriber)
        }
    }

    func dispose() {
        mutex.lock()
        stopped = true
        let running = current
        current = nil
        mutex.unlock()
        running?.dispose()
    }
}
