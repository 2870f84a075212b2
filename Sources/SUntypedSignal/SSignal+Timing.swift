import Dispatch
import SignalSync

extension SSignal {
    /// Delays the subscription (not each value) by `seconds` on `queue`.
    ///
    /// At each subscription a one-shot timer is armed on `queue`; when it fires, the
    /// source is subscribed there and its events are forwarded as they come (a
    /// synchronous source therefore emits on `queue`). Disposal before the fire stops
    /// the timer, so the source is never started; after, it disposes the source
    /// subscription. A negative or NaN delay counts as zero (the source starts on the
    /// queue's next turn).
    public func delay(_ seconds: Double, onQueue queue: SQueue) -> SSignal {
        SSignal { subscriber in
            let deferred = DeferredStart()
            let timer = ExecutionTimer(timeout: seconds, repeats: false, queue: queue.executionQueue)
            // Cancellation exists before the timer is armed.
            let disposable = SBlockDisposable {
                timer.invalidate()
                deferred.dispose()
            }
            timer.start {
                deferred.run { self.forward(to: subscriber) }
            }
            return disposable
        }
    }

    /// Switches to `alternate` if this signal sends no event within `seconds`.
    ///
    /// A one-shot timer is armed on `queue`, then this signal is subscribed. Its first
    /// event of any kind (value, error or completion) stops the timer; from then on it is
    /// forwarded normally (the timeout applies to the first event only). If the timer
    /// fires first, the subscription to this signal is disposed and `alternate` is
    /// subscribed and forwarded instead. Disposal stops the timer (the original let it
    /// fire and start `alternate`). A negative or NaN timeout counts as zero.
    public func timeout(_ seconds: Double, onQueue queue: SQueue, orSignal alternate: SSignal) -> SSignal {
        SSignal { subscriber in
            let race = TimeoutRace(queue: queue, seconds: seconds)
            let alternateDisposable = SMetaDisposable()
            let sourceDisposable = SMetaDisposable()
            race.arm {
                // The alternate replaces the source: subscribed first, then the source
                // is disposed (its late events are already ignored by the race).
                alternateDisposable.setDisposable(alternate.forward(to: subscriber))
                sourceDisposable.dispose()
            }
            sourceDisposable.setDisposable(
                self.start(
                    next: { value in
                        if race.sourceEvent() {
                            subscriber.putNext(value)
                        }
                    },
                    error: { error in
                        if race.sourceEvent() {
                            subscriber.putError(error)
                        }
                    },
                    completed: {
                        if race.sourceEvent() {
                            subscriber.putCompletion()
                        }
                    }))
            return SBlockDisposable {
                race.cancel()
                sourceDisposable.dispose()
                alternateDisposable.dispose()
            }
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
            let wake = {
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

/// The race between a `timeout` timer and the source's first event.
private final class TimeoutRace: @unchecked Sendable {
    // Safety: `state` is guarded by `mutex`; `timer` is thread-safe.
    private enum State {
        case waiting
        case sourceFirst
        case timedOut
        case cancelled
    }

    private let mutex = PosixLock()
    private var state = State.waiting
    private let timer: ExecutionTimer

    init(queue: SQueue, seconds: Double) {
        timer = ExecutionTimer(timeout: seconds, repeats: false, queue: queue.executionQueue)
    }

    /// Arms the timer; `onTimeout` runs if it fires before any source event.
    func arm(_ onTimeout: @escaping () -> Void) {
        timer.start { [self] in
            let won = mutex.withLock { () -> Bool in
                guard case .waiting = state else { return false }
                state = .timedOut
                return true
            }
            if won {
                onTimeout()
            }
        }
    }

    /// Records a source event; false when the timeout already won (drop the event).
    func sourceEvent() -> Bool {
        let (forward, stopTimer) = mutex.withLock { () -> (Bool, Bool) in
            switch state {
            case .waiting:
                state = .sourceFirst
                return (true, true)
            case .sourceFirst:
                return (true, false)
            case .timedOut, .cancelled:
                return (false, false)
            }
        }
        if stopTimer {
            timer.invalidate()
        }
        return forward
    }

    func cancel() {
        mutex.withLock {
            if case .waiting = state {
                state = .cancelled
            }
        }
        timer.invalidate()
    }
}
