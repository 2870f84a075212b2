/// How an inner queue engine treats an inner that arrives while another one runs.
@usableFromInline
package enum InnerQueueMode: Sendable {
    /// `switchToLatest`: start the newcomer at once, then dispose the running one.
    case switchToLatest
    /// `queue`: buffer every newcomer (FIFO, unbounded) until the running one completes.
    case queue
    /// `throttled`: buffer only the newest newcomer; an older waiting one is dropped.
    case throttled
}

/// The transitions of the engine behind `switchToLatest`, `queue` and `throttled` (and
/// their `mapTo...` forms, and the sequential `reduceLeft`), in both APIs.
///
/// A value type with no side effects: every transition runs under the storage's lock
/// (`InnerQueueEngine`) and returns an action, what the storage must do after unlocking:
/// start an inner, complete, forward an error, dispose something, release something.
/// `Inner` is what the outer signal emits (an inner signal, held erased or as is);
/// `Handle` is the subscription of a started inner and of the outer signal.
///
/// Each started inner has an id (its generation); events of an inner that is no longer
/// the newest are ignored. Once the output has terminated (`.finished`), no further inner
/// is started and nothing more goes downstream; the subscriptions still held are disposed
/// by `dispose()`: the current (or just finished) inner first, then the outer.
///
/// Trampoline: while an inner's `start` call has not returned, its completion is only
/// noted (`.completedInStart`); the loop that started it handles the completion after
/// `start` returns and starts the next inner itself. A long run of synchronously
/// completing inners therefore runs in one loop instead of recursing, and a live inner is
/// never disposed by the unwinding of earlier ones.
@usableFromInline
package struct InnerQueueMachine<Inner, Handle> {
    /// Every phase of the engine.
    @usableFromInline
    package enum State: Equatable, Sendable {
        /// Events flow; no inner runs and none waits.
        case idle
        /// The newest inner runs (or its `start` call is running); in the queue modes,
        /// newcomers wait. `outerCompleted` once the outer signal completed: the output
        /// completes when the inners are done.
        case running(outerCompleted: Bool)
        /// The newest inner completed inside its own `start` call: the loop that started
        /// it goes on once that call returns.
        case completedInStart(outerCompleted: Bool)
        /// A terminal event was decided (sent or about to be sent downstream): nothing
        /// more starts or goes downstream; the handles wait for `dispose()`.
        case finished
        /// Disposed: every handle was handed out for disposal.
        case disposed
    }

    /// What follows the outer signal's completion.
    @usableFromInline
    package enum OuterCompletedAction {
        /// Nothing now: an inner runs or waits (the output completes after the inners), or
        /// the output has terminated.
        case done
        /// Send the completion downstream.
        case complete
    }

    /// What follows the completion of the newest inner (reported by `innerCompleted`, or
    /// noted during its `start` and handed out by `startReturned`): what the storage does
    /// next in its loop, after unlocking.
    @usableFromInline
    package enum InnerCompletedAction {
        /// Nothing more.
        case done
        /// Start `Inner` as the inner with the given id, then report `startReturned`.
        case start(Inner, id: Int)
        /// Send the completion downstream.
        case complete
    }

    /// What follows the outer signal's value. The machine keeps the inner only while it
    /// waits, so the caller's own reference starts it (no copy of it in the action).
    @usableFromInline
    package enum OuterNextAction {
        /// Start the inner as the inner with this id, then report `startReturned`.
        case start(id: Int)
        /// The inner waits; release `replaced`, the waiting inner a throttled newcomer
        /// replaces (never started).
        case queued(replaced: Inner?)
        /// The output has terminated: the inner is not kept.
        case dropped
    }

    /// What follows an error of the outer signal or of an inner.
    @usableFromInline
    package enum FailureAction {
        /// Send the error downstream (the first terminal event); release the waiting
        /// inners, never started.
        case forward(dropped: [Inner])
        /// Drop the error: the output has terminated, or the inner was replaced.
        case ignore
    }

    /// What follows the return of an inner's `start` call.
    @usableFromInline
    package enum StartReturnedAction {
        /// Dispose the handle (if any) at once: its inner was replaced meanwhile, or the
        /// engine was disposed.
        case discard(Handle?)
        /// The handle is kept: dispose `replaced` (the previous inner, new before old),
        /// then go on with `then`.
        case keep(replaced: Handle?, then: InnerCompletedAction)
    }

    /// What follows the start of the outer signal.
    @usableFromInline
    package enum SetOuterAction {
        /// The handle is kept for disposal.
        case keep
        /// Dispose the handle at once: the engine was disposed while the outer started.
        case discard(Handle)
    }

    /// What follows a disposal.
    @usableFromInline
    package enum DisposeAction {
        /// Dispose `inner`, then `outer`, and release the waiting inners.
        case teardown(inner: Handle?, outer: Handle?, dropped: [Inner])
        /// Nothing: already disposed.
        case alreadyDisposed
    }

    @usableFromInline let mode: InnerQueueMode
    /// Where the engine is.
    @usableFromInline var state = State.idle
    /// The id of the newest inner started.
    @usableFromInline var generation = 0
    /// The ids of every inner whose `start` call is running (on any thread), oldest first.
    @usableFromInline var startingIDs: [Int] = []
    /// The inners waiting for the running one (queue modes); kept apart from `state` so
    /// that appending never copies the buffer.
    @usableFromInline var pending = FIFO<Inner>()
    /// The subscription of the newest inner once its `start` returned; kept after it
    /// completes until a successor replaces it or the engine is disposed.
    @usableFromInline var current: Handle?
    @usableFromInline var outer: Handle?

    /// An idle machine in `mode`, with nothing started.
    @inlinable package init(mode: InnerQueueMode) {
        self.mode = mode
    }

    /// True until the output terminates or the engine is disposed.
    @inlinable var isActive: Bool {
        switch state {
        case .idle, .running, .completedInStart: true
        case .finished, .disposed: false
        }
    }

    /// True once disposed.
    @inlinable var isDisposed: Bool {
        if case .disposed = state { return true }
        return false
    }

    /// Whether a value of inner `id` may go downstream: the newest inner's values, and
    /// the values an inner sends during its own synchronous start, even when a successor
    /// arrived meanwhile on another thread (it is disposed only after that start
    /// returns, as in the originals).
    @inlinable package func accepts(_ id: Int) -> Bool {
        isActive && (id == generation || startingIDs.contains(id))
    }

    /// The outer signal produced `inner`.
    @inlinable package mutating func outerNext(_ inner: Inner) -> OuterNextAction {
        let outerCompleted: Bool
        switch state {
        case .finished, .disposed:
            // Legitimate: an inner's error ended the output, or a disposal came from
            // another thread, while the outer signal's value was on its way.
            return .dropped
        case .idle:
            outerCompleted = false
        case .running(let completed), .completedInStart(let completed):
            outerCompleted = completed
            if mode != .switchToLatest {
                let replaced = mode == .throttled ? pending.popFirst() : nil
                pending.append(inner)
                return .queued(replaced: replaced)
            }
        }
        return .start(id: beginStart(outerCompleted: outerCompleted))
    }

    /// The outer signal completed: completes at once when nothing runs or waits.
    @inlinable package mutating func outerCompleted() -> OuterCompletedAction {
        switch state {
        case .idle:
            state = .finished
            return .complete
        case .running:
            state = .running(outerCompleted: true)
        case .completedInStart:
            state = .completedInStart(outerCompleted: true)
        case .finished, .disposed:
            break  // legitimate: an inner's error or a disposal came first
        }
        return .done
    }

    /// The outer signal failed (or emitted something that is not an inner).
    @inlinable package mutating func outerFailed() -> FailureAction {
        // Legitimate when inactive: an inner's error or a disposal came first.
        guard isActive else { return .ignore }
        state = .finished
        return .forward(dropped: pending.removeAll())
    }

    /// Inner `id` failed: as `outerFailed`, but only the newest inner counts.
    @inlinable package mutating func innerFailed(_ id: Int) -> FailureAction {
        // Legitimate for an older id: a replaced inner still fails while it is disposed.
        guard id == generation else { return .ignore }
        return outerFailed()
    }

    /// Inner `id` completed: the next waiting inner starts, or the output completes, or
    /// (inside the inner's own `start`) the completion is noted for `startReturned`.
    @inlinable package mutating func innerCompleted(_ id: Int) -> InnerCompletedAction {
        // Legitimate otherwise: a replaced inner still completes while it is disposed, or
        // the output ended (an error, a disposal) while the completion was on its way.
        guard id == generation, case .running(let outerCompleted) = state else { return .done }
        if startingIDs.last == id {
            state = .completedInStart(outerCompleted: outerCompleted)
            return .done
        }
        return innerFinished(outerCompleted: outerCompleted)
    }

    /// The `start` call of inner `id` returned `handle` (nil: the inner ended in it and
    /// left no subscription).
    @inlinable package mutating func startReturned(_ id: Int, handle: Handle?) -> StartReturnedAction {
        if startingIDs.last == id {
            startingIDs.removeLast()
        } else if let index = startingIDs.firstIndex(of: id) {
            startingIDs.remove(at: index)
        }
        guard id == generation && !isDisposed else { return .discard(handle) }
        let previous = current
        current = handle
        guard case .completedInStart(let outerCompleted) = state else {
            return .keep(replaced: previous, then: .done)
        }
        return .keep(replaced: previous, then: innerFinished(outerCompleted: outerCompleted))
    }

    /// Inner `id` completed inside its own `start` call, which then returned without a
    /// subscription (an inner that holds its one value, forwarded through `accepts`):
    /// `innerCompleted(id)` then `startReturned(id, handle: nil)`, in one step. Nothing
    /// can start in between: `innerCompleted` of an inner still in its `start` only notes
    /// the completion, since the newest id is always the last of `startingIDs`.
    @inlinable package mutating func endedInStart(_ id: Int) -> StartReturnedAction {
        _ = innerCompleted(id)
        return startReturned(id, handle: nil)
    }

    /// Stores the outer subscription, unless the engine was disposed while the outer
    /// signal started.
    @inlinable package mutating func setOuter(_ handle: Handle) -> SetOuterAction {
        guard !isDisposed else { return .discard(handle) }
        outer = handle
        return .keep
    }

    /// Ends everything: hands out the current inner and the outer subscription (to be
    /// disposed in that order) and the waiting inners to release.
    @inlinable package mutating func dispose() -> DisposeAction {
        guard !isDisposed else { return .alreadyDisposed }
        state = .disposed
        defer {
            current = nil
            outer = nil
        }
        return .teardown(inner: current, outer: outer, dropped: pending.removeAll())
    }

    /// Starts a new generation: returns its id.
    @inlinable mutating func beginStart(outerCompleted: Bool) -> Int {
        generation += 1
        state = .running(outerCompleted: outerCompleted)
        startingIDs.append(generation)
        return generation
    }

    /// The newest inner is done: start the next waiting one (queue modes), or complete
    /// when the outer has completed.
    @inlinable mutating func innerFinished(outerCompleted: Bool) -> InnerCompletedAction {
        if mode != .switchToLatest, let next = pending.popFirst() {
            return .start(next, id: beginStart(outerCompleted: outerCompleted))
        }
        guard outerCompleted else {
            state = .idle
            return .done
        }
        state = .finished
        return .complete
    }
}
