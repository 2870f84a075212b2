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
        readers.counts.deallocate()
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
            case .advance where readers.advance():
                machine.advanced()
            case .advance, .awaitPreviousEpoch:
                // Asks the previous epoch's last reader to report, going on at once when
                // that epoch emptied meanwhile (nobody would report).
                readers.requestReclaim()
                if !readers.previousIsEmpty {
                    return released
                }
            case .idle:
                readers.clearRequest()
                return released
            }
        }
    }
}

// MARK: - The storage

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

// MARK: - The read epochs

/// The readers of a published value, counted in two alternating epochs, so that a writer
/// can tell when no reader can still hold a value it has replaced, while a reader takes no
/// lock, retains nothing and writes nothing that readers on other threads write: the
/// primitive under `PublicationEngine`.
///
/// A reader `enter`s (counting itself in the current epoch), reads, and `exit`s. A writer
/// that has replaced a value waits, without blocking, for every reader that was inside at
/// that moment to leave: it `advance`s the epoch (possible once the previous epoch has no
/// reader left), after which readers count themselves in the other epoch, so the old epoch
/// empties in bounded time (its readers only finish). `requestReclaim` asks the last reader
/// of the previous epoch to tell its caller (`exit` returns true) so that the writer's side
/// can go on; nothing here waits or spins.
///
/// A view: the control word and the counts live in the owner's storage
/// (`PublicationEngine`'s), at stable addresses; copies of the view share them. Where
/// readers count, and why a reader that saw a stale epoch is harmless:
/// `Primitives/NOTES.md`.
@usableFromInline
package struct ReadEpochs: @unchecked Sendable {
    // Safety: the control word and the counts are only accessed atomically.
    /// What `enter` returns, for `exit`: the epoch the reader counted itself in, and where.
    @usableFromInline
    package struct Ticket: Sendable {
        /// The epoch (0 or 1).
        @usableFromInline package let epoch: UInt64
        /// The reader count it is counted in.
        @usableFromInline let shard: Int

        @inlinable init(epoch: UInt64, shard: Int) {
            self.epoch = epoch
            self.shard = shard
        }
    }

    /// The control word: epoch 0 and no request when all bits are 0.
    @usableFromInline let control: AtomicUInt64View
    // Safety: a `ReaderShards` block that the owner allocates before it makes a view and
    // frees only once no reader or writer can run (`PublicationEngine.release()`, from the
    // owner's `deinit`); every access to it is atomic. Pinned by
    // ReadEpochsTests.testConcurrentReadersLeaveTheCountsBalanced and
    // PublicationEngineTests.testReadersNeverSeeAReleasedObjectAndEverythingIsReleased.
    /// The first of the `signalsync_reader_shards` counts, `signalsync_reader_shard_stride`
    /// bytes apart (a `ReaderShards` block).
    @usableFromInline let counts: UnsafeMutableRawPointer

    /// The epoch bit.
    @usableFromInline static var epochBit: UInt64 { 1 }
    /// The reclaim request bit.
    @usableFromInline static var requestBit: UInt64 { 2 }

    // Safety: `counts` must be a `ReaderShards` block that outlives the view (see `counts`).
    /// The epochs whose control word is `control` and whose counts are at `counts` (all
    /// zero to start with: no reader, epoch 0, no request).
    @usableFromInline @_transparent
    package init(control: AtomicUInt64View, counts: UnsafeMutableRawPointer) {
        self.control = control
        self.counts = counts
    }

    // Safety: `counts` is a `ReaderShards` block of atomic counters (`init`'s Safety note).
    // Pinned by ReadEpochsTests.testThreadsCountInCountsOfTheirOwnThatTheSumsSee.
    /// The count at `shard`.
    @inlinable @inline(__always)
    func count(_ shard: Int) -> AtomicUInt64View {
        AtomicUInt64View(ReaderShards.counter(counts, shard).assumingMemoryBound(to: signalsync_atomic_uint64.self))
    }

    /// One reader of `epoch`, in a count's layout.
    @inlinable static func unit(_ epoch: UInt64) -> UInt64 {
        epoch == 0 ? 1 : 1 << 32
    }

    /// The number of readers of `epoch` in a count.
    @inlinable static func readers(_ epoch: UInt64, in count: UInt64) -> UInt64 {
        epoch == 0 ? count & 0xFFFF_FFFF : count >> 32
    }

    /// Counts the caller in the current epoch; pass the ticket to `exit`.
    @inlinable @inline(__always)
    package func enter() -> Ticket {
        let ticket = Ticket(epoch: control.load(ordering: .relaxed) & Self.epochBit, shard: ReaderShards.current)
        count(ticket.shard).wrappingAdd(Self.unit(ticket.epoch), ordering: .sequentiallyConsistent)
        return ticket
    }

    /// Leaves; true when this left the previous epoch without readers while a reclamation
    /// was requested: the caller then runs its owner's reclamation. (Two readers leaving
    /// at once may both return true; a reclamation finds nothing more to do the second
    /// time.)
    @inlinable @inline(__always)
    package func exit(_ ticket: Ticket) -> Bool {
        _ = count(ticket.shard).wrappingSubtract(Self.unit(ticket.epoch), ordering: .sequentiallyConsistent)
        let now = control.load(ordering: .sequentiallyConsistent)
        guard now & Self.requestBit != 0, now & Self.epochBit != ticket.epoch else { return false }
        return readerCount(of: ticket.epoch) == 0
    }

    /// The readers counted in `epoch`, summed over the counts.
    @usableFromInline
    func readerCount(of epoch: UInt64) -> UInt64 {
        var total: UInt64 = 0
        for shard in 0..<signalsync_reader_shards {
            total += Self.readers(epoch, in: count(shard).load(ordering: .sequentiallyConsistent))
        }
        return total
    }

    /// True when no reader of the previous epoch is left.
    package var previousIsEmpty: Bool {
        readerCount(of: control.load(ordering: .sequentiallyConsistent) & Self.epochBit ^ 1) == 0
    }

    /// Makes the other epoch the current one, when no reader of it is left; false (and
    /// nothing changes) otherwise. Writers call it serialized (under their owner's lock).
    package func advance() -> Bool {
        var current = control.load(ordering: .sequentiallyConsistent)
        while readerCount(of: current & Self.epochBit ^ 1) == 0 {
            let (exchanged, original) = control.compareExchange(
                expected: current, desired: current ^ Self.epochBit, ordering: .sequentiallyConsistent)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Asks the last reader of the previous epoch to report its exit (see `exit`).
    package func requestReclaim() {
        control.bitwiseOr(Self.requestBit, ordering: .sequentiallyConsistent)
    }

    /// Withdraws the request: nothing waits for the previous epoch any more.
    package func clearRequest() {
        control.bitwiseAnd(~Self.requestBit, ordering: .sequentiallyConsistent)
    }

    /// The readers of both epochs (for the tests).
    package var readerCount: UInt64 {
        readerCount(of: 0) + readerCount(of: 1)
    }
}

// MARK: - The reader counts

/// Counters that readers on different threads update without sharing a cache line:
/// `signalsync_reader_shards` words, `signalsync_reader_shard_stride` bytes apart, in one
/// block. A thread always counts in the same word (`current`, given round robin at the
/// thread's first read), so two threads reading the same object at once write different
/// lines; whoever must know that no reader is left sums the words.
///
/// Under `ReadEpochs` (a pipe's pushes) and `SubscriptionCore` (a subscription whose
/// subscriber threads call at once). On one shared word, two threads take turns owning
/// its cache line twice per read, which costs them more than everything else they do
/// (measured: see Benchmarks/PERFORMANCE.md, "Contention between threads").
@usableFromInline
package enum ReaderShards {
    // Safety: a block is `signalsync_reader_shards` counters of `signalsync_reader_shard_stride`
    // bytes, zeroed here, aligned to the stride, and freed once, when nobody counts in it:
    // by its owner's `deinit` (`PublicationEngine.release()`, `SubscriptionCore`), or at
    // once by a subscription that lost the race to publish it; every access to a counter
    // is atomic. Pinned by ReadEpochsTests.testThreadsCountInCountsOfTheirOwnThatTheSumsSee
    // and SharedReadersTests.testConcurrentValuesAndADisposal (under the sanitizers).
    /// A block of zeroed counters; free it (`deallocate()`) once nobody counts in it.
    @usableFromInline
    package static func allocate() -> UnsafeMutableRawPointer {
        let size = signalsync_reader_shards * signalsync_reader_shard_stride
        // Safety: as the Safety note on `allocate()` says.
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: signalsync_reader_shard_stride)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        return block
    }

    // Safety: `shard` is below `signalsync_reader_shards` (`current` and the sums' loops), so the counter lies
    // inside the block (see `allocate`).
    /// The counter at `shard` of `block`.
    @inlinable @inline(__always)
    static func counter(_ block: UnsafeMutableRawPointer, _ shard: Int) -> UnsafeMutableRawPointer {
        block + shard * signalsync_reader_shard_stride
    }

    /// The counter this thread counts in.
    @inlinable @inline(__always)
    static var current: Int {
        Int(signalsync_reader_shard())
    }

    // Safety: `block` is a live block from `allocate` (see there).
    /// True when a counter of `block` (each an `Int`) is not zero (each read sequentially
    /// consistent).
    @usableFromInline
    static func someoneCounts(in block: UnsafeMutableRawPointer) -> Bool {
        for shard in 0..<signalsync_reader_shards {
            let counter = AtomicIntView(self.counter(block, shard).assumingMemoryBound(to: signalsync_atomic_int.self))
            if counter.load(ordering: .sequentiallyConsistent) != 0 {
                return true
            }
        }
        return false
    }
}
