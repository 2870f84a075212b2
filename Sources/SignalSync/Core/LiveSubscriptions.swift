import SignalSyncStack

/// The number of subscriptions that have started and not yet ended, in both APIs: a leak
/// check for tests.
///
/// A subscription counts from the creation of its subscriber until its first end: a
/// terminal event, its handle's `dispose()`, or its subscriber's deallocation. A test that
/// ends with a non-zero count left a subscription running (typically a source still
/// holding a subscriber nobody disposed). Counted in debug builds only; release builds
/// always read zero.
@usableFromInline
package enum LiveSubscriptions {
    #if DEBUG
        /// The count: a global of the C module, so that its address is fixed.
        @inlinable @inline(__always)
        static var count: AtomicIntView {
            AtomicIntView(signalsync_live_subscriptions_address())
        }
    #endif

    /// Subscriptions started and not yet ended.
    package static var current: Int {
        #if DEBUG
            count.load(ordering: .acquiring)
        #else
            0
        #endif
    }

    @inlinable @inline(__always)
    static func began() {
        #if DEBUG
            count.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    @inlinable @inline(__always)
    static func ended() {
        #if DEBUG
            count.wrappingSubtract(1, ordering: .releasing)
        #endif
    }
}
