import SignalSync
import SignalSyncStack

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
public final class ActionDisposable: Disposable, OnceActionEngine, @unchecked Sendable {
    // Safety: `onceClaim` is only reached atomically (`OnceActionEngine`); `onceMachine` is
    // changed only by the one `dispose()` that won the claim.
    /// The claim flag: the first stored property (see `OnceActionEngine`).
    @usableFromInline package var onceClaim = signalsync_atomic_bool()
    /// The action, until the first `dispose()` takes it.
    @usableFromInline @exclusivity(unchecked) package var onceMachine: OnceActionMachine

    /// Creates a disposable that runs `action` when disposed.
    public init(action: @escaping () -> Void) {
        onceMachine = OnceActionMachine(action: action)
    }

    /// Runs the action if no earlier call did.
    public func dispose() {
        runOnceAction()
    }
}
