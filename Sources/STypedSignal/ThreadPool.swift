import SignalSync

/// The cancellation state of a `ThreadPoolTask`, visible to the running action.
public final class ThreadPoolTaskState: @unchecked Sendable {
    // Safety: `Atomic` is thread-safe.
    /// True once the task was cancelled; a long action can poll it.
    public let cancelled = Atomic(value: false)

    init() {}
}

/// A unit of work for a `ThreadPool`.
public final class ThreadPoolTask: @unchecked Sendable {
    // Safety: immutable; the state is atomic.
    private let state = ThreadPoolTaskState()
    private let action: (ThreadPoolTaskState) -> ()

    /// Creates a task that runs `action` with its cancellation state.
    ///
    /// `action` runs on a pool thread, so it is `@Sendable`.
    public init(_ action: @escaping @Sendable (ThreadPoolTaskState) -> ()) {
        self.action = action
    }

    /// The library's own form for actions the compiler cannot check (operators moving
    /// values of any type onto the pool).
    init(unchecked action: @escaping (ThreadPoolTaskState) -> ()) {
        self.action = action
    }

    /// Runs the action synchronously unless the task was cancelled; may run again.
    public func execute() {
        if !state.cancelled.with({ $0 }) {
            action(state)
        }
    }

    /// Marks the task cancelled: a queued task is skipped; a running one can see it.
    public func cancel() {
        state.cancelled.swap(true)
    }
}

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
