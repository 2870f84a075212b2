/// The hops that carry the events of one subscription from several sources (a
/// `combineLatest(queue:)` subscription has one `deliverOn` hop per source): an event
/// sent on the queue is delivered at once only while no hop of the group has events
/// waiting or being delivered, so that it cannot overtake an event another source sent
/// before it from another thread.
///
/// It counts the hops of the group that are busy (`SerialHopMachine.isIdle` is false).
@usableFromInline
package final class SerialHopGroup: @unchecked Sendable {
    // Safety: the count is reached only through `busyHops.withLock`.
    private let busyHops = LockedState(0)

    /// A group with no busy hop.
    @usableFromInline
    package init() {}

    /// True while no hop of the group has events waiting or being delivered.
    @usableFromInline
    var isIdle: Bool {
        busyHops.withLock { $0 == 0 }
    }

    /// A hop of the group buffered an event while it was idle.
    @usableFromInline
    func hopBecameBusy() {
        busyHops.withLock { $0 += 1 }
    }

    /// A hop of the group delivered everything it had.
    @usableFromInline
    func hopBecameIdle() {
        busyHops.withLock { $0 -= 1 }
    }
}
