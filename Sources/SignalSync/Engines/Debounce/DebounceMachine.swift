/// The transitions of a debounce for one subscription: the engine under the untyped
/// `throttleOn(_:delay:)` and the typed `debounce(_:queue:)`.
///
/// A value type with no side effects, driven under `DebounceEngine`'s lock; each
/// transition returns what the engine does after unlocking (arm or stop the timer, emit,
/// complete). The rules:
/// - Each value replaces the pending one and re-arms the timer; when the timer fires,
///   the pending value is emitted.
/// - Completion with a value pending emits it at once, then completes. Completion with
///   nothing pending arms the timer once more and completes when it fires (as the
///   untyped original does).
/// - An error or a disposal drops the pending value and stops the timer; an error goes
///   downstream at once.
/// - Once finished (terminal decided, or disposed), every event is ignored.
@usableFromInline
package struct DebounceMachine<Value> {
    /// Every phase.
    @usableFromInline
    package enum State {
        /// Running, nothing pending.
        case quiet
        /// A value waits for the timer.
        case pending(Value)
        /// The source completed with nothing pending: completion waits for the timer.
        case completing
        /// A terminal event was decided, or the subscription was disposed.
        case finished
    }

    /// What the engine does with a value.
    @usableFromInline
    package enum NextAction {
        /// (Re-)arm the timer; release the value it replaced.
        case arm(replaced: Value?)
        /// Finished or completing: ignore it.
        case ignore
    }

    /// What the engine does on the source's completion.
    @usableFromInline
    package enum CompleteAction {
        /// Stop the timer, emit the pending value, then complete.
        case flush(Value)
        /// Arm the timer; the completion follows when it fires.
        case arm
        /// Already finished: ignore it.
        case ignore
    }

    /// What the engine does when the timer fires.
    @usableFromInline
    package enum FireAction {
        /// Emit this value.
        case emit(Value)
        /// Complete.
        case complete
        /// Nothing is waiting: do nothing.
        case ignore
    }

    /// What the engine does on an error or a disposal.
    @usableFromInline
    package enum StopAction {
        /// Stop the timer and release the dropped value; an error goes downstream.
        case stop(dropped: Value?)
        /// Already finished: nothing.
        case ignore
    }

    /// The current phase.
    @usableFromInline
    package private(set) var state = State.quiet

    /// A quiet machine.
    @inlinable
    package init() {}

    /// The source emitted `value`.
    @inlinable
    package mutating func next(_ value: Value) -> NextAction {
        switch state {
        case .quiet:
            state = .pending(value)
            return .arm(replaced: nil)
        case .pending(let replaced):
            state = .pending(value)
            return .arm(replaced: replaced)
        case .completing, .finished:
            return .ignore
        }
    }

    /// The source completed.
    @inlinable
    package mutating func complete() -> CompleteAction {
        switch state {
        case .quiet:
            state = .completing
            return .arm
        case .pending(let value):
            state = .finished
            return .flush(value)
        case .completing, .finished:
            return .ignore
        }
    }

    /// The timer fired.
    @inlinable
    package mutating func fire() -> FireAction {
        switch state {
        case .pending(let value):
            state = .quiet
            return .emit(value)
        case .completing:
            state = .finished
            return .complete
        case .quiet, .finished:
            return .ignore
        }
    }

    /// The source failed, or the subscription was disposed.
    @inlinable
    package mutating func stop() -> StopAction {
        switch state {
        case .quiet, .completing:
            state = .finished
            return .stop(dropped: nil)
        case .pending(let value):
            state = .finished
            return .stop(dropped: value)
        case .finished:
            return .ignore
        }
    }

    /// True once finished: an engine that armed its timer after a concurrent stop
    /// disarms it again.
    @inlinable
    package var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }
}
