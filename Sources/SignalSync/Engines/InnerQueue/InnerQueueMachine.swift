/// How an inner queue engine treats an inner that arrives while another one runs.
public enum InnerQueueMode: Sendable {
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
/// (`InnerQueueEngine`) and returns what the storage must do after unlocking: start an
/// inner, complete, forward an error, dispose something, release something. `Inner` is
/// what the outer signal emits (an inner signal, held erased or as is); `Handle` is the
/// subscription of a started inner and of the outer signal.
///
/// Each started inner has an id (its generation); events of an inner that is no longer
/// the newest are ignored. Once the output has terminated (`phase` is `.finished`), no
/// further inner is started and nothing more goes downstream; the subscriptions still
/// held are disposed by `dispose()`: the current (or just finished) inner first, then the
/// outer.
///
/// Trampoline: while an inner's `start` call has not returned, its completion is only
/// noted (`completedWhileStarting`); the loop that started it handles the completion
/// after `start` returns and starts the next inner itself. A long run of synchronously
/// completing inners therefore runs in one loop instead of recursing, and a live inner
/// is never disposed by the unwinding of earlier ones.
public struct InnerQueueMachine<Inner, Handle> {
    /// Where the engine is in its life.
    public enum Phase: Sendable {
        /// Events flow; inners start.
        case active
        /// A terminal event was decided (sent or about to be sent downstream): nothing
        /// more starts or goes downstream; the handles wait for `dispose()`.
        case finished
        /// Disposed: every handle was handed out for disposal.
        case disposed
    }

    /// What the storage does next, after unlocking.
    public enum Step {
        /// Nothing more.
        case none
        /// Start `Inner` as the inner with the given id, then report `startReturned`.
        case start(Inner, Int)
        /// Send the completion downstream.
        case complete
    }

    @usableFromInline let mode: InnerQueueMode
    @usableFromInline var phase = Phase.active
    /// The id of the newest inner started.
    @usableFromInline var generation = 0
    /// An inner runs (or is being started): in the queue modes, newcomers wait.
    @usableFromInline var executing = false
    /// The ids of every inner whose `start` call is running (on any thread), oldest first.
    @usableFromInline var startingIDs: [Int] = []
    /// The newest inner completed inside its own `start` call.
    @usableFromInline var completedWhileStarting = false
    @usableFromInline var outerCompleted = false
    @usableFromInline var pending = FIFO<Inner>()
    /// The subscription of the newest inner once its `start` returned; kept after it
    /// completes until a successor replaces it or the engine is disposed.
    @usableFromInline var current: Handle?
    @usableFromInline var outer: Handle?

    /// An active machine in `mode`, with nothing started.
    @inlinable public init(mode: InnerQueueMode) {
        self.mode = mode
    }

    /// Whether a value of inner `id` may go downstream: the newest inner's values, and
    /// the values an inner sends during its own synchronous start, even when a successor
    /// arrived meanwhile on another thread (it is disposed only after that start
    /// returns, as in the originals).
    @inlinable public func accepts(_ id: Int) -> Bool {
        phase == .active && (id == generation || startingIDs.contains(id))
    }

    /// The outer signal produced `inner`. Returns the step and the inners to release
    /// outside the lock (`inner` itself once the output has terminated, or the waiting
    /// inner a throttled newcomer replaces).
    @inlinable public mutating func outerNext(_ inner: Inner) -> (Step, dropped: [Inner]) {
        guard phase == .active else { return (.none, [inner]) }
        guard executing && mode != .switchToLatest else { return (beginStart(inner), []) }
        let dropped = mode == .throttled ? pending.removeAll() : []
        pending.append(inner)
        return (.none, dropped)
    }

    /// The outer signal completed: completes at once when nothing runs or waits.
    @inlinable public mutating func outerCompletedEvent() -> Step {
        guard phase == .active else { return .none }
        outerCompleted = true
        guard !executing && pending.isEmpty else { return .none }
        phase = .finished
        return .complete
    }

    /// The outer signal failed (or emitted something that is not an inner): returns
    /// whether the error goes downstream, and the waiting inners to release.
    @inlinable public mutating func outerFailed() -> (forward: Bool, dropped: [Inner]) {
        guard phase == .active else { return (false, []) }
        phase = .finished
        return (true, pending.removeAll())
    }

    /// Inner `id` failed: as `outerFailed`, but only the newest inner counts.
    @inlinable public mutating func innerFailed(_ id: Int) -> (forward: Bool, dropped: [Inner]) {
        guard id == generation else { return (false, []) }
        return outerFailed()
    }

    /// Inner `id` completed: the next waiting inner starts, or the output completes, or
    /// (inside the inner's own `start`) the completion is noted for `startReturned`.
    @inlinable public mutating func innerCompleted(_ id: Int) -> Step {
        guard phase == .active && id == generation else { return .none }
        if startingIDs.last == id {
            completedWhileStarting = true
            return .none
        }
        return innerFinished()
    }

    /// The `start` call of inner `id` returned `handle`. Returns the next step and the
    /// handle to dispose now: the one the new inner replaces (new before old), or
    /// `handle` itself when it is stale or the engine was disposed.
    @inlinable public mutating func startReturned(_ id: Int, handle: Handle) -> (Step, dispose: Handle?) {
        if startingIDs.last == id {
            startingIDs.removeLast()
        } else if let index = startingIDs.firstIndex(of: id) {
            startingIDs.remove(at: index)
        }
        guard phase != .disposed && id == generation else { return (.none, handle) }
        let previous = current
        current = handle
        guard completedWhileStarting else { return (.none, previous) }
        completedWhileStarting = false
        return (phase == .active ? innerFinished() : .none, previous)
    }

    /// Stores the outer subscription; returns it when it must be disposed at once
    /// because the engine was disposed while the outer signal started.
    @inlinable public mutating func setOuter(_ handle: Handle) -> Handle? {
        guard phase != .disposed else { return handle }
        outer = handle
        return nil
    }

    /// Ends everything: returns the current inner and the outer subscription (to be
    /// disposed in that order) and the waiting inners to release; nil when already
    /// disposed.
    @inlinable public mutating func dispose() -> (inner: Handle?, outer: Handle?, dropped: [Inner])? {
        guard phase != .disposed else { return nil }
        phase = .disposed
        defer {
            current = nil
            outer = nil
        }
        return (current, outer, pending.removeAll())
    }

    @inlinable mutating func beginStart(_ inner: Inner) -> Step {
        generation += 1
        executing = true
        startingIDs.append(generation)
        completedWhileStarting = false
        return .start(inner, generation)
    }

    /// The newest inner is done: start the next waiting one (queue modes) or complete
    /// when the outer has completed.
    @inlinable mutating func innerFinished() -> Step {
        executing = false
        if mode != .switchToLatest, let next = pending.popFirst() {
            return beginStart(next)
        }
        guard outerCompleted else { return .none }
        phase = .finished
        return .complete
    }
}
