/// The engine behind `switchToLatest`, `queue`, `throttled` (and their `mapTo...` forms,
/// and the sequential `reduceLeft`) for one subscription, in both APIs: holds the
/// `InnerQueueMachine` under a lock and performs its steps after unlocking.
///
/// A face (typed or untyped) creates it with the downstream subscriber (erased) and two
/// closures, `start` (subscribe to an inner, routing its events back through an
/// `InnerQueueRun` of the id it is given, or forward the value of an inner that holds
/// its one value) and `complete` (send the completion downstream), feeds it
/// the outer signal's events, and returns it as the subscription's disposable. Errors are
/// not sent from here: `outerFailed` and `innerFailed` say whether the face forwards one.
/// Disposal disposes the current inner first, then the outer subscription, and drops the
/// waiting inners.
///
/// Every method may be called from any thread and re-entrantly from inside the closures;
/// no closure runs, and nothing is disposed or released, while the lock is held.
///
/// `@usableFromInline`, with its machine, so that the faces' inlinable operators inline it.
@usableFromInline
package final class InnerQueueEngine: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the closures are
    // immutable and called after unlocking.
    /// The inner signals, of either API, erased: an engine whose types are all concrete
    /// runs specialized wherever it is called from, its disposal and release through a
    /// protocol included (a generic engine ran those unspecialized, looking up its
    /// machine's metadata at each step).
    @usableFromInline package typealias Inner = AnyObject
    /// The transitions this engine runs, with inner subscriptions as handles.
    @usableFromInline package typealias Machine = InnerQueueMachine<Inner, any UpstreamDisposable>
    /// Starts inner number `id`: `start(engine, id, inner)` either subscribes to it,
    /// reporting its events through `InnerQueueRun(engine: engine, id: id)`, and returns
    /// the subscription; or, for an inner that holds its one value and would complete at
    /// once (a `single`), sends that value downstream if `engine.accepts(id)` and returns
    /// nil without reporting the completion (the engine notes it then, as a subscription
    /// completing inside its start would have it): the same events in the same order,
    /// without a subscription.
    @usableFromInline package typealias Start = (InnerQueueEngine, Int, Inner) -> (any UpstreamDisposable)?

    @usableFromInline let state: LockedState<Machine>
    @usableFromInline let start: Start
    @usableFromInline let complete: () -> Void
    /// The subscriber the face sends events to, erased so that the engine stays free of
    /// the face's value types.
    @usableFromInline package let downstream: AnyObject

    /// An engine in `mode` for `downstream` that starts inners with `start` and completes
    /// the output with `complete`.
    @inlinable package init(mode: InnerQueueMode, downstream: AnyObject, start: @escaping Start, complete: @escaping () -> Void) {
        state = LockedState(Machine(mode: mode))
        self.downstream = downstream
        self.start = start
        self.complete = complete
    }

    /// Stores the outer signal's subscription (disposed with the engine, or at once when
    /// the engine was disposed while the outer signal started).
    @inlinable package func setOuter(_ handle: any UpstreamDisposable) {
        if case .discard(let late) = state.withLock({ $0.setOuter(handle) }) {
            late.dispose()
        }
    }

    /// The outer signal emitted `inner`.
    @inlinable package func outerNext(_ inner: Inner) {
        switch state.withLock({ $0.outerNext(inner) }) {
        case .start(let id):
            run(inner, id: id)
        case .queued(let replaced):
            withExtendedLifetime(replaced) {}
        case .dropped:
            return
        }
    }

    /// The outer signal completed.
    @inlinable package func outerCompleted() {
        if case .complete = state.withLock({ $0.outerCompleted() }) {
            complete()
        }
    }

    /// The outer signal failed (or emitted something that is not an inner): true when
    /// the face is to forward the error downstream (the first terminal event only).
    @inlinable package func outerFailed() -> Bool {
        forwards(state.withLock { $0.outerFailed() })
    }

    /// Whether a value of inner `id` goes downstream.
    @inlinable package func accepts(_ id: Int) -> Bool {
        state.withLock { $0.accepts(id) }
    }

    /// Inner `id` failed: true when the face is to forward the error downstream.
    @inlinable package func innerFailed(_ id: Int) -> Bool {
        forwards(state.withLock { $0.innerFailed(id) })
    }

    /// Inner `id` completed.
    @inlinable package func innerCompleted(_ id: Int) {
        perform(state.withLock { $0.innerCompleted(id) })
    }

    /// Disposes the current inner, then the outer subscription, and releases the waiting
    /// inners; later calls do nothing.
    @inlinable package func dispose() {
        guard case .teardown(let inner, let outer, let dropped) = state.withLock({ $0.dispose() }) else { return }
        inner?.dispose()
        outer?.dispose()
        withExtendedLifetime(dropped) {}
    }

    /// Releases the inners a failure dropped; returns whether the error goes downstream.
    @inlinable func forwards(_ action: Machine.FailureAction) -> Bool {
        guard case .forward(let dropped) = action else { return false }
        withExtendedLifetime(dropped) {}
        return true
    }

    /// Performs what follows an inner's completion: completes, or starts an inner and goes
    /// on from there.
    @inlinable func perform(_ action: Machine.InnerCompletedAction) {
        switch action {
        case .done:
            return
        case .complete:
            complete()
        case .start(let inner, let id):
            run(inner, id: id)
        }
    }

    /// Starts `first` as inner `firstID`, then every inner that is to start next on this
    /// thread, until there is nothing left to do: the trampoline.
    @inlinable func run(_ first: consuming Inner, id firstID: Int) {
        var inner = first
        var id = firstID
        while true {
            let action: Machine.StartReturnedAction
            if let handle = start(self, id, inner) {
                action = state.withLock { $0.startReturned(id, handle: handle) }
            } else {
                action = state.withLock { $0.endedInStart(id) }
            }
            switch action {
            case .discard(let stale):
                stale?.dispose()
                return
            case .keep(let replaced, let next):
                replaced?.dispose()
                switch next {
                case .done:
                    return
                case .complete:
                    complete()
                    return
                case .start(let nextInner, let nextID):
                    inner = nextInner
                    id = nextID
                }
            }
        }
    }
}
