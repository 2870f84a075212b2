/// An object that calls `onRelease` from its `deinit`: captured by a closure under test,
/// it tells when the closure's captures are released, and in which order against others.
/// `Sendable`, as the closures under test that capture it are (operators' closures run
/// on the delivering thread).
public final class DeinitProbe: @unchecked Sendable {
    // Safety: immutable; `onRelease` runs once, from `deinit` (tests give it thread-safe
    // logs where the last release may happen on another thread).
    private let onRelease: () -> Void

    /// A probe that calls `onRelease` when it is released.
    public init(_ onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    deinit { onRelease() }
}
