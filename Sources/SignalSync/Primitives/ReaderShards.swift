import SignalSyncStack

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
    /// A block of zeroed counters; free it with `deallocate` once nobody counts in it.
    @usableFromInline
    package static func allocate() -> UnsafeMutableRawPointer {
        let size = signalsync_reader_shards * signalsync_reader_shard_stride
        // Safety: as the Safety note on `allocate()` says.
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: signalsync_reader_shard_stride)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        return block
    }

    // Safety: once per block, when nobody counts in it (see `allocate`).
    /// Frees a block from `allocate`.
    @usableFromInline
    package static func deallocate(_ block: UnsafeMutableRawPointer) {
        block.deallocate()
    }

    // Safety: `shard` is below `count` (`current` and the sums' loops), so the counter lies
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
        for shard in 0..<count {
            let counter = AtomicIntView(self.counter(block, shard).assumingMemoryBound(to: signalsync_atomic_int.self))
            if counter.load(ordering: .sequentiallyConsistent) != 0 {
                return true
            }
        }
        return false
    }

    /// The number of counters in a block.
    @inlinable
    static var count: Int {
        signalsync_reader_shards
    }
}
