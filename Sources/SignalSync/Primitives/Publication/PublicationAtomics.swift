import SignalSyncStack

/// The storage of a `PublicationEngine` (the published object and its readers' counts):
/// the only stored property of this superclass of the engine's owner (`PipeHubEngine`), so
/// that its address is fixed (see `storedAtomicsAddress`).
@usableFromInline
package class PublicationAtomics: @unchecked Sendable {
    // Safety: `publication` is only accessed atomically, through a `PublicationEngine` over
    // `publicationAddress`, the address `storedAtomicsAddress` takes
    // (`AtomicStorageAddressTests`).
    /// The storage. Read or written as a Swift property only by `prepare` in the owner's
    /// `init`, before the owner is shared.
    @usableFromInline @exclusivity(unchecked) final var publication = signalsync_publication_atomics()

    @inlinable
    init() {
        checkStoredAtomicsAddress(of: self, &publication)
    }

    // Safety: fixed while the object lives (see `storedAtomicsAddress`); pinned by
    // AtomicStorageAddressTests.testAHubsPublication.
    /// The address of the storage.
    @inlinable @inline(__always)
    final var publicationAddress: UnsafeMutableRawPointer {
        storedAtomicsAddress(of: self)
    }
}
