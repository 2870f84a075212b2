import SignalSync

/// A disposable that runs a closure on its first `dispose()`.
///
/// The action runs exactly once across all threads; a `dispose()` from inside the
/// action itself is a no-op. The closure is released as soon as it is taken. If the
/// object is deallocated without being disposed, the action does not run.
///
/// ```swift
/// let d = ActionDisposable { print("cleaned up") }
/// d.dispose()   // prints "cleaned up"
/// d.dispose()   // nothing
/// ```
public final class ActionDisposable: Disposable, @unchecked Sendable {
    // Safety: `action` is guarded by `mutex`.
    private let mutex = PosixLock()
    private var action: (() -> Void)?

    /// Creates a disposable that runs `action` when disposed.
    public init(action: @escaping () -> Void) {
        self.action = action
    }

    /// Runs the action if no earlier call did.
    public func dispose() {
        mutex.lock()
        let action = self.action
        self.action = nil
        mutex.unlock()
        action?()
    }
}
