/// Carries a value across a concurrency boundary that the compiler cannot check.
///
/// Both signal APIs take ordinary (non-`Sendable`) closures, as the originals do, and
/// decide themselves which thread runs them; this box is how such a closure reaches
/// Dispatch or a thread. Every use sits next to the reason it is safe.
@usableFromInline
package struct UncheckedSendable<Value>: @unchecked Sendable {
    // Safety: the box adds no synchronization: each use hands its value to one other
    // context, ordered after the hand-over by what carries it (a queue's `async`, a
    // continuation's `resume`, `MainActor.assumeIsolated`), and says why beside it. Pinned,
    // under ThreadSanitizer, by SerialHopEngineTests.testConcurrentSendersLoseNothingAndDeliverOnTheQueueInEachSendersOrder
    // and AsyncValuesBufferEngineTests.testBufferedValuesThenTheFailureThenTheEnd.
    /// The carried value.
    @usableFromInline package let value: Value

    /// Wraps `value`.
    @inlinable @inline(__always)
    package init(_ value: Value) {
        self.value = value
    }
}
