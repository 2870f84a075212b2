import Dispatch
import SignalSync

extension SSignal {
    /// Delays the subscription (not each value) by `seconds` on `queue`.
    ///
    /// At each subscription a one-shot timer is armed on `queue`, at once, from the
    /// subscribing thread (typed `delay` arms it from a hop onto its queue, as the two
    /// originals differ; see Divergences.md); when it fires, the
    /// source is subscribed there and its events are forwarded as they come (a
    /// synchronous source therefore emits on `queue`). Disposal before the fire stops
    /// the timer, so the source is never started; after, it disposes the source
    /// subscription. A negative or NaN delay counts as zero (the source starts on the
    /// queue's next turn).
    public func delay(_ seconds: Double, onQueue queue: SQueue) -> SSignal {
        SSignal { subscriber in
            let gate = TimerGateEngine(action: { self.forward(to: subscriber) })
            gate.delay(after: seconds, on: queue.executionQueue, arming: .atSubscription)
            return gate
        }
    }

    /// Switches to `alternate` if this signal sends no event within `seconds`.
    ///
    /// A one-shot timer is armed on `queue`, then this signal is subscribed. Its first
    /// event of any kind (value, error or completion) stops the timer; from then on it is
    /// forwarded normally (the timeout applies to the first event only). If the timer
    /// fires first, `alternate` is subscribed and forwarded instead, and then the
    /// subscription to this signal is disposed (its later events are dropped). Disposal
    /// stops the timer (the original let it fire and start `alternate`). A negative or
    /// NaN timeout counts as zero.
    public func timeout(_ seconds: Double, onQueue queue: SQueue, orSignal alternate: SSignal) -> SSignal {
        SSignal { subscriber in
            let gate = TimerGateEngine(action: { alternate.forward(to: subscriber) })
            gate.armFinal(after: seconds, on: queue.executionQueue)
            // The timer, armed first as in the original, may fire before this begins: then
            // the alternate stays and this signal is not subscribed.
            gate.beginReplaceable {
                self.start(
                    next: { value in
                        if gate.disarm() { subscriber.putNext(value) }
                    },
                    error: { error in
                        if gate.disarm() { subscriber.putError(error) }
                    },
                    completed: {
                        if gate.disarm() { subscriber.putCompletion() }
                    })
            }
            return gate
        }
    }

    /// Subscribes, then blocks the subscribing thread until the first event of any kind
    /// arrives or `seconds` pass, whichever is first.
    ///
    /// Events are forwarded as they occur (not delayed); only the first one ends the
    /// wait. A negative, zero or NaN `seconds` does not wait. Waiting on the very queue
    /// that must deliver the event blocks for the whole timeout.
    public func wait(_ seconds: Double) -> SSignal {
        SSignal { subscriber in
            let semaphore = DispatchSemaphore(value: 0)
            let signalled = Atomic(value: false)
            let wake: @Sendable () -> Void = {
                if !signalled.swap(true) {
                    semaphore.signal()
                }
            }
            let subscription = self.start(
                next: { value in
                    subscriber.putNext(value)
                    wake()
                },
                error: { error in
                    subscriber.putError(error)
                    wake()
                },
                completed: {
                    subscriber.putCompletion()
                    wake()
                })
            if seconds > 0 {
                let nanoseconds = seconds * 1_000_000_000
                let deadline: DispatchTime = nanoseconds >= Double(Int.max) ? .distantFuture : .now() + .nanoseconds(Int(nanoseconds))
                _ = semaphore.wait(timeout: deadline)
            }
            return subscription
        }
    }
}

/// The engine of `delay` and `timeout` (SignalSync's `Engines/TimerGate/`) is an
/// untyped disposable: the subscriptions these operators return.
extension TimerGateEngine: SDisposable {}
