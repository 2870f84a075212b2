import SignalSync

/// A unit of work for a `ThreadPool`.
public final class ThreadPoolTask: @unchecked Sendable {
    // Safety: immutable; the state is atomic.
    private let state = ThreadPoolTaskState()
    private let action: (ThreadPoolTaskState) -> ()

    /// Creates a task that runs `action` with its cancellation state.
    ///
    /// `action` runs on a pool thread, so it is `@Sendable`.
    @preconcurrency public init(_ action: @escaping @Sendable (ThreadPoolTaskState) -> ()) {
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
