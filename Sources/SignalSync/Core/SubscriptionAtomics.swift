import SignalSyncStack

/// The atomics of a `SubscriptionCore` (`word`, `inScope`, `terminalSent`, `keeps`, `spin`,
/// the handle's three flags and `sharedReaders`, grouped in one C struct): the only stored property of this
/// superclass of it, so that their address is fixed (see `storedAtomicsAddress`).
@usableFromInline
package class SubscriptionAtomics: @unchecked Sendable {
    // Safety: `atomics` is only accessed atomically, through the subscription core's views,
    // at the address `storedAtomicsAddress` takes (`AtomicStorageAddressTests`).
    /// The storage. Never read or written as a Swift property after `init`.
    @usableFromInline @exclusivity(unchecked) final var atomics = signalsync_subscription_atomics()

    @inlinable
    init() {
        checkStoredAtomicsAddress(of: self, &atomics)
    }

    // Safety: fixed while the object lives (see `storedAtomicsAddress`); pinned by
    // AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// The address of the atomics.
    @inlinable @inline(__always)
    final var atomicsAddress: UnsafeMutableRawPointer {
        storedAtomicsAddress(of: self)
    }
}
