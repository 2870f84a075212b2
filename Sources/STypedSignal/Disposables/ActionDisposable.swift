import SignalSync

/// A disposable that runs a closure on its first `dispose()`.
///
/// The action runs exactly once across all threads, outside the lock, on the disposing
/// thread; a `dispose()` from inside the action itself is a no-op. The closure is
/// released as soon as it has run. If the object is deallocated without being disposed,
/// the action does not run (it is only released).
///
/// ```swift
/// let d = ActionDisposable { print("cleaned up") }
/// d.dispose()   // prints "cleaned up"
/// d.dispose()   // nothing
/// ```
public final class ActionDisposable: Disposable, Sendable {
    /// The action, run by the first `dispose()` (a core of the shared layer's own).
    private let once: OnceActionEngine

    /// Creates a disposable that runs `action` when disposed.
    ///
    /// `action` stays a plain closure (unlike the operators' closures): it runs on the thread
    /// that disposes, which is the caller's own `dispose()` or an ending subscription, and
    /// the generators that return these capture their subscription's own state.
    public init(action: @escaping () -> Void) {
        once = OnceActionEngine(action: action)
    }

    /// Runs the action if no earlier call did.
    public func dispose() {
        once.dispose()
    }
}
