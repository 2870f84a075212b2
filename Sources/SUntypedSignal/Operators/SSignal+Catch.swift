import SignalSync

extension SSignal {
    /// Replaces an error with another signal.
    ///
    /// Forwards the source's values and completion. On a source error `e`, calls `f(e)`
    /// (at most once per subscription), subscribes to the returned signal and forwards
    /// all its events; its errors are not caught again. Disposal disposes both
    /// subscriptions.
    @preconcurrency public func `catch`(_ f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
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
    /// error); the signal never completes by itself. A completion that comes after the
    /// source's `start` returned subscribes the next run from inside the completion
    /// callback, before the completed run is disposed. A run that completes during its own
    /// `start` is torn down by it; the next run starts after that, in a loop, not by
    /// recursion, so the stack never grows and the live run is never disposed by earlier
    /// ones. With a source that completes synchronously the loop runs inside `start` until
    /// the subscriber stops listening (for example a `take(n)` after `restart()`), like
    /// `while true`: use asynchronous sources, as with the original.
    public func restart() -> SSignal {
        resubscribing { subscriber, ending in
            switch ending {
            case .completed:
                return true
            case .error(let error):
                subscriber.putError(error)
                return false
            }
        }
    }

    /// Subscribes again when the source fails with an error for which `predicate` is
    /// true; otherwise forwards the error.
    ///
    /// Values and completion are forwarded. Resubscription follows `restart()`'s order: an
    /// asynchronous error subscribes the next attempt before the failed one is disposed; a
    /// synchronous one is handled by a loop (no recursion), which also ends when the
    /// subscriber stops listening. Disposal disposes the current attempt and stops
    /// retrying.
    @preconcurrency public func retryIf(_ predicate: @escaping @Sendable (Any?) -> Bool) -> SSignal {
        resubscribing { subscriber, ending in
            switch ending {
            case .completed:
                subscriber.putCompletion()
                return false
            case .error(let error):
                if predicate(error) { return true }
                subscriber.putError(error)
                return false
            }
        }
    }

    /// The restart loop over this signal: `restarts(subscriber, ending)` says whether a
    /// run's ending starts the next run (true) or has been forwarded downstream (false).
    private func resubscribing(_ restarts: @escaping @Sendable (SSubscriber, SRestartFace.Ending) -> Bool) -> SSignal {
        SSignal { subscriber in
            let face = SRestartFace(source: self, subscriber: subscriber, restarts: restarts)
            face.engine.run(downstream: subscriber.state, fromGenerator: true, subscribe: face.subscribe)
            return face.engine
        }
    }
}

/// The untyped face of the restart loop (`RestartLoopEngine` in SignalSync), for
/// `restart` and `retryIf`: what the runs of one subscription need. Only the live run's
/// callbacks hold it, never the engine, so the loop (the subscriber's disposable) keeps
/// no reference to the subscriber once no run is live.
private final class SRestartFace {
    /// How a run ended.
    enum Ending {
        case completed
        case error(Any?)
    }

    let engine = RestartLoopEngine()
    let source: SSignal
    let subscriber: SSubscriber
    let restarts: (SSubscriber, Ending) -> Bool

    init(source: SSignal, subscriber: SSubscriber, restarts: @escaping (SSubscriber, Ending) -> Bool) {
        self.source = source
        self.subscriber = subscriber
        self.restarts = restarts
    }

    /// Starts the next run of the source.
    func subscribe() -> UpstreamDisposable? {
        let subscriber = self.subscriber
        return source.start(
            SSubscriptionState(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { [self] error in
                    ended(.error(error))
                },
                completed: { [self] in
                    ended(.completed)
                }))
    }

    private func ended(_ ending: Ending) {
        guard restarts(subscriber, ending) else { return }
        engine.iterationEnded(downstream: subscriber.state, subscribe: subscribe)
    }
}

extension RestartLoopEngine: SDisposable {}
