import SignalSync

extension SSignal {
    /// Emits the first `count` values, then completes.
    ///
    /// Completion follows right after value number `count` and tears the source down. If
    /// the source ends first, its error or completion is forwarded. `take(0)` — and any
    /// negative count — completes at once on subscription without subscribing to the
    /// source. With values arriving concurrently, at most `count` are delivered and
    /// completion happens once.
    public func take(_ count: Int) -> SSignal {
        SSignal { subscriber in
            if count <= 0 {
                subscriber.putCompletion()
                return nil
            }
            // Values still allowed; never below -1, so no count can overflow it.
            let remaining = Atomic(value: count)
            let link = UpstreamLink()
            let upstream = SSubscriptionState(
                next: { value in
                    let left = remaining.modify { max($0 - 1, -1) }
                    if left >= 0 {
                        subscriber.putNext(value)
                    }
                    if left == 0 {
                        subscriber.putCompletion()
                        // The source may still be inside its generator: stop listening now so
                        // a synchronous loop upstream (`restart`) sees that nobody listens.
                        link.silence()
                    }
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
            link.state = upstream
            return self.start(upstream)
        }
    }

    /// Emits only the last value when the source completes, then completes.
    ///
    /// A nil last value counts (it is emitted as nil); a source that completes without
    /// values just completes. An error is forwarded without a value.
    public func takeLast() -> SSignal {
        SSignal { subscriber in
            let last = Atomic<Any??>(value: nil)
            return self.start(
                next: { value in
                    last.swap(.some(value))
                },
                error: { error in
                    last.swap(nil)
                    subscriber.putError(error)
                },
                completed: {
                    if case .some(let value) = last.swap(nil) {
                        subscriber.putNext(value)
                    }
                    subscriber.putCompletion()
                })
        }
    }

    /// Forwards this signal until `replacement` — a signal of signals — emits one, then
    /// switches to that.
    ///
    /// Subscribes to `replacement` first, then to `self`. Each signal `x` that
    /// `replacement` emits disposes the subscription to `self` for good and replaces any
    /// earlier `x`; `x`'s values, error and completion are forwarded. `replacement`'s
    /// error is forwarded, its completion ignored. `self`'s error or completion disposes
    /// the current `x` and is forwarded. A value of `replacement` that is not an `SSignal`
    /// ends the subscription with an `SSignalTypeError`. As in the original, if
    /// `replacement` emits during subscription, `self` is still started and cancelled
    /// right after; a synchronous `self` can emit during that brief start.
    public func takeUntilReplacement(_ replacement: SSignal) -> SSignal {
        SSignal { subscriber in
            let selfDisposable = SMetaDisposable()
            let switchedDisposable = SMetaDisposable()
            let disposables = SDisposableSet()
            disposables.add(
                replacement.start(
                    next: { next in
                        guard let signal = next as? SSignal else {
                            subscriber.putError(SSignalTypeError(expected: "SSignal", value: next))
                            return
                        }
                        selfDisposable.dispose()
                        switchedDisposable.setDisposable(
                            signal.start(
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
                    error: { error in
                        subscriber.putError(error)
                    }))
            disposables.add(selfDisposable)
            disposables.add(switchedDisposable)
            selfDisposable.setDisposable(
                self.start(
                    next: { value in
                        subscriber.putNext(value)
                    },
                    error: { error in
                        switchedDisposable.dispose()
                        subscriber.putError(error)
                    },
                    completed: {
                        switchedDisposable.dispose()
                        subscriber.putCompletion()
                    }))
            return disposables
        }
    }
}

/// Lets an operator's callbacks reach their own upstream subscription, which exists only
/// once `start` has created it.
final class UpstreamLink: @unchecked Sendable {
    // Safety: `state` is written once, before the upstream generator runs (so before any
    // callback can read it); weak loads are thread-safe.
    weak var state: SSubscriptionState?

    /// Stops delivery from the upstream subscription (see `SubscriptionCore.end`).
    func silence() {
        state?.end()
    }
}
