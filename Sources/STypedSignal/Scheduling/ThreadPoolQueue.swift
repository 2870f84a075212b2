import SignalSync

/// A serial lane of a `ThreadPool`: its tasks run in order, never overlapping.
public final class ThreadPoolQueue: Equatable, @unchecked Sendable {
    // Safety: immutable; `WorkerLane` is thread-safe.
    private let lane: WorkerLane?

    /// Creates a lane on `threadPool` (held weakly: tasks added after the pool is gone
    /// are dropped).
    public init(threadPool: ThreadPool) {
        lane = threadPool.pool.makeLane()
    }

    /// Appends `task`; it runs after every task added before it on this lane.
    public func addTask(_ task: ThreadPoolTask) {
        lane?.add { task.execute() }
    }

    /// Identity comparison.
    public static func == (lhs: ThreadPoolQueue, rhs: ThreadPoolQueue) -> Bool {
        lhs === rhs
    }
}
