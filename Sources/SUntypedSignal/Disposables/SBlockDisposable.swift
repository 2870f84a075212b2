import SignalSync

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
public final class SBlockDisposable: SDisposable, Sendable {
    /// The block, run by the first `dispose()` (a core of the shared layer's own).
    private let once: OnceActionEngine

    /// Creates a disposable that runs `block` when first disposed.
    ///
    /// The block runs on whichever thread disposes first, so it is `@Sendable`
    /// (`@preconcurrency`: Swift 5 code gets no new diagnostic).
    @preconcurrency public init(_ block: (@Sendable () -> Void)?) {
        once = OnceActionEngine(action: block)
    }

    /// Runs the block if no earlier call did.
    public func dispose() {
        once.dispose()
    }
}
