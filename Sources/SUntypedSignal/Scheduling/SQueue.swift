import Dispatch
import SignalSync

/// A queue of work that knows whether it is the one running the current code.
///
/// A queue made with `init()` is a new serial queue tagged so that `isCurrentQueue()`
/// is true for code running on it (and on queues that target it); `dispatch` then runs
/// work inline instead of hopping. `mainQueue()` is current for work the main queue
/// runs, whichever thread drains it, and on the main thread (the main queue runs work
/// only while the program drains it with `dispatchMain()`, `RunLoop.main.run()` or an
/// async `main`). The global-queue singletons and wrapped native
/// queues are never current. `SQueue(executionQueue)` wraps any `ExecutionQueue`,
/// including a `VirtualClock` queue for tests. On a serial, main or virtual queue
/// everything the library puts there (`dispatch` when not inline, `dispatchSync`, timers,
/// and the events of every `deliverOn`) runs in the order it was put, one native
/// dispatch running a whole burst.
public final class SQueue: Sendable {
    /// The shared queue mechanism (also used by the typed API and the bridge).
    package let executionQueue: ExecutionQueue

    /// The process-wide main queue.
    public static let main = SQueue(ExecutionQueue.main)
    private static let concurrentDefault = SQueue(ExecutionQueue.concurrentDefault)
    private static let concurrentBackground = SQueue(ExecutionQueue.concurrentBackground)

    /// Creates a new serial queue that can tell when it is current.
    public convenience init() {
        self.init(ExecutionQueue())
    }

    /// Wraps an existing `ExecutionQueue` (serial, main, wrapped, concurrent or virtual).
    public init(_ executionQueue: ExecutionQueue) {
        self.executionQueue = executionQueue
    }

    /// The process-wide main queue (the same object every time).
    public static func mainQueue() -> SQueue {
        main
    }

    /// The wrapper of the default-priority global concurrent queue (never current).
    public static func concurrentDefaultQueue() -> SQueue {
        concurrentDefault
    }

    /// The wrapper of the background-priority global concurrent queue (never current).
    public static func concurrentBackgroundQueue() -> SQueue {
        concurrentBackground
    }

    /// A new wrapper of `nativeQueue`; it is never current, so `dispatch` always hops.
    public static func wrapConcurrentNativeQueue(_ nativeQueue: DispatchQueue) -> SQueue {
        SQueue(ExecutionQueue(wrapping: nativeQueue))
    }

    /// Runs `f` inline when this queue is current, otherwise schedules it asynchronously.
    ///
    /// `f` may run on another thread, so it is `@Sendable`, as with `DispatchQueue.async`.
    @preconcurrency public func dispatch(_ f: @escaping @Sendable () -> Void) {
        executionQueue.async(f)
    }

    /// Runs `f` inline when this queue is current, otherwise waits for the queue to run
    /// it (dead-locks if misused, like `DispatchQueue.sync`). Like `DispatchQueue.sync`,
    /// `f` is not `@Sendable`: the caller waits for it.
    public func dispatchSync(_ f: () -> Void) {
        executionQueue.sync(f)
    }

    /// Runs `f` inline when this queue is current, otherwise synchronously or
    /// asynchronously according to `synchronous` (`f` is `@Sendable`: it may run later
    /// on another thread).
    @preconcurrency public func dispatch(_ f: @escaping @Sendable () -> Void, synchronous: Bool) {
        if synchronous {
            executionQueue.sync(f)
        } else {
            executionQueue.async(f)
        }
    }

    /// The wrapped dispatch queue (`_dispatch_queue` in the original).
    public var nativeQueue: DispatchQueue {
        executionQueue.dispatchQueue
    }

    /// True when the calling code runs on this queue.
    public func isCurrentQueue() -> Bool {
        executionQueue.isCurrent
    }
}
