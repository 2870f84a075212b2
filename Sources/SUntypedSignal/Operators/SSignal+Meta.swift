import SignalSync

extension SSignal {
    /// Flattens a signal of signals, keeping only the most recent inner signal.
    ///
    /// Each inner signal is started as soon as it arrives; the previous inner is disposed
    /// right after the new one has been started (so a synchronous new inner emits first).
    /// Values of the current inner are forwarded. An inner or outer error is forwarded
    /// and ends everything. Completes when the outer has completed and the current inner
    /// (if any) has completed. A value that is not an `SSignal` ends the subscription with
    /// an `SSignalTypeError`.
    public func switchToLatest() -> SSignal {
        flatten(mode: .switchToLatest)
    }

    /// `map(f).switchToLatest()`: each value becomes a signal; only the latest runs.
    @preconcurrency public func mapToSignal(_ f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
        flatten(mode: .switchToLatest, transform: f)
    }

    /// `map(f).queue()`: each value becomes a signal; they run one at a time, in order.
    @preconcurrency public func mapToQueue(_ f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
        flatten(mode: .queue, transform: f)
    }

    /// `map(f).throttled()`: each value becomes a signal; while one runs, only the latest
    /// waiting one is kept.
    @preconcurrency public func mapToThrottled(_ f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
        flatten(mode: .throttled, transform: f)
    }

    /// Forwards this signal's values, then, when it completes, subscribes to `next` and
    /// forwards all of its events (including its completion).
    ///
    /// An error of this signal is forwarded and `next` is never subscribed. Disposal
    /// disposes both subscriptions. `next` sends straight to the downstream subscriber
    /// (`HandOver`), so a recursion of `then`s costs the same per value at any depth.
    public func then(_ next: SSignal) -> SSignal {
        SSignal { subscriber in
            let disposables = SDisposableSet()
            disposables.add(
                self.start(
                    next: { value in
                        subscriber.putNext(value)
                    },
                    error: { error in
                        subscriber.putError(error)
                    },
                    completed: {
                        disposables.add(HandOver.continuation(of: subscriber.state) { next.run(subscriber) })
                    }))
            return disposables
        }
    }

    /// Flattens a signal of signals one at a time: each inner signal starts after the
    /// previous one has completed, in arrival order (concat).
    ///
    /// Inners that complete synchronously are run by a loop, so any number of them never
    /// grows the stack, and a running inner is never disposed by the bookkeeping of the
    /// ones before it. An inner error is forwarded and drops the inners still waiting
    /// (they are never subscribed). Completes when the outer and every inner have
    /// completed. A value that is not an `SSignal` ends the subscription with an
    /// `SSignalTypeError`.
    public func queue() -> SSignal {
        flatten(mode: .queue)
    }

    /// Like `queue()`, but while an inner signal runs only the latest arriving one is
    /// kept; the ones in between are dropped without ever being subscribed.
    public func throttled() -> SSignal {
        flatten(mode: .throttled)
    }

    /// A signal that calls `generator()` at each subscription and forwards the events of
    /// the signal it returns, which runs with this signal's subscriber (`HandOver`).
    @preconcurrency public static func deferred(_ generator: @escaping @Sendable () -> SSignal) -> SSignal {
        SSignal { subscriber in
            let signal = generator()
            return GenerationScope.run(subscriber.state) { signal.run(subscriber) }
        }
    }

    /// The original's name for `deferred(_:)`.
    @preconcurrency public static func `defer`(_ generator: @escaping @Sendable () -> SSignal) -> SSignal {
        deferred(generator)
    }
}

/// The disposable of a `then`'s second signal is an `SDisposable`.
extension HandedOverDisposable: SDisposable {}
