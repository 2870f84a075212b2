import SignalSync
import SignalSyncStack

/// A disposable that runs a closure on its first `dispose()`.
///
/// The block runs at most once across all threads, outside the lock, on the disposing
/// thread; it is released as soon as it has run. A nil block makes `dispose()` a no-op.
/// Deallocating an undisposed `SBlockDisposable` does not run the block, it only
/// releases it (and what it captured).
///
/// ```swift
/// let d = SBlockDisposable { print("cleaned up") }
/// d.dispose()   // prints "cleaned up"
/// d.dispose()   // nothing
/// ```
public final class SBlockDisposable: SDisposable, OnceActionEngine, @unchecked Sendable {
    // Safety: `onceClaim` is only reached atomically (`OnceActionEngine`); `onceMachine` is
    // changed only by the one `dispose()` that won the claim.
    /// The claim flag: the first stored property (see `OnceActionEngine`).
    @usableFromInline package var onceClaim = signalsync_atomic_bool()
    /// The block, until the first `dispose()` takes it.
    @usableFromInline @exclusivity(unchecked) package var onceMachine: OnceActionMachine

    /// Creates a disposable that runs `block` when first disposed.
    public init(_ block: (() -> Void)?) {
        onceMachine = OnceActionMachine(action: block)
    }

    /// Runs the block if no earlier call did.
    public func dispose() {
        runOnceAction()
    }
}
