import SignalSync

/// A one-shot or repeating timer that calls back on a `Queue`.
///
/// Clashes with `Foundation.Timer`: qualify it as `STypedSignal.Timer` where both are
/// imported. `start()` arms it: the first fire comes `timeout` seconds later (negative
/// counts as zero), then every `timeout` seconds if it repeats (periods below 1 ms are
/// raised to 1 ms). A one-shot timer invalidates itself after firing. The timer does
/// not keep itself alive: one that nobody retains stops and never fires. On a serial or
/// main queue a fire takes its turn when its deadline comes, after everything put on the
/// queue before that moment.
public final class Timer: @unchecked Sendable {
    // Safety: `ExecutionTimer` is thread-safe; the rest is immutable.
    private let timer: ExecutionTimer
    private let completion: (Timer) -> Void

    /// Creates a disarmed timer whose completion takes no argument.
    ///
    /// The completion runs on `queue`, so it is `@Sendable`.
    @preconcurrency public convenience init(timeout: Double, repeat: Bool, completion: @escaping @Sendable () -> Void, queue: Queue) {
        self.init(timeout: timeout, repeat: `repeat`, completion: { (_: Timer) in completion() }, queue: queue)
    }

    /// Creates a disarmed timer whose completion receives the timer.
    ///
    /// The completion runs on `queue`, so it is `@Sendable`.
    @preconcurrency public init(timeout: Double, repeat: Bool, completion: @escaping @Sendable (Timer) -> Void, queue: Queue) {
        timer = ExecutionTimer(timeout: timeout, repeats: `repeat`, queue: queue.executionQueue)
        self.completion = completion
    }

    deinit {
        timer.invalidate()
    }

    /// Arms the timer (re-arms it, cancelling the previous arming, if already started).
    public func start() {
        timer.start { [weak self] in
            guard let self else { return }
            completion(self)
        }
    }

    /// Disarms the timer; idempotent, safe before `start` and from any thread.
    public func invalidate() {
        timer.invalidate()
    }
}
