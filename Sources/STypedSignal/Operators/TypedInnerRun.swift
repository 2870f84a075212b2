import SignalSync

/// One started inner of the typed face of the inner queue engine (`startInnerQueue`):
/// what the inner's three callbacks capture, in place of the engine's `InnerQueueRun`.
///
/// The callbacks may be made in generic code that is not specialized (the operators are
/// inlinable, but a generic caller runs them unspecialized), so a callback that
/// named `T` or `E` next to an `InnerQueueRun` would capture their type metadata too, in
/// a context allocated per callback (two per inner). This run carries `T` and `E` in its
/// own type, and `start` makes the callbacks in a context generic over these two only:
/// each callback captures the run alone, Swift uses it as the callback's context and
/// finds the types in it, and an inner costs this one object. It reports the inner's
/// events to the engine under the inner's id, as `InnerQueueRun` does, and sends what the
/// engine lets through to the downstream subscriber. An inner that is a hot source's
/// signal is not subscribed: its hub calls the run's `next` (a hub sends no terminal
/// event), and the membership is the inner's handle.
@usableFromInline
final class TypedInnerRun<T, E>: Sendable {
    /// The engine that started the inner.
    @usableFromInline let engine: InnerQueueEngine
    /// The inner's id (its generation in the engine).
    @usableFromInline let id: Int

    /// A run of inner `id` of `engine`, whose downstream is a `Subscriber<T, E>`.
    @inlinable
    init(engine: InnerQueueEngine, id: Int) {
        self.engine = engine
        self.id = id
    }

    /// The engine's downstream subscriber.
    @inlinable
    var downstream: Subscriber<T, E> {
        // Safety: an engine whose inners this run starts is made only by `startInnerQueue`,
        // with a `Subscriber<T, E>` as its downstream. Pinned by
        // SignalMetaTests.testMapToSignalSwitchesToTheLatestMappedSignal.
        unsafeDowncast(engine.downstream, to: Subscriber<T, E>.self)
    }

    /// The inner sent `value`: downstream if the engine accepts it.
    @inlinable
    func next(_ value: T) {
        if engine.accepts(id) {
            downstream.putNext(value)
        }
    }

    /// The inner failed: downstream if the engine forwards it.
    @inlinable
    func error(_ error: E) {
        if engine.innerFailed(id) {
            downstream.putError(error)
        }
    }

    /// The inner completed.
    @inlinable
    func completed() {
        engine.innerCompleted(id)
    }
}

extension TypedInnerRun {
    /// The typed face's `start` (`InnerQueueEngine.Start`), made once per engine: starts
    /// an inner, a `Signal<T, E>`, as inner `id` of `engine`. A signal made by `single`
    /// is not subscribed: its value goes downstream as its subscription would send it.
    ///
    /// A closure made here is generic over `T` and `E` only (made inside
    /// `startInnerQueue`, it would be generic over the outer's types too, which the run
    /// does not carry), and is called with no metatype to look up per inner.
    @inlinable
    static var start: InnerQueueEngine.Start {
        { engine, id, inner in
            // Safety: this function is the `start` only of the engines `startInnerQueue`
            // makes, which hand it the outer's `Signal<T, E>`s as inners and have a
            // `Subscriber<T, E>` as downstream. Pinned by
            // SignalMetaTests.testQueueRunsInnersOneAtATimeInArrivalOrder.
            let signal = unsafeDowncast(inner, to: Signal<T, E>.self)
            let plan = signal.stage.plan(for: .inner)
            if plan == .sendSingleValue {
                // What a subscription to it would do, minus the subscription.
                if engine.accepts(id) {
                    // Safety: as the Safety note on `signal` says: the downstream is a
                    // `Subscriber<T, E>`. Pinned by
                    // SingleHandOverTests.testMapToSignalForwardsEachSinglesValueThenCompletes.
                    unsafeDowncast(engine.downstream, to: Subscriber<T, E>.self).putNext(signal.singleValue)
                }
                return nil
            }
            let run = TypedInnerRun(engine: engine, id: id)
            if plan == .joinHub {
                // A hot source's signal: its hub hands each value to the run, instead of a
                // subscription of the source's own (a hub sends no terminal event); the
                // membership is the inner's handle. Pinned by
                // SignalMetaTests.testMapToSignalOverHotSourcesJoinsTheirHubs.
                return signal.joinedHub.join(PipeHubClosureReceiver { run.next($0) })
            }
            return signal.start(
                next: { value in
                    run.next(value)
                },
                error: { error in
                    run.error(error)
                },
                completed: {
                    run.completed()
                })
        }
    }
}
