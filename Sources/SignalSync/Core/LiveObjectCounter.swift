import SignalSyncStack

/// A process-wide count of live objects of one kind, for leak tests.
///
/// The async bridges count their per-call objects here (`init` increments, `deinit`
/// decrements) so that a test can run a bridge many times and check that the count
/// returns to where it started, which is exact where resident memory is noisy. The
/// cost is one relaxed atomic add per object created and one per object freed.
///
/// The count is the only stored property, so that its address is fixed (see
/// `storedAtomicsAddress`).
package final class LiveObjectCounter: @unchecked Sendable {
    // Safety: `storage` is only accessed atomically, through `count`, at the address
    // `storedAtomicsAddress` takes (`LiveObjectCounterTests`).
    /// The storage of `count`. Never read or written as a Swift property after `init`.
    @exclusivity(unchecked) var storage = signalsync_atomic_int()

    // Safety: `storage`, a `signalsync_atomic_int`, is the class's only stored property, at
    // the address `storedAtomicsAddress` takes. Pinned by
    // AtomicStorageAddressTests.testALiveObjectCountersCount.
    /// The count.
    private var count: AtomicIntView {
        AtomicIntView(storedAtomicsAddress(of: self).assumingMemoryBound(to: signalsync_atomic_int.self))
    }

    /// Creates a counter at zero.
    package init() {
        checkStoredAtomicsAddress(of: self, &storage)
    }

    /// The number of objects alive now.
    package var current: Int {
        count.load(ordering: .relaxed)
    }

    /// Records one more live object.
    @inline(__always)
    package func increment() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    /// Records one object freed.
    @inline(__always)
    package func decrement() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// The counters of the async bridges' per-call objects (see `LiveObjectCounter`).
package enum AsyncBridgeCounters {
    /// Live `FirstValueWaiterEngine`s: one per `firstValue()` call until it returns.
    package static let firstValueWaiters = LiveObjectCounter()
    /// Live `AsyncValuesBufferEngine`s: one per iterator of a `values` sequence.
    package static let valuesBuffers = LiveObjectCounter()
    /// Live tasks started by the signals made from async functions and sequences.
    package static let sourceTasks = LiveObjectCounter()
}
