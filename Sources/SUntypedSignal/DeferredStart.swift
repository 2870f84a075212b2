import SignalSync

/// A subscription that starts later (on a queue, a pool thread or a timer) and can be
/// disposed before or after it starts.
///
/// Disposed before `run`: the body never runs. Disposed while the body runs: the
/// subscription it returns is disposed as soon as it is available.
final class DeferredStart: SDisposable, @unchecked Sendable {
    // Safety: `cancelled` and `disposable` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var cancelled = false
    private var disposable: SDisposable?

    /// True once disposed.
    var isCancelled: Bool {
        mutex.withLock { cancelled }
    }

    /// Runs `body` (which starts a subscription) unless already disposed.
    func run(_ body: () -> SDisposable) {
        if isCancelled {
            return
        }
        let started = body()
        mutex.lock()
        if cancelled {
            mutex.unlock()
            started.dispose()
            return
        }
        disposable = started
        mutex.unlock()
    }

    func dispose() {
        mutex.lock()
        cancelled = true
        let started = disposable
        disposable = nil
        mutex.unlock()
        started?.dispose()
    }
}
