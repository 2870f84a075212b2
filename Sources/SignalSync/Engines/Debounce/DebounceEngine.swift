/// A debounce for one subscription, in both APIs (untyped `throttleOn(_:delay:)`, typed
/// `debounce(_:queue:)`): the timed-hold engine running a `DebounceMachine`, its timer
/// waiting `delay` seconds after each value.
@usableFromInline
package typealias DebounceEngine<Value, Failure> = TimedHoldEngine<DebounceMachine<Value>, Failure>

extension TimedHoldEngine {
    /// A quiet debounce that waits `delay` seconds (negative or NaN: zero, the queue's
    /// next turn) on `queue` and sends downstream with `emit`, `fail` and `complete`.
    @usableFromInline
    package convenience init<Held>(
        delay: Double, queue: ExecutionQueue, emit: @escaping (Held) -> Void, fail: @escaping (Failure) -> Void,
        complete: @escaping () -> Void
    ) where Machine == DebounceMachine<Held> {
        self.init(DebounceMachine(), timeout: delay, queue: queue, emit: emit, fail: fail, complete: complete)
    }
}
