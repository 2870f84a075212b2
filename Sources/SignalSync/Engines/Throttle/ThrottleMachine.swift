/// The transitions of a throttle for one subscription: the engine under the typed
/// `throttle(_:latest:on:)` and the untyped `throttle(_:latest:on:)` of the operator
/// modules.
///
/// A case of `TimedHoldMachine` (its shared rules and actions are there), driven under
/// `ThrottleEngine`'s lock; each transition returns what the engine does after unlocking
/// (arm or stop the timer, emit, complete). The rules:
/// - A value that arrives with no interval open is emitted at once and opens an interval
///   (the engine arms the timer).
/// - A value that arrives inside an interval is held: with `latest`, it replaces the held
///   one; without, it is dropped when a value is held already (the first one stays).
/// - When the interval ends (the timer fires), the held value is emitted and opens a new
///   interval; with nothing held, the throttle is idle again.
/// - Completion emits the held value at once (if any), then completes. An error or a
///   disposal drops the held value and stops the timer; an error goes downstream at once.
/// - After a disposal, every event is ignored: the disposal may come from any thread,
///   while the source's events and the timer's fires are still on their way.
/// - After the source's own terminal event, another event of the source is impossible
///   (its events arrive one at a time through `deliverOn`, and a subscription delivers
///   nothing after its terminal event): it traps. A timer fire is ignored there.
@usableFromInline
package struct ThrottleMachine<Value>: TimedHoldMachine {
    /// Every phase.
    @usableFromInline
    package enum State {
        /// No interval is open: the next value is emitted at once.
        case idle
        /// An interval is open (the timer is armed); `held` waits for its end.
        case throttling(held: Value?)
        /// The terminal event was decided by the source (its error or completion): the
        /// source sends nothing more.
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

    /// Each emission opens an interval: the engine arms the timer just before it.
    @inlinable
    package static var emissionArmsTimer: Bool { true }

    /// Whether a value inside an interval replaces the held one.
    @usableFromInline let latest: Bool

    /// The current phase.
    @usableFromInline
    package private(set) var state = State.idle

    /// An idle machine; `latest`: the last value of an interval is the one emitted at its
    /// end (otherwise the first).
    @inlinable
    package init(latest: Bool) {
        self.latest = latest
    }

    /// The source emitted `value`: `.emit` with no interval open, `.hold` inside one, or
    /// `.ignore` once disposed.
    @inlinable
    package mutating func next(_ value: Value) -> NextAction {
        switch state {
        case .idle:
            state = .throttling(held: nil)
            return .emit(value)
        case .throttling(let held):
            guard let held else {
                state = .throttling(held: value)
                return .hold(released: nil)
            }
            guard latest else {
                return .hold(released: value)  // the rule: the first value of the interval stays
            }
            state = .throttling(held: value)
            return .hold(released: held)
        case .ended:
            // Impossible: the source's events are serial and none follows its terminal event.
            preconditionFailure("ThrottleMachine: next(_:) after the source's terminal event")
        case .disposed:
            // Legitimate: the disposal (from any thread) overtook a value on its way.
            return .ignore
        }
    }

    /// The timer fired, the interval ended: `.emit` the held value (a new interval opens),
    /// or `.ignore` with nothing held.
    @inlinable
    package mutating func fire() -> FireAction {
        switch state {
        case .throttling(let held):
            guard let held else {
                state = .idle
                return .ignore
            }
            state = .throttling(held: nil)
            return .emit(held)
        case .idle, .ended, .disposed:
            // Legitimate: a fire that had taken its handler when the timer was stopped still
            // runs (`ExecutionTimer`): after a disposal from another thread, or after the
            // source ended; on a concurrent queue, also after an earlier fire.
            return .ignore
        }
    }

    /// The source completed: `.flush` the held value (if any), or `.ignore` once disposed.
    @inlinable
    package mutating func complete() -> CompleteAction {
        switch state {
        case .idle:
            state = .ended
            return .flush(nil)
        case .throttling(let held):
            state = .ended
            return .flush(held)
        case .ended:
            // Impossible: the source's events are serial and none follows its terminal event.
            preconditionFailure("ThrottleMachine: complete() after the source's terminal event")
        case .disposed:
            // Legitimate: the disposal (from any thread) overtook the completion on its way.
            return .ignore
        }
    }

    /// The source failed.
    @inlinable
    package mutating func fail() -> StopAction {
        switch state {
        case .idle:
            state = .ended
            return .stop(dropped: nil)
        case .throttling(let held):
            state = .ended
            return .stop(dropped: held)
        case .ended:
            // Impossible: the source's events are serial and none follows its terminal event.
            preconditionFailure("ThrottleMachine: fail() after the source's terminal event")
        case .disposed:
            // Legitimate: the disposal (from any thread) overtook the error on its way.
            return .ignore
        }
    }

    /// The subscription was disposed.
    @inlinable
    package mutating func dispose() -> StopAction {
        switch state {
        case .idle:
            state = .disposed
            return .stop(dropped: nil)
        case .throttling(let held):
            state = .disposed
            return .stop(dropped: held)
        case .ended, .disposed:
            // Legitimate: the subscriber disposes after the terminal event, and disposal is
            // idempotent.
            return .ignore
        }
    }

    /// True once the source ended or the subscription was disposed: an engine that armed
    /// its timer after a concurrent disposal stops it again.
    @inlinable
    package var isFinished: Bool {
        switch state {
        case .idle, .throttling: false
        case .ended, .disposed: true
        }
    }
}
