import SignalSync

/// A unit of work for an `SThreadPool` that can be cancelled before or while it runs.
///
/// `cancel()` sets a flag (thread-safe). `execute()` returns at once if the task was
/// cancelled; otherwise it runs the block, passing a probe that reports the live
/// cancellation flag, so long work can poll it and stop early.
public final class SThreadPoolTask: @unchecked Sendable {
    // Safety: `block` is immutable; `cancelled` is an `Atomic`.
    private let block: (_ isCancelled: @escaping () -> Bool) -> Void
    private let cancelled = Atomic(value: false)

    /// Creates a task running `block`; the block's argument reports cancellation.
    ///
    /// `block` runs on a pool thread, so it is `@Sendable`.
    @preconcurrency public init(_ block: @escaping @Sendable (_ isCancelled: @escaping () -> Bool) -> Void) {
        self.block = block
    }

    /// The library's own form for blocks the compiler cannot check (operators moving
    /// values of any type onto the pool).
    init(unchecked block: @escaping (_ isCancelled: @escaping () -> Bool) -> Void) {
        self.block = block
    }

    /// Runs the block on the calling thread unless the task was cancelled.
    public func execute() {
        if cancelled.with({ $0 }) {
            return
        }
        let flag = cancelled
        block { flag.with { $0 } }
    }

    /// Marks the task cancelled: it will not start, and a running block sees the probe
    /// turn true.
    public func cancel() {
        cancelled.swap(true)
    }

    /// True once `cancel()` has been called.
    public var isCancelled: Bool {
        cancelled.with { $0 }
    }
}
