/// The transitions of a timed hold for one subscription: a one-shot timer and at most one
/// value held for it. `TimedHoldEngine` runs every machine that conforms, and each one is
/// an operator's rules: `DebounceMachine` (each value restarts the wait and goes when the
/// timer fires) and `ThrottleMachine` (a value goes at once and opens an interval; the one
/// held meanwhile goes when it ends).
///
/// A conforming machine is a value type with no side effects, driven under the engine's
/// lock; each transition returns one of the actions below, which the engine performs
/// after unlocking. Every case keeps these rules:
/// - An error or a disposal drops the held value and stops the timer; an error goes
///   downstream at once.
/// - After a disposal, every event is ignored: the disposal may come from any thread,
///   while the source's events and the timer's fires are still on their way.
/// - After the source's own terminal event, another event of the source is impossible
///   (its events arrive one at a time through `deliverOn`, and a subscription delivers
///   nothing after its terminal event): it traps. A timer fire is ignored there.
@usableFromInline
package protocol TimedHoldMachine {
    /// What the machine holds.
    associatedtype Value

    /// True when each value that `next` or `fire` emits opens a new wait: the engine arms
    /// the timer just before the value goes downstream, so that a value that downstream
    /// pushes back re-entrantly is held (a throttle). False when an emission ends the wait
    /// (a debounce).
    static var emissionArmsTimer: Bool { get }

    /// The source emitted `value`.
    mutating func next(_ value: Value) -> TimedHoldNextAction<Value>
    /// The source completed.
    mutating func complete() -> TimedHoldCompleteAction<Value>
    /// The timer fired.
    mutating func fire() -> TimedHoldFireAction<Value>
    /// The source failed.
    mutating func fail() -> TimedHoldStopAction<Value>
    /// The subscription was disposed.
    mutating func dispose() -> TimedHoldStopAction<Value>
    /// True once the source ended or the subscription was disposed: an engine that armed
    /// its timer after a concurrent disposal stops it again.
    var isFinished: Bool { get }
}

/// What the engine does with a value.
@usableFromInline
package enum TimedHoldNextAction<Value> {
    /// (Re-)arm the timer; release the value it replaced (a debounce).
    case arm(replaced: Value?)
    /// Emit the value at once, arming the timer just before when the machine's
    /// `emissionArmsTimer` (a throttle: an interval opens).
    case emit(Value)
    /// The value is held (or dropped); release `released`, the value that lost its place
    /// (the one replaced, or the newcomer itself), outside the lock (a throttle).
    case hold(released: Value?)
    /// Disposed: ignore it.
    case ignore
}

/// What the engine does on the source's completion.
@usableFromInline
package enum TimedHoldCompleteAction<Value> {
    /// Stop the timer, emit the held value (if any), then complete.
    case flush(Value?)
    /// Arm the timer; the completion follows when it fires (a debounce with nothing
    /// pending).
    case arm
    /// Disposed: ignore it.
    case ignore
}

/// What the engine does when the timer fires.
@usableFromInline
package enum TimedHoldFireAction<Value> {
    /// Emit this value, arming the timer again just before when the machine's
    /// `emissionArmsTimer` (a throttle: a new interval opens).
    case emit(Value)
    /// Complete (a debounce whose source completed with nothing pending).
    case complete
    /// Nothing is waiting, or the fire is stale: do nothing.
    case ignore
}

/// What the engine does on the source's error or a disposal.
@usableFromInline
package enum TimedHoldStopAction<Value> {
    /// Stop the timer and release the dropped value; an error goes downstream.
    case stop(dropped: Value?)
    /// Disposed already, or (for a disposal) the source's terminal event was decided:
    /// nothing.
    case ignore
}
