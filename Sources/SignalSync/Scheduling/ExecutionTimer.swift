/// A one-shot or repeating timer that fires on an `ExecutionQueue`.
///
/// The mechanism under `Timer` (typed) and `STimer` (untyped). `start` arms it with a
/// handler; the first fire comes `timeout` seconds later on the queue, then every
/// `timeout` seconds if it repeats. A one-shot timer disarms itself after firing.
/// `invalidate` disarms it from any thread; a fire that was already due but has not
/// begun is dropped. While armed, the timer and its handler are kept alive by the
/// queue; disarming releases both at once (not at the deadline). Restartable: `start`
/// again re-arms.
///
/// On a virtual queue the timer runs in the clock's time, so
/// `clock.advance(by: timeout)` fires it.
@usableFromInline
package final class ExecutionTimer: @unchecked Sendable {
    // Safety: `generation`, `cancelScheduled` and `handler` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var generation = 0
    private var cancelScheduled: (() -> Void)?
    private var handler: (() -> Void)?

    /// Seconds until the first fire (negative counts as zero).
    package let timeout: Double
    /// Whether the timer fires again every `timeout` seconds.
    package let repeats: Bool
    /// The queue the handler runs on.
    package let queue: ExecutionQueue

    /// The shortest period of a repeating timer, in seconds; shorter periods are raised
    /// to it so that a repeating timer can never spin.
    package static let minimumRepeatInterval = 0.001

    /// Creates a disarmed timer.
    package init(timeout: Double, repeats: Bool, queue: ExecutionQueue) {
        self.timeout = timeout.isNaN ? 0 : max(0, timeout)
        self.repeats = repeats
        self.queue = queue
    }

    /// True between `start` and the last fire or `invalidate`.
    package var isArmed: Bool {
        mutex.withLock { handler != nil }
    }

    /// Arms the timer with `handler`, replacing (and cancelling) any earlier arming.
    @usableFromInline package func start(_ handler: @escaping () -> Void) {
        let (previousCancel, previousHandler) = mutex.withLock { () -> ((() -> Void)?, (() -> Void)?) in
            generation += 1
            let current = generation
            let previous = (cancelScheduled, self.handler)
            self.handler = handler
            cancelScheduled = queue.schedule(after: timeout) { [self] in fire(current) }
            return previous
        }
        previousCancel?()
        withExtendedLifetime(previousHandler) {}  // released here, outside the lock
    }

    /// Disarms the timer; idempotent, safe before `start` and from any thread.
    @usableFromInline package func invalidate() {
        let (cancel, released) = mutex.withLock { () -> ((() -> Void)?, (() -> Void)?) in
            generation += 1
            defer {
                cancelScheduled = nil
                handler = nil
            }
            return (cancelScheduled, handler)
        }
        cancel?()
        withExtendedLifetime(released) {}  // the handler and what it captured are released here, unlocked
    }

    private func fire(_ expectedGeneration: Int) {
        let action = mutex.withLock { () -> (() -> Void)? in
            guard generation == expectedGeneration, let handler else { return nil }
            if repeats {
                let period = max(timeout, Self.minimumRepeatInterval)
                cancelScheduled = queue.schedule(after: period) { [self] in fire(expectedGeneration) }
            } else {
                generation += 1
                cancelScheduled = nil
                self.handler = nil
            }
            return handler
        }
        action?()
    }
}
