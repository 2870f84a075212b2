import SignalSync

/// A fixed set of long-lived threads running tasks from serial lanes.
///
/// Tasks on one `ThreadPoolQueue` run one at a time in order; different lanes run in
/// parallel, up to `threadCount`. The threads live as long as the process.
public final class ThreadPool: @unchecked Sendable {
    // Safety: immutable; `WorkerPool` is thread-safe.
    let pool: WorkerPool

    /// Starts `threadCount` threads (values below 1 start one) with `threadPriority`, a
    /// hint from 0 to 1 (not applied on Linux).
    public init(threadCount: Int, threadPriority: Double) {
        pool = WorkerPool(threadCount: threadCount, priority: threadPriority)
    }

    /// Runs `task` on a fresh lane, so independent tasks may run concurrently.
    public func addTask(_ task: ThreadPoolTask) {
        pool.makeLane().add { task.execute() }
    }

    /// A new serial lane on this pool.
    public func nextQueue() -> ThreadPoolQueue {
        ThreadPoolQueue(threadPool: self)
    }

    /// True when the calling thread is one of the pool's threads.
    public func isCurrentThreadInPool() -> Bool {
        pool.isCurrentThreadInPool()
    }
}
