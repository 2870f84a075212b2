import SignalSync

/// A serial lane of an `SThreadPool`: its tasks run in the order added, one at a time,
/// on the pool's threads.
///
/// Different lanes run in parallel, up to the pool's thread count, and take turns. The
/// lane keeps its pool alive. Tasks waiting in the lane can be inspected with
/// `hasTasks` and taken out with `popFirstTask()`.
public final class SThreadPoolQueue: @unchecked Sendable {
    // Safety: `tasks` is guarded by `mutex`; the rest is immutable.
    private let mutex = PosixLock()
    private var tasks = FIFO<SThreadPoolTask>()
    private let lane: WorkerLane

    /// The pool whose threads run this lane.
    public let threadPool: SThreadPool

    /// Creates a new lane on `threadPool`.
    public init(threadPool: SThreadPool) {
        self.threadPool = threadPool
        lane = threadPool.workerPool.makeLane()
    }

    /// Appends `task`; it runs after every task added before it.
    public func addTask(_ task: SThreadPoolTask) {
        threadPool.workOnQueue(self) { [self] in
            mutex.withLock { tasks.append(task) }
        }
    }

    /// Removes and returns the first task that has not started yet, or nil. A popped task
    /// does not run unless the caller executes it.
    @discardableResult
    public func popFirstTask() -> SThreadPoolTask? {
        mutex.withLock { tasks.popFirst() }
    }

    /// True while some task is waiting to start.
    public var hasTasks: Bool {
        mutex.withLock { !tasks.isEmpty }
    }

    /// Schedules one turn on the lane: the turn runs the first waiting task, if any.
    func scheduleTurn() {
        lane.add { [self] in
            popFirstTask()?.execute()
        }
    }
}
