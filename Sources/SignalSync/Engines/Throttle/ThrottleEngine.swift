/// A throttle for one subscription, in both operator modules (typed and untyped
/// `throttle(_:latest:on:)`): the timed-hold engine running a `ThrottleMachine`, its
/// timer measuring an interval of `interval` seconds from each value emitted. An interval
/// opens when a value is emitted: the timer is armed just before the value goes
/// downstream, so a value that downstream pushes back re-entrantly is held.
@usableFromInline
package typealias ThrottleEngine<Value, Failure> = TimedHoldEngine<ThrottleMachine<Value>, Failure>

extension TimedHoldEngine {
    /// A throttle whose intervals last `interval` seconds (negative or NaN: zero, the
    /// queue's next turn) on `queue`, emitting at an interval's end the last value held
    /// when `latest`, the first otherwise; sends downstream with `emit`, `fail` and
    /// `complete`.
    @usableFromInline
    package convenience init<Held>(
        interval: Double, latest: Bool, queue: ExecutionQueue, emit: @escaping (Held) -> Void,
        fail: @escaping (Failure) -> Void, complete: @escaping () -> Void
    ) where Machine == ThrottleMachine<Held> {
        self.init(
            ThrottleMachine(latest: latest), timeout: interval, queue: queue, emit: emit, fail: fail, complete: complete)
    }
}
