/// An object that calls `onRelease` from its `deinit`: captured by a closure under test,
/// it tells when the closure's captures are released, and in which order against others.
public final class DeinitProbe {
    private let onRelease: () -> Void

    /// A probe that calls `onRelease` when it is released.
    public init(_ onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    deinit { onRelease() }
}
