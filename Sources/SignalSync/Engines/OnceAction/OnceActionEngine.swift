/// A disposal action that runs exactly once, whatever threads dispose: the one core of
/// `ActionDisposable` (STypedSignal) and `SBlockDisposable` (SUntypedSignal).
///
/// The first `dispose()` takes the action out under the lock and runs it after the lock is
/// released, on the disposing thread; the action is released as soon as it has run. A
/// `dispose()` from inside the action, or from any other thread meanwhile, does nothing
/// (and does not wait for the action). Dropped without a `dispose()`, it releases the
/// action without running it.
///
/// A non-copyable value rather than a class, so that each face keeps it inline: the faces
/// are one object and one lock block each, as before.
package struct OnceActionEngine: ~Copyable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    private let state: LockedState<OnceActionMachine>

    /// Armed with `action`; a nil action makes `dispose()` a no-op.
    package init(action: (() -> Void)?) {
        state = LockedState(OnceActionMachine(action: action))
    }

    /// Runs the action if no earlier call took it.
    package func dispose() {
        if case .run(let action) = state.withLock({ $0.dispose() }) {
            action()
        }
    }
}
