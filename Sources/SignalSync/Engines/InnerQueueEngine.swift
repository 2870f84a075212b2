/// The engine behind `switchToLatest`, `queue`, `throttled` (and their `mapTo...` forms,
/// and the sequential `reduceLeft`) for one subscription, in both APIs: holds the
/// `InnerQueueMachine` under a lock and performs its steps after unlocking.
///
/// A face (typed or untyped) creates it with two closures, `start` (subscribe to an
/// inner, routing its events back here with the inner's id) and `complete` (send the
/// completion downstream), feeds it the outer signal's events, and returns it as the
/// subscription's disposable. Errors are not sent from here: `outerFailed` and
/// `innerFailed` say whether the face forwards one. Disposal disposes the current inner
/// first, then the outer subscription, and drops the waiting inners.
///
/// Every method may be called from any thread and re-entrantly from inside the closures;
/// no closure runs, and nothing is disposed or released, while the lock is held.
package final class InnerQueueEngine<Inner>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the closures are
    // immutable and called after unlocking.
    package typealias Machine = InnerQueueMachine<Inner, any UpstreamDisposable>
    /// Subscribes to an inner: `start(engine, inner, id)` returns its subscription, and
    /// its events are to be reported with `accepts(id)` / `innerFailed(id)` /
    /// `innerCompleted(id)`.
    package typealias Start = (InnerQueueEngine<Inner>, Inner, Int) -> any UpstreamDisposable

    @usableFromInline let state: LockedState<Machine>
    @usableFromInline let start: Start
    @usableFromInline let complete: () -> Void

    /// An engine in `mode` that starts inners with `start` and completes the output with
    /// `complete`.
    @inlinable package init(mode: InnerQueueMode, start: @escaping Start, complete: @escaping () -> Void) {
        state = LockedState(Machine(mode: mode))
        self.start = start
        self.complete = complete
    }

    /// Stores the outer signal's subscription (disposed with the engine, or at once when
    /// the engine was disposed while the outer signal started).
    @inlinable package func setOuter(_ handle: any UpstreamDisposable) {
        let late = state.withLock { $0.setOuter(handle) }
        late?.dispose()
    }

    /// The outer signal emitted `inner`.
    @inlinable package func outerNext(_ inner: Inner) {
        let (step, dropped) = state.withLock { $0.outerNext(inner) }
        withExtendedLifetime(dropped) {}
        perform(step)
    }

    /// The outer signal completed.
    @inlinable package func outerCompleted() {
        perform(state.withLock { $0.outerCompletedEvent() })
    }

    /// The outer signal failed (or emitted something that is not an inner): true when
    /// the face is to forward the error downstream (the first terminal event only).
    @inlinable package func outerFailed() -> Bool {
        let (forward, dropped) = state.withLock { $0.outerFailed() }
        withExtendedLifetime(dropped) {}
        return forward
    }

    /// Whether a value of inner `id` goes downstream.
    @inlinable package func accepts(_ id: Int) -> Bool {
        state.withLock { $0.accepts(id) }
    }

    /// Inner `id` failed: true when the face is to forward the error downstream.
    @inlinable package func innerFailed(_ id: Int) -> Bool {
        let (forward, dropped) = state.withLock { $0.innerFailed(id) }
        withExtendedLifetime(dropped) {}
        return forward
    }

    /// Inner `id` completed.
    @inlinable package func innerCompleted(_ id: Int) {
        perform(state.withLock { $0.innerCompleted(id) })
    }

    /// Disposes the current inner, then the outer subscription, and releases the waiting
    /// inners; later calls do nothing.
    @inlinable package func dispose() {
        guard let parts = state.withLock({ $0.dispose() }) else { return }
        parts.inner?.dispose()
        parts.outer?.dispose()
        withExtendedLifetime(parts.dropped) {}
    }

    /// Runs steps until there is nothing left to do on this thread: the trampoline.
    @inlinable func perform(_ first: Machine.Step) {
        var step = first
        while true {
            switch step {
            case .none:
                return
            case .complete:
                complete()
                return
            case .start(let inner, let id):
                let handle = start(self, inner, id)
                let (next, replaced) = state.withLock { $0.startReturned(id, handle: handle) }
                replaced?.dispose()
                step = next
            }
        }
    }
}
