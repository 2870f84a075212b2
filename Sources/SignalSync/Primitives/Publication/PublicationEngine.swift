import SignalSyncStack

/// One published object that readers use without a lock and without retaining it, while
/// a writer may withdraw it at any time (read-copy-update): the subscriber snapshot of a
/// pipe without replay (`PipeHubEngine`), so that a push costs two atomic operations on
/// a cache line that only its thread writes, and no lock.
///
/// A reader runs `withCurrent`, which counts it in the current read epoch
/// (`ReadEpochs`) for the length of its body. A writer publishes an object or withdraws
/// it (`publishIfWithdrawn`, `withdraw`); a withdrawn object is released only once every
/// reader that could have read it has left (`PublicationMachine`), by the writer or by
/// the last such reader. Nobody waits: a withdrawn object lives until the readers inside
/// when it was withdrawn have returned, so memory stays bounded as long as readers return.
///
/// The storage (`signalsync_publication_atomics`: the published object, the read epochs'
/// control word and a pointer to their counts) lives inline in its owner, as its first
/// stored property, so that its address is fixed (nothing allocated or retained per read);
/// this engine is a view over it. The owner's `init` calls `prepare` (which allocates the
/// counts) before any reader runs, and its `deinit` calls `release()`. The machine lives under the
/// owner's lock, which serializes the writers and the reclamation (`collect`). What they
/// return is released by the owner after unlocking.
///
/// `@usableFromInline`, with its machine, so that a pipe's push path inlines it into the
/// API modules.
@usableFromInline
package struct PublicationEngine<Object: AnyObject>: @unchecked Sendable {
    // Safety: `current` and `readers` are atomic views of the owner's storage; the machine
    // is the owner's, under its lock.
    /// The published object, retained once by the owner's storage, or nil.
    @usableFromInline let current: AtomicPointerView
    /// The readers, counted in read epochs.
    @usableFromInline let readers: ReadEpochs

    /// The machine of the objects withdrawn and not yet released, kept by the owner.
    @usableFromInline package typealias Machine = PublicationMachine<Object>

    // Safety: `storage` stays at its address for the owner's life (a hub's is
    // `PublicationAtomics.publicationAddress`), and the owner makes engines only while it
    // lives; the counts' pointer is set by `prepare` in the owner's `init`, before any
    // engine is made. Pinned by AtomicStorageAddressTests.testAHubsPublication and
    // PublicationEngineTests.
    /// The engine whose storage is the `signalsync_publication_atomics` at `storage` (all
    /// zero to start with: nothing published), which must stay there while the engine is
    /// used.
    @_transparent @usableFromInline
    package init(_ storage: UnsafeMutableRawPointer) {
        current = AtomicPointerView((storage + signalsync_publication_current_offset).assumingMemoryBound(to: signalsync_atomic_pointer.self))
        readers = ReadEpochs(
            control: AtomicUInt64View((storage + signalsync_publication_epochs_offset).assumingMemoryBound(to: signalsync_atomic_uint64.self)),
            // Safety: the counts' block, set by `prepare` before any engine is made (`init`'s Safety note).
            counts: (storage + signalsync_publication_readers_offset).load(as: UnsafeMutableRawPointer?.self)!)
    }

    /// Makes `storage` ready for readers: allocates the read epochs' counts. The owner's
    /// `init` calls it, before the owner is shared.
    @usableFromInline package static func prepare(_ storage: inout signalsync_publication_atomics) {
        storage.readers = ReaderShards.allocate()
    }

    /// Releases the published object, if any, and frees the counts: the owner's `deinit`
    /// calls it, once no reader or writer can run any more.
    package func release() {
        if let object = current.load(ordering: .sequentiallyConsistent) {
            // Safety: the storage owns one reference to what it publishes (taken in
            // `publishIfWithdrawn`); no reader is left. Pinned by
            // PublicationEngineTests.testTheEngineReleasesWhatIsStillPublished.
            Unmanaged<Object>.fromOpaque(object).release()
        }
        ReaderShards.deallocate(readers.counts)
    }

    /// Runs `body` with the published object and returns its result; nil, without
    /// running `body`, when nothing is published. The object stays valid until `body`
    /// returns, even if a writer withdraws it meanwhile; `body` may call anything,
    /// including the owner's writers. When this read was the last one a reclamation
    /// waited for, `reclaim` runs after it (it should `collect` under the owner's lock).
    @inlinable @inline(__always)
    package func withCurrent<Result>(_ body: (Object) -> Result, reclaim: () -> Void) -> Result? {
        let epoch = readers.enter()
        defer {
            if readers.exit(epoch) { reclaim() }
        }
        guard let object = current.load(ordering: .sequentiallyConsistent) else { return nil }
        // Safety: this reader counted itself in the current epoch before loading the
        // object, so a writer that withdraws it releases it only after this read leaves
        // (`Primitives/NOTES.md`). Pinned by
        // PublicationEngineTests.testAWithdrawalDuringAReadWaitsForTheReadToReturn and
        // testReadersNeverSeeAReleasedObjectAndEverythingIsReleased (under the sanitizers).
        return Unmanaged<Object>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
    }

    /// Publishes `make()` when nothing is published (under the owner's lock).
    @usableFromInline func publishIfWithdrawn(_ make: () -> Object) {
        guard current.load(ordering: .sequentiallyConsistent) == nil else { return }
        // Safety: the storage's own reference, given up by `withdraw` or `release` (exactly
        // one of them takes it: under the owner's lock, or in its `deinit`). Pinned by
        // PublicationEngineTests.testReadersNeverSeeAReleasedObjectAndEverythingIsReleased.
        current.store(Unmanaged.passRetained(make()).toOpaque(), ordering: .sequentiallyConsistent)
    }

    /// Withdraws the published object, if any (under the owner's lock): readers get nil
    /// until the next publication. Returns the withdrawn objects that no reader can hold
    /// any more, for the owner to release after unlocking.
    @usableFromInline func withdraw(_ machine: inout Machine) -> [Object] {
        guard let old = current.exchange(nil, ordering: .sequentiallyConsistent) else { return [] }
        // Safety: the exchange took the storage's reference (see `publishIfWithdrawn`) out
        // of it, once. Pinned by PublicationEngineTests.testAWithdrawalWithNoReaderReleasesAtOnce.
        machine.retire(Unmanaged<Object>.fromOpaque(old).takeRetainedValue())
        return collect(&machine)
    }

    /// Runs the machine's steps until it must wait for readers (under the owner's lock);
    /// returns what no reader can hold any more, for the owner to release after unlocking.
    @usableFromInline func collect(_ machine: inout Machine) -> [Object] {
        var released: [Object] = []
        while true {
            switch machine.next(previousEpochIsEmpty: readers.previousIsEmpty) {
            case .release(let objects):
                released += objects
            case .advance:
                if readers.advance() {
                    machine.advanced()
                } else if !awaitPreviousEpoch() {
                    return released
                }
            case .awaitPreviousEpoch:
                if !awaitPreviousEpoch() {
                    return released
                }
            case .idle:
                readers.clearRequest()
                return released
            }
        }
    }

    /// Asks the previous epoch's last reader to report; true when that epoch emptied
    /// meanwhile (the caller goes on at once, and nobody would report).
    func awaitPreviousEpoch() -> Bool {
        readers.requestReclaim()
        return readers.previousIsEmpty
    }
}
