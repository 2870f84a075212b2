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
    /// subscribed, its value goes downstream as the subscription would send it; an outer
    /// or inner that is a hot source's signal is not subscribed either: the engine joins
    /// its hub. The engine is the subscription's disposable.
    func flatten(mode: InnerQueueMode, transform: (@Sendable (Any?) -> SSignal)? = nil) -> SSignal {
        SSignal { subscriber in
            let engine = SSignalQueueState(
                mode: mode, downstream: subscriber,
                start: { engine, id, erased in
                    let inner = erased as! SSignal
                    let plan = inner.stage.plan(for: .inner)
                    if plan == .sendSingleValue {
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
                    let next: @Sendable (Any?) -> Void = { value in
                        if run.acceptsNext() {
                            // Safety: as the Safety note on `next` says: a run's downstream is its engine's.
                            unsafeDowncast(run.downstream, to: SSubscriber.self).putNext(value)
                        }
                    }
                    if plan == .joinHub {
                        // A hot source's signal: its hub hands each value to the run,
                        // instead of a subscription of the source's own (a hub sends no
                        // terminal event); the membership is the inner's handle. Pinned by
                        // SSignalMetaTests.testMapToSignalOverHotSourcesJoinsTheirHubs.
                        return inner.joinedHub.join(PipeHubClosureReceiver(next))
                    }
                    return inner.start(
                        next: next,
                        error: { error in
                            if run.failed() {
                                // Safety: as the Safety note on `next` says: a run's downstream is its engine's.
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
            // Each closure captures only `callbacks`, which is then its context: one object
            // rather than a closure context for the value and one for the error.
            let callbacks = SFlattenOuterCallbacks(engine: engine, transform: transform)
            if self.stage.plan(for: .valueReceiver) == .joinHub {
                // A hot source's signal: its hub hands each value to the callbacks, instead
                // of a subscription of the source's own (a hub sends no terminal event);
                // the membership is the outer handle (none when the hub has closed). Pinned
                // by SSignalMetaTests.testMapToSignalOverHotSourcesJoinsTheirHubs.
                if let membership = self.joinedHub.join(PipeHubClosureReceiver { callbacks.next($0) }) {
                    engine.setOuter(membership)
                }
                return engine
            }
            engine.setOuter(
                self.start(next: { callbacks.next($0) }, error: { callbacks.error($0) }, completed: { callbacks.completed() }))
            return engine
        }
    }
}

/// What the outer signal of an untyped meta operator (`flatten`) calls back with: each
/// value becomes an inner of `engine` (through `transform`, or as the `SSignal` it must
/// be), an error goes downstream, the completion to the engine.
private final class SFlattenOuterCallbacks: Sendable {
    let engine: SSignalQueueState
    let transform: (@Sendable (Any?) -> SSignal)?

    /// The outer callbacks of `engine`, whose downstream is an `SSubscriber`.
    init(engine: SSignalQueueState, transform: (@Sendable (Any?) -> SSignal)?) {
        self.engine = engine
        self.transform = transform
    }

    /// The engine's downstream subscriber.
    var downstream: SSubscriber {
        // Safety: `flatten` makes the engine with an `SSubscriber` as its downstream. Pinned
        // by SSignalMetaTests.testSwitchToLatestForwardsOnlyTheLatestInner.
        unsafeDowncast(engine.downstream, to: SSubscriber.self)
    }

    /// The outer signal sent `value`: its inner goes to the engine; a value that is not a
    /// signal, without a `transform`, fails the output.
    func next(_ value: Any?) {
        if let transform {
            engine.outerNext(transform(value))
            return
        }
        guard let inner = value as? SSignal else {
            if engine.outerFailed() {
                downstream.putError(SSignalTypeError(expected: "SSignal", value: value))
            }
            return
        }
        engine.outerNext(inner)
    }

    /// The outer signal failed: downstream, if the engine forwards it.
    func error(_ error: Any?) {
        if engine.outerFailed() {
            downstream.putError(error)
        }
    }

    /// The outer signal completed.
    func completed() {
        engine.outerCompleted()
    }
}
