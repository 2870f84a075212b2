import SignalSync

/// The state behind the untyped `switchToLatest`, `queue` and `throttled` (and their
/// `mapTo...` forms): SSignalKit's name for it, kept so that a reader of the original finds
/// it. It is the shared inner queue engine (`InnerQueueEngine` in SignalSync, the typed API
/// runs the same one), holding inner signals erased (each an `SSignal`).
typealias SSignalQueueState = InnerQueueEngine

/// The engine is the disposable a meta operator's generator returns.
extension InnerQueueEngine: SDisposable {}

extension SSignal {
    /// The untyped face of the shared inner queue engine (`InnerQueueEngine` in
    /// SignalSync): each value of this signal becomes an inner through `transform`
    /// (called for every value, even after the output terminated) or, without one, must
    /// be an `SSignal`; anything else fails the output with an `SSignalTypeError`. Inner
    /// values and errors go straight downstream; an inner made by `single` is not
    /// subscribed, its value goes downstream as the subscription would send it. The
    /// engine is the subscription's disposable.
    func flatten(mode: InnerQueueMode, transform: ((Any?) -> SSignal)? = nil) -> SSignal {
        SSignal { subscriber in
            let engine = SSignalQueueState(
                mode: mode, downstream: subscriber,
                start: { engine, id, erased in
                    let inner = erased as! SSignal
                    if inner.isSingle {
                        // What a subscription to it would do, minus the subscription.
                        if engine.accepts(id) {
                            (engine.downstream as! SSubscriber).putNext(inner.singleValue)
                        }
                        return nil
                    }
                    let run = InnerQueueRun(engine: engine, id: id)
                    // Safety: the engine's downstream is this generator's `SSubscriber` (set
                    // above); a run's is its engine's. Pinned by
                    // SSignalMetaTests.testSwitchToLatestForwardsOnlyTheLatestInner and
                    // testSwitchToLatestInnerErrorEndsEverything.
                    return inner.start(
                        next: { value in
                            if run.acceptsNext() {
                                // Safety: see above.
                                unsafeDowncast(run.downstream, to: SSubscriber.self).putNext(value)
                            }
                        },
                        error: { error in
                            if run.failed() {
                                // Safety: see above.
                                unsafeDowncast(run.downstream, to: SSubscriber.self).putError(error)
                            }
                        },
                        completed: {
                            run.completed()
                        })
                },
                complete: {
                    subscriber.putCompletion()
                })
            engine.setOuter(
                self.start(
                    next: { value in
                        if let transform {
                            engine.outerNext(transform(value))
                            return
                        }
                        guard let inner = value as? SSignal else {
                            if engine.outerFailed() {
                                subscriber.putError(SSignalTypeError(expected: "SSignal", value: value))
                            }
                            return
                        }
                        engine.outerNext(inner)
                    },
                    error: { error in
                        if engine.outerFailed() {
                            subscriber.putError(error)
                        }
                    },
                    completed: {
                        engine.outerCompleted()
                    }))
            return engine
        }
    }
}
