/// The transitions of a debounce for one subscription: the engine under the untyped
/// `throttleOn(_:delay:)` and the typed `debounce(_:queue:)`.
///
/// A case of `TimedHoldMachine` (its shared rules and actions are there), driven under
/// `DebounceEngine`'s lock; each transition returns what the engine does after unlocking
/// (arm or stop the timer, emit, complete). The rules:
/// - Each value replaces the pending one and re-arms the timer; when the timer fires,
///   the pending value is emitted.
/// - Completion with a value pending emits it at once, then completes. Completion with
///   nothing pending arms the timer once more and completes when it fires (as the
///   untyped original does).
/// - An error or a disposal drops the pending value and stops the timer; an error goes
///   downstream at once.
/// - After a disposal, every event is ignored: the disposal may come from any thread,
///   while the source's events and the timer's fires are still on their way.
/// - After the source's own terminal event, another event of the source is impossible
///   (its events arrive one at a time through `deliverOn`, and a subscription delivers
///   nothing after its terminal event): it traps. A timer fire is ignored there (a fire
///   can race the stop, see `fire()`).
@usableFromInline
package struct DebounceMachine<Value>: TimedHoldMachine {
    /// Every phase.
    @usableFromInline
    package enum State {
        /// Running, nothing pending.
        case quiet
        /// A value waits for the timer.
        case pending(Value)
        /// The source completed with nothing pending: completion waits for the timer.
        case completing
        /// The terminal event was decided by the source (its error, its completion with a
        /// value pending, or the fire after its completion): the source sends nothing more.
        case ended
        /// The subscription was disposed before the source's terminal event: the source's
        /// events may still arrive, and are ignored.
        case disposed
    }

    /// The engine's actions (`TimedHoldMachine`), which this machine returns.
    @usableFromInline package typealias NextAction = TimedHoldNextAction<Value>
    @usableFromInline package typealias CompleteAction = TimedHoldCompleteAction<Value>
    @usableFromInline package typealias FireAction = TimedHoldFireAction<Value>
    @usableFromInline package typealias StopAction = TimedHoldStopAction<Value>

    /// An emission ends the wait: the timer restarts only at the next value.
    @inlinable
    package static var emissionArmsTimer: Bool { false }

    /// The current phase.
    @usableFromInline
    package private(set) var state = State.quiet

    /// A quiet machine.
    @inlinable
    package init() {}

    /// The source emitted `value`: `.arm` (the wait restarts), or `.ignore` once disposed.
    @inlinable
    package mutating func next(_ value: Value) -> NextAction {
        switch state {
        case .quiet:
            state = .pending(value)
            return .arm(replaced: nil)
        case .pending(let replaced):
            state = .pending(value)
            return .arm(replaced: replaced)
        case .completing, .ended:
            // Impossible: the source's events are serial and none follows its terminal event.
            preconditionFailure("DebounceMachine: next(_:) after the source's terminal event (state \(state))")
        case .disposed:
            // Legitimate: the disposal (from any thread) overtook a value on its way.
            return .ignore
        }
    }

    /// The source completed: `.flush` with the pending value, `.arm` with nothing pending
    /// (the completion waits for the fire), or `.ignore` once disposed.
    @inlinable
    package mutating func complete() -> CompleteAction {
        switch state {
        case .quiet:
            state = .completing
            return .arm
        case .pending(let value):
            state = .ended
            return .flush(value)
        case .completing, .ended:
            // Impossible: the source's events are serial and none follows its terminal event.
            preconditionFailure("DebounceMachine: complete() after the source's terminal event (state \(state))")
        case .disposed:
            // Legitimate: the disposal (from any thread) overtook the completion on its way.
            return .ignore
        }
    }

    /// The timer fired: `.emit` the pending value, `.complete` after the source's
    /// completion, or `.ignore`.
    @inlinable
    package mutating func fire() -> FireAction {
        switch state {
        case .pending(let value):
            state = .quiet
            return .emit(value)
        case .completing:
            state = .ended
            return .complete
        case .quiet, .ended, .disposed:
            // Legitimate: a fire that had taken its handler when the timer was re-armed or
            // invalidated still runs (`ExecutionTimer`): after a disposal from another
            // thread, and on a concurrent queue, whose fires do not wait in line with the
            // source's events, after an earlier fire emitted the value or the source ended.
            return .ignore
        }
    }

    /// The source failed.
    @inlinable
    package mutating func fail() -> StopAction {
        switch state {
        case .quiet:
            state = .ended
            return .stop(dropped: nil)
        case .pending(let value):
            state = .ended
            return .stop(dropped: value)
        case .completing, .ended:
            // Impossible: the source's events are serial and none follows its terminal event.
            preconditionFailure("DebounceMachine: fail() after the source's terminal event (state \(state))")
        case .disposed:
            // Legitimate: the disposal (from any thread) overtook the error on its way.
            return .ignore
        }
    }

    /// The subscription was disposed.
    @inlinable
    package mutating func dispose() -> StopAction {
        switch state {
        case .quiet, .completing:
            state = .disposed
            return .stop(dropped: nil)
        case .pending(let value):
            state = .disposed
            return .stop(dropped: value)
        case .ended, .disposed:
            // Legitimate: the subscriber disposes after the terminal event, and disposal is
            // idempotent.
            return .ignore
        }
    }

    /// True once the source ended or the subscription was disposed: an engine that armed
    /// its timer after a concurrent disposal disarms it again.
    @inlinable
    package var isFinished: Bool {
        switch state {
        case .quiet, .pending, .completing: false
        case .ended, .disposed: true
        }
    }
}
