import Dispatch
import SignalSync

/// A one-shot or repeating timer whose completion runs on a queue.
///
/// Creating it does nothing; `start()` arms it: the completion first runs `timeout`
/// seconds later on the queue (negative and NaN count as zero), then every `timeout`
/// seconds if it repeats; a one-shot timer invalidates itself after firing.
/// `invalidate()` disarms it (idempotent, any thread); `start()` again re-arms a fresh
/// timer, replacing (and cancelling) an earlier arming. While armed the timer keeps
/// itself alive, so dropping the last reference does not stop a started repeating timer;
/// call `invalidate()`. On a `VirtualClock` queue it fires when the clock is advanced. On
/// a serial or main queue a fire takes its turn when its deadline comes, after
/// everything put on the queue before that moment.
public final class STimer: @unchecked Sendable {
    // Safety: `completion` is immutable; `timer` is thread-safe (`ExecutionTimer`).
    private let timer: ExecutionTimer
    private let completion: () -> Void

    /// Seconds until the first fire (and between fires).
    public var timeout: Double { timer.timeout }
    /// Whether the timer fires again every `timeout` seconds.
    public var repeats: Bool { timer.repeats }

    /// Creates a disarmed timer that runs `completion` on `queue` (so it is `@Sendable`).
    @preconcurrency public init(timeout: Double, repeat repeats: Bool, completion: @escaping @Sendable () -> Void, queue: SQueue) {
        timer = ExecutionTimer(timeout: timeout, repeats: repeats, queue: queue.executionQueue)
        self.completion = completion
    }

    /// Creates a disarmed timer that runs `completion` on a native dispatch queue (so it
    /// is `@Sendable`).
    @preconcurrency public convenience init(timeout: Double, repeat repeats: Bool, completion: @escaping @Sendable () -> Void, nativeQueue: DispatchQueue) {
        self.init(timeout: timeout, repeat: repeats, completion: completion, queue: SQueue.wrapConcurrentNativeQueue(nativeQueue))
    }

    /// True between `start()` and the last fire or `invalidate()`.
    public var isArmed: Bool {
        timer.isArmed
    }

    /// Arms the timer (see the type's description).
    public func start() {
        // The handler holds the timer: an armed timer keeps itself alive until it is
        // invalidated or, if one-shot, has fired.
        timer.start { [self] in completion() }
    }

    /// Disarms the timer; a fire that is due but has not begun is dropped.
    public func invalidate() {
        timer.invalidate()
    }

    /// Runs the completion now, synchronously on the calling thread, then invalidates.
    public func fireAndInvalidate() {
        completion()
        invalidate()
    }

    deinit {
        timer.invalidate()
    }
}
