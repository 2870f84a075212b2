import SignalSync

/// Debounces on `queue`: emits the latest value once `signal` has been quiet for `delay`
/// seconds. Beyond SwiftSignalKit: the typed face of the untyped `throttleOn(_:delay:)`,
/// over the same engine (`DebounceEngine`, SignalSync), with the same rules.
///
/// Events are handled on `queue` (through `deliverOn(queue)`). Each value replaces the
/// pending one and restarts the wait; when it ends, the pending value is emitted on
/// `queue`. When `signal` completes, a pending value is emitted at once, followed by the
/// completion; with nothing pending, the completion comes `delay` seconds later. An error
/// is forwarded at once and drops the pending value. Disposal stops the timer. A negative
/// or NaN `delay` counts as zero (the value is emitted on the queue's next turn).
///
/// ```swift
/// // source: values a (0 s), b (0.5 s), c (3 s), completion at 3.5 s
/// source |> debounce(1.0, queue: queue)   // b at 1.5 s; c and completed at 3.5 s
/// ```
///
/// Inlinable, so that its engine runs specialized for `T`.
@inlinable
public func debounce<T, E>(_ delay: Double, queue: Queue) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let debounce = DebounceEngine<T, E>(
                delay: delay, queue: queue.executionQueue, emit: subscriber.putNext, fail: subscriber.putError,
                complete: subscriber.putCompletion)
            debounce.attach(
                (signal |> deliverOn(queue)).start(next: debounce.next, error: debounce.failed, completed: debounce.completed))
            return debounce
        }
    }
}

/// The timed-hold engine (SignalSync's `Engines/TimedHold/`) is a typed disposable: what
/// `debounce` subscriptions return, and the operator module's `throttle` ones.
extension TimedHoldEngine: Disposable {}
