import SignalSyncStack

/// A subscriber as a hot source (a pipe, a value cell) holds it: keeps the subscriber
/// alive and pins its subscription's callbacks for as long as the source holds it, so
/// that each value reaches `next` with one plain load of the subscription's state instead
/// of an atomic read-modify-write on entering and another on leaving.
///
/// This object is the subscriber itself: a subscription that starts the source's signal
/// directly needs no subscriber object (one allocation fewer per subscription). When an
/// operator hands its own subscriber to the source's signal, a `PinnedFaceSubscriber`
/// holds that subscriber instead (a class of its own, so that this one has no field for
/// it). Either way, the subscription ends as when a subscriber goes away once the source
/// lets go of the pin, after the unpin.
///
/// When two threads push to one subscriber, those two writes per value are what the
/// threads wait for each other on (the subscription's state word moves between their
/// caches twice per value); pinned, a value writes nothing shared but what `next`
/// itself writes.
///
/// Nothing observable changes: a terminal event or a disposal still stops later values at
/// once, and the callbacks are released when the source drops this object if that is
/// later than the subscription's end (a push still running on another thread), exactly
/// as a running call released them before.
///
/// What orders a push's reads before the unpin on another thread is Swift's reference
/// counting: the push holds the source's subscriber list, and this object goes only when
/// the last holder let go. ThreadSanitizer cannot see that (the runtime is not
/// instrumented), so under it each value ends with a release on this object and the unpin
/// starts with an acquire (`SignalSyncSanitizer.h`); a normal build pays one load and a
/// branch per value.
@usableFromInline
package final class PinnedSubscriber<Value, Failure, Face: SubscriptionFace>: PipeHubReceiver<Value>, @unchecked Sendable {
    // Safety: immutable; the core is thread-safe (a pushing thread only loads its state).
    // `core` is unretained here but owned by this object: the reference the caller
    // retained, released last in `deinit`. Pinned by PinnedSubscriberTests
    // (testAnOwningPinGoneEndsTheSubscriptionAsItsSubscriberWould, testConcurrentPushesAndADisposal).
    /// The subscription, owned by this object.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Value, Failure, Face>>

    // Safety: `core` must come retained for this object (`passRetained`).
    /// Pins `core`'s callbacks until this object goes, and is its subscriber: `core` is
    /// retained for this object (`Unmanaged.passRetained`), which releases it as a face's
    /// subscriber does when it goes away.
    @inlinable
    package init(owning core: Unmanaged<SubscriptionCore<Value, Failure, Face>>) {
        self.core = core
        super.init()
        // Safety: this object owns the reference the caller retained.
        core._withUnsafeGuaranteedRef { $0.pin() }
    }

    deinit {
        unpinAtTheEnd(core, pin: self)
        // Safety: takes over this object's reference (see `core`), its last use.
        core._withUnsafeGuaranteedRef { $0.subscriberReleasedItsReference() }
    }

    /// Delivers `value` unless the subscription has ended: what a hub calls.
    @inlinable @inline(__always)
    override package func deliver(_ value: Value) {
        deliverPinned(value, to: core, pin: self)
    }
}

/// A `PinnedSubscriber` for a face's subscriber object (`owner`): an operator handed its
/// own subscriber to the source's signal, and that object, which owns the subscription,
/// ends it when it goes away (after this object has unpinned).
@usableFromInline
package final class PinnedFaceSubscriber<Value, Failure, Face: SubscriptionFace>: PipeHubReceiver<Value>, @unchecked Sendable {
    // Safety: immutable; the core is thread-safe (a pushing thread only loads its state).
    // `core` is unretained but alive as long as this object: `owner` owns a reference to
    // it. Pinned by PinnedSubscriberTests (testAPinGoneBeforeTheEndLeavesTheCallbacksToTheEnd, testConcurrentPushesAndADisposal).
    /// The subscription, kept alive by `owner`.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Value, Failure, Face>>
    /// The face's subscriber object, which owns `core` and ends the subscription when it
    /// goes away (after this object has unpinned).
    @usableFromInline let owner: AnyObject

    // Safety: `owner` must own `core` (callers pass a subscriber and its own core).
    /// Pins `core`'s callbacks until this object goes; `owner` owns `core`.
    @inlinable
    package init(_ core: Unmanaged<SubscriptionCore<Value, Failure, Face>>, owner: AnyObject) {
        self.core = core
        self.owner = owner
        super.init()
        // Safety: `owner`, held here, owns `core`.
        core._withUnsafeGuaranteedRef { $0.pin() }
    }

    deinit {
        // `owner` is released after this body.
        unpinAtTheEnd(core, pin: self)
    }

    /// Delivers `value` unless the subscription has ended: what a hub calls.
    @inlinable @inline(__always)
    override package func deliver(_ value: Value) {
        deliverPinned(value, to: core, pin: self)
    }
}

/// A pin's delivery: `value` to `core` unless the subscription has ended.
// Safety: called from a pin's `deliver` only, with that pin's `core` (see the classes).
@inlinable @inline(__always)
func deliverPinned<Value, Failure, Face>(_ value: Value, to core: Unmanaged<SubscriptionCore<Value, Failure, Face>>, pin: AnyObject) {
    // Safety: a hub calls this on a receiver it keeps alive, which keeps `core` alive.
    core._withUnsafeGuaranteedRef { $0.putNextWhilePinned(value) }
    if signalsync_thread_sanitizer != 0 {
        // Safety: only the pin's address, as the sanitizer's synchronization token.
        signalsync_tsan_release(Unmanaged.passUnretained(pin).toOpaque())
    }
}

/// A pin's end: unpins `core`, which its pin still keeps alive.
// Safety: called from a pin's deinit only, with that pin's `core` (see the classes).
func unpinAtTheEnd<Value, Failure, Face>(_ core: Unmanaged<SubscriptionCore<Value, Failure, Face>>, pin: AnyObject) {
    if signalsync_thread_sanitizer != 0 {
        // Safety: only the pin's address, as the sanitizer's synchronization token.
        signalsync_tsan_acquire(Unmanaged.passUnretained(pin).toOpaque())
    }
    // Safety: the pin, going away, still holds its reference to `core` (owned, or held
    // by its owner, released after the pin's deinit body).
    core._withUnsafeGuaranteedRef { $0.unpin() }
}
