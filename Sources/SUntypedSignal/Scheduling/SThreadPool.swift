import SignalSync

/// A fixed set of dedicated threads that run `SThreadPoolTask`s.
///
/// Tasks added through one `SThreadPoolQueue` (see `nextQueue()`) run serially and in
/// order; tasks added with `addTask` each get a fresh lane and may run in parallel. The
/// threads live as long as the process, as in the original (a pool is meant to be
/// long-lived and shared).
public final class SThreadPool: Sendable {
    /// The shared worker-pool mechanism (also used by the typed API).
    package let workerPool: WorkerPool

    /// The number of threads.
    public var threadCount: Int { workerPool.threadCount }
    /// The requested priority, 0...1 (a hint; applied on Apple platforms only).
    public var threadPriority: Double { workerPool.priority }

    /// Starts `threadCount` threads (values below 1 start one) with `threadPriority`.
    public init(threadCount: Int = 2, threadPriority: Double = 0.5) {
        workerPool = WorkerPool(threadCount: threadCount, priority: threadPriority)
    }

    /// Runs `task` on its own new lane (independent of every other task).
    public func addTask(_ task: SThreadPoolTask) {
        nextQueue().addTask(task)
    }

    /// A new serial lane on this pool; keep it to run tasks one after another.
    public func nextQueue() -> SThreadPoolQueue {
        SThreadPoolQueue(threadPool: self)
    }

    /// Runs `block` (which adds work to `queue`, e.g. appends a task), then gives `queue`
    /// a turn on the pool's threads (`_workOnQueue:block:` in the original).
    public func workOnQueue(_ queue: SThreadPoolQueue, _ block: () -> Void) {
        block()
        queue.scheduleTurn()
    }

    /// True when the calling thread is one of this pool's threads.
    public func isCurrentThreadInPool() -> Bool {
        workerPool.isCurrentThreadInPool()
    }
}
