/// The readers of a published value, counted in two alternating epochs, so that a writer
/// can tell when no reader can still hold a value it has replaced, while a reader takes no
/// lock and retains nothing: the primitive under `PublicationEngine`.
///
/// A reader `enter`s (joining the current epoch), reads, and `exit`s. A writer that has
/// replaced a value waits, without blocking, for every reader that was inside at that
/// moment to leave: it `advance`s the epoch (possible once the previous epoch has no
/// reader left), after which no new reader joins the old epoch, so the old epoch empties
/// in bounded time (its readers only finish). `requestReclaim` asks the last reader of the
/// previous epoch to tell its caller (`exit` returns true) so that the writer's side can
/// go on; nothing here waits or spins.
///
/// Everything is one atomic word, so a reader costs one compare-and-swap to enter (tried
/// again when another reader changed the word in between) and one atomic subtract to
/// leave, on one cache line: bit 0 is the current epoch, bit 1 the reclaim request, bits
/// 2...32 and 33...63 count the readers of epochs 0 and 1. All operations are sequentially
/// consistent: a reader that enters after a writer's store of a new value reads that value
/// or a newer one.
///
/// A view: the word lives in the owner's storage (`PublicationEngine`'s), at a stable
/// address; copies of the view share it.
@usableFromInline
package struct ReadEpochs: Sendable {
    /// The word: zero readers in both epochs, epoch 0 and no request when all bits are 0.
    @usableFromInline let word: AtomicUInt64View

    /// The epoch bit.
    @usableFromInline static var epochBit: UInt64 { 1 }
    /// The reclaim request bit.
    @usableFromInline static var requestBit: UInt64 { 2 }

    /// The epochs whose word is `word` (all zero to start with: no reader, epoch 0, no
    /// request).
    @usableFromInline @_transparent
    package init(_ word: AtomicUInt64View) {
        self.word = word
    }

    /// One reader of `epoch`, in the word's layout.
    @inlinable static func unit(_ epoch: UInt64) -> UInt64 {
        epoch == 0 ? 1 << 2 : 1 << 33
    }

    /// The number of readers of `epoch` in `word`.
    @inlinable static func readers(_ epoch: UInt64, in word: UInt64) -> UInt64 {
        epoch == 0 ? (word >> 2) & 0x7FFF_FFFF : word >> 33
    }

    /// Joins the current epoch and returns it, to pass to `exit`.
    @inlinable @inline(__always)
    package func enter() -> UInt64 {
        var current = word.load(ordering: .relaxed)
        while true {
            let epoch = current & Self.epochBit
            let (exchanged, original) = word.weakCompareExchange(
                expected: current, desired: current &+ Self.unit(epoch), ordering: .sequentiallyConsistent)
            if exchanged { return epoch }
            current = original
        }
    }

    /// Leaves `epoch`; true when this was the last reader of the previous epoch while a
    /// reclamation was requested: the caller then runs its owner's reclamation.
    @inlinable @inline(__always)
    package func exit(_ epoch: UInt64) -> Bool {
        let before = word.wrappingSubtract(Self.unit(epoch), ordering: .sequentiallyConsistent)
        return before & Self.epochBit != epoch && Self.readers(epoch, in: before) == 1
            && before & Self.requestBit != 0
    }

    /// True when no reader of the previous epoch is left.
    package var previousIsEmpty: Bool {
        let current = word.load(ordering: .sequentiallyConsistent)
        return Self.readers(current & Self.epochBit ^ 1, in: current) == 0
    }

    /// Makes the other epoch the current one, when no reader of it is left; false (and
    /// nothing changes) otherwise. Writers call it serialized (under their owner's lock).
    package func advance() -> Bool {
        var current = word.load(ordering: .sequentiallyConsistent)
        while Self.readers(current & Self.epochBit ^ 1, in: current) == 0 {
            let (exchanged, original) = word.compareExchange(
                expected: current, desired: current ^ Self.epochBit, ordering: .sequentiallyConsistent)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Asks the last reader of the previous epoch to report its exit (see `exit`).
    package func requestReclaim() {
        word.bitwiseOr(Self.requestBit, ordering: .sequentiallyConsistent)
    }

    /// Withdraws the request: nothing waits for the previous epoch any more.
    package func clearRequest() {
        word.bitwiseAnd(~Self.requestBit, ordering: .sequentiallyConsistent)
    }

    /// The readers of both epochs (for the tests).
    package var readerCount: UInt64 {
        let current = word.load(ordering: .sequentiallyConsistent)
        return Self.readers(0, in: current) + Self.readers(1, in: current)
    }
}
