import SignalSyncStack

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
        for shard in 0..<ReaderShards.count {
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
