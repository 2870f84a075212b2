import Synchronization

/// A process-wide count of live objects of one kind, for leak tests.
///
/// The async bridges count their per-call objects here (`init` increments, `deinit`
/// decrements) so that a test can run a bridge many times and check that the count
/// returns to where it started, which is exact where resident memory is noisy. The
/// cost is one relaxed atomic add per object created and one per object freed.
package final class LiveObjectCounter: Sendable {
    private let count = Synchronization.Atomic<Int>(0)

    /// Creates a counter at zero.
    package init() {}

    /// The number of objects alive now.
    package var current: Int {
        count.load(ordering: .relaxed)
    }

    /// Records one more live object.
    @inline(__always)
    package func increment() {
        count.add(1, ordering: .relaxed)
    }

    /// Records one object freed.
    @inline(__always)
    package func decrement() {
        count.subtract(1, ordering: .relaxed)
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
