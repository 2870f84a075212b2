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
    /// The action runs on whichever thread disposes first (an ending subscription's, a
    /// `DisposableSet`'s owner's), so it is `@Sendable` (`@preconcurrency`: Swift 5 code
    /// gets no new diagnostic).
    @preconcurrency public init(action: @escaping @Sendable () -> Void) {
        once = OnceActionEngine(action: action)
    }

    /// Runs the action if no earlier call did.
    public func dispose() {
        once.dispose()
    }
}
