import SignalSyncStack

/// A disposal action that runs exactly once, whatever threads dispose: the one core of
/// `ActionDisposable` (STypedSignal) and `SBlockDisposable` (SUntypedSignal), each of which
/// holds one.
///
/// The first `dispose()` claims the action with one compare-and-swap on a flag, then takes
/// it out of the machine and runs it on the disposing thread; the action is released as
/// soon as it has run. A `dispose()` from inside the action, or from any other thread
/// meanwhile, fails the claim and returns at once (it does not wait for the action).
/// Released without a `dispose()`, it releases the action without running it.
///
/// No lock: a lock block per disposable (a `LockedState`) would cost an aligned
/// allocation, a mutex set-up and tear-down and a lock round per disposal (measured with
/// `Benchmarks/instructions.sh S10`). The flag is the only stored property of the
/// superclass, `OnceActionClaim`, so that its address is fixed.
@usableFromInline
package final class OnceActionEngine: OnceActionClaim, @unchecked Sendable {
    // Safety: `machine` is changed only by the one `dispose()` that won the claim, and
    // released by `deinit` (`OnceActionEngineTests.testRunsOnceAcrossThreads`,
    // ThreadSanitizer).
    /// The action, until the first `dispose()` takes it.
    @usableFromInline @exclusivity(unchecked) var machine: OnceActionMachine

    /// Armed with `action` (nil: `dispose()` does nothing).
    @inlinable
    package init(action: (() -> Void)?) {
        machine = OnceActionMachine(action: action)
        super.init()
    }

    /// Runs the action if no earlier call claimed it.
    @inlinable
    package func dispose() {
        guard claim() else { return }
        if case .run(let action) = machine.dispose() {
            action()
        }
    }
}

/// The claim flag of a `OnceActionEngine`: the only stored property of this superclass of
/// it, so that its address is fixed (see `storedAtomicsAddress`).
@usableFromInline
package class OnceActionClaim: @unchecked Sendable {
    // Safety: `claimStorage` is only accessed atomically, through `claim()`, at the address
    // `storedAtomicsAddress` takes (`AtomicStorageAddressTests`).
    /// The flag, set by the first `claim()`. Never read or written as a Swift property
    /// after `init`.
    @usableFromInline @exclusivity(unchecked) final var claimStorage = signalsync_atomic_bool()

    @inlinable
    init() {
        checkStoredAtomicsAddress(of: self, &claimStorage)
    }

    /// True for the first call only, whatever threads call.
    @inlinable
    final func claim() -> Bool {
        // Safety: `claimStorage` is the class's only stored property, at the address
        // `storedAtomicsAddress` takes. Pinned by AtomicStorageAddressTests.testAOnceActionsClaimFlag.
        let flag = storedAtomicsAddress(of: self).assumingMemoryBound(to: signalsync_atomic_bool.self)
        return AtomicBoolView(flag).compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
