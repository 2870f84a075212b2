import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads that run work from serial lanes.
///
/// The mechanism under `ThreadPool` (typed) and `SThreadPool` (untyped). Work added to
/// one `WorkerLane` runs serially and in order, never two items at once; different
/// lanes run in parallel, up to the number of threads. Lanes take turns: after an item
/// runs, its lane goes to the back of the ready line if it has more work. The threads
/// live as long as the process (as in the originals, a pool is meant to be long-lived).
package final class WorkerPool: @unchecked Sendable {
    // Safety: `ready`, `threadIDs` and every lane's `work`/`scheduled` are reached only
    // inside `mutex.withLock`; `condition` is used only with `mutex`. (A `PosixLock`, not a
    // `LockedState`: the workers wait on the condition with the mutex's handle.)
    let mutex = PosixLock()
    // Safety: a condition variable needs a fixed address: allocated and initialized in
    // `init`, never freed (the workers, which wait on it, run for the process's life).
    // Pinned by WorkerPoolTests.testLanesAreFairAndSerial.
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var ready = FIFO<WorkerLane>()
    private var threadIDs: [pthread_t] = []

    /// The number of worker threads (at least 1).
    package let threadCount: Int
    /// The requested thread priority, clamped to 0...1. Applied on Apple platforms;
    /// Linux's Foundation has no per-thread priority, so there it is only recorded.
    package let priority: Double

    /// Starts `threadCount` threads (values below 1 start one) with `priority`, a
    /// scheduling hint from 0 to 1.
    package init(threadCount: Int, priority: Double = 0.5) {
        self.threadCount = max(1, threadCount)
        self.priority = priority.isNaN ? 0.5 : min(1, max(0, priority))
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
        for index in 0..<self.threadCount {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "WorkerPool-\(index)"
            #if canImport(Darwin)
                thread.threadPriority = self.priority
            #endif
            thread.start()
        }
    }

    /// A new serial lane on this pool.
    package func makeLane() -> WorkerLane {
        WorkerLane(pool: self)
    }

    /// True when the calling thread is one of this pool's threads.
    package func isCurrentThreadInPool() -> Bool {
        let me = pthread_self()
        return mutex.withLock { threadIDs.contains { pthread_equal($0, me) != 0 } }
    }

    /// Appends `work` to `lane` and wakes a worker; called by `WorkerLane.add`.
    func enqueue(_ work: @escaping () -> Void, on lane: WorkerLane) {
        mutex.withLock {
            lane.work.append(work)
            if !lane.scheduled {
                lane.scheduled = true
                ready.append(lane)
            }
            pthread_cond_signal(condition)
        }
    }

    private func workerLoop() {
        mutex.withLock { threadIDs.append(pthread_self()) }
        var finished: WorkerLane?
        while true {
            // One lock per item: put back the lane whose item just ran, then take the next.
            let (lane, work) = mutex.withLock {
                if let finished {
                    reschedule(finished)
                }
                return takeNext()
            }
            work()
            finished = lane
        }
    }

    /// Puts `lane` back in the ready line if it has more work. Call holding `mutex`.
    private func reschedule(_ lane: WorkerLane) {
        if lane.work.isEmpty {
            lane.scheduled = false
        } else {
            ready.append(lane)
            pthread_cond_signal(condition)
        }
    }

    /// Waits for a ready lane and takes its first item. Call holding `mutex`.
    private func takeNext() -> (WorkerLane, () -> Void) {
        while ready.isEmpty {
            pthread_cond_wait(condition, mutex.handle)
        }
        guard let lane = ready.popFirst(), let work = lane.work.popFirst() else {
            preconditionFailure("a ready lane always has work")
        }
        return (lane, work)
    }
}

/// A serial lane of a `WorkerPool`: its work runs in order, one item at a time.
package final class WorkerLane: @unchecked Sendable {
    // Safety: `work` and `scheduled` are guarded by the pool's mutex.
    private weak var pool: WorkerPool?
    var work = FIFO<() -> Void>()
    var scheduled = false

    init(pool: WorkerPool) {
        self.pool = pool
    }

    /// Appends `work` to the lane; dropped silently when the pool is gone.
    package func add(_ work: @escaping () -> Void) {
        pool?.enqueue(work, on: self)
    }
}
