import SignalSyncStack

/// A disposal action that runs exactly once, whatever threads dispose: the one core of
/// `ActionDisposable` (STypedSignal) and `SBlockDisposable` (SUntypedSignal), which are
/// their own engines (they conform, holding its state).
///
/// The first `dispose()` claims the action with one compare-and-swap on a flag, then takes
/// it out of the machine and runs it on the disposing thread; the action is released as
/// soon as it has run. A `dispose()` from inside the action, or from any other thread
/// meanwhile, fails the claim and returns at once (it does not wait for the action).
/// Dropped without a `dispose()`, the owner releases the action without running it.
///
/// No lock and no allocation of its own: the owner keeps the flag and the machine as its
/// own stored properties, the flag first, so that its address is fixed
/// (`_getUnsafePointerToStoredProperties`; `OnceActionEngineTests` checks both owners).
/// A lock block per disposable (a `LockedState`) would cost a `posix_memalign`, a mutex
/// set-up and tear-down and a lock round per disposal, a large share of a hot source's
/// subscribe and dispose (measured with `Benchmarks/instructions.sh S10`).
@usableFromInline
package protocol OnceActionEngine: AnyObject {
    /// The claim flag, set by the first `dispose()`: the owner's first stored property,
    /// never read or written as a Swift property after `init`.
    var onceClaim: signalsync_atomic_bool { get }
    /// The machine: changed only by the winner of the claim, and released by `deinit`.
    var onceMachine: OnceActionMachine { get set }
}

extension OnceActionEngine {
    /// Runs the action if no earlier call claimed it.
    @inlinable
    package func runOnceAction() {
        let flag = _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: signalsync_atomic_bool.self)
        guard AtomicBoolView(flag).compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        if case .run(let action) = onceMachine.dispose() {
            action()
        }
    }
}
