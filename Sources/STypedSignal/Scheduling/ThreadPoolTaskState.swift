import SignalSync

/// The cancellation state of a `ThreadPoolTask`, visible to the running action.
public final class ThreadPoolTaskState: @unchecked Sendable {
    // Safety: `Atomic` is thread-safe.
    /// True once the task was cancelled; a long action can poll it.
    public let cancelled = Atomic(value: false)

    init() {}
}
