// A hub's members: what a push reads (the snapshot of receivers), what the hub holds for
// each subscription (a pinned subscriber, or a closure), and what a subscription holds of
// the hub (its hold, and its membership: a `PipeHubMembership`, or callbacks or a stage
// that are the membership themselves).

import SignalSyncStack

// MARK: - The snapshot and its receivers

/// The subscribers of a hub without replay at one moment, in subscription order: what a
/// push reads without the lock (see `PipeHubEngine`).
@usableFromInline package final class PipeHubSnapshot<Subscriber> {
    /// The subscribers (shares the hub's array; copied only when the hub changes).
    @usableFromInline let subscribers: [Subscriber]

    @inlinable init(_ subscribers: [Subscriber]) {
        self.subscribers = subscribers
    }
}

/// One subscriber of a `PipeHubEngine`: an object whose `deliver` a push calls borrowed,
/// without retaining anything (a closure read from an array is copied, and retained, for
/// the call: two contended atomic operations per push when two threads push to one
/// subscriber).
///
/// Abstract: the APIs' subscribers are `PinnedSubscriber`s, which are receivers
/// themselves (one object per subscription instead of a receiver, a closure context and
/// the pinned subscriber: two allocations fewer per subscribe), and a closure is wrapped
/// in a `PipeHubClosureReceiver`.
@usableFromInline package class PipeHubReceiver<Value> {
    /// A receiver; only subclasses are made.
    @inlinable init() {}

    /// Called with each value; every subclass overrides it.
    @inlinable package func deliver(_ value: Value) {
        preconditionFailure("PipeHubReceiver is abstract: a subclass delivers")
    }

    /// Calls every receiver in `receivers` with `value`, in order, none of them retained:
    /// `receivers` must stay alive meanwhile (a snapshot, or an array the caller holds).
    @inlinable @inline(__always)
    static func deliver(_ value: Value, to receivers: [PipeHubReceiver<Value>]) {
        receivers.withUnsafeBufferPointer { strong in
            // Safety: an `Unmanaged` has the layout of the strong reference it wraps, and
            // the caller's array holds each receiver for the whole loop. Pinned by
            // PipeHubEngineTests.testASubscriberRemovedDuringAPushIsReleasedWhenThatPushReturns
            // and, under AddressSanitizer, PipeHubStressTests.testSubscribersDisposingFromInsideDeliveriesWhilePushesRace.
            strong.withMemoryRebound(to: Unmanaged<PipeHubReceiver<Value>>.self) { receivers in
                for index in receivers.indices {
                    // Safety: held by the caller's array (the `withMemoryRebound` Safety note).
                    receivers[index]._withUnsafeGuaranteedRef { $0.deliver(value) }
                }
            }
        }
    }
}

/// A receiver that calls a closure: how a hub takes a plain callback (`PipeHubEngine.add`),
/// and how `deliverOn` over a hub's signal hands its values to its hop.
@usableFromInline
package final class PipeHubClosureReceiver<Value>: PipeHubReceiver<Value> {
    /// Called with each value.
    @usableFromInline let body: (Value) -> Void

    /// A receiver calling `body`.
    @inlinable package init(_ body: @escaping (Value) -> Void) {
        self.body = body
    }

    @inlinable override package func deliver(_ value: Value) {
        body(value)
    }
}

// MARK: - What the hub holds: a pinned subscriber

/// A subscriber as a hot source (a pipe, a value cell) holds it: keeps the subscription
/// alive and pins its callbacks for as long as the source holds it, so that each value
/// reaches `next` with one plain load of the subscription's state instead of an atomic
/// read-modify-write on entering and another on leaving.
///
/// What keeps the subscription alive is `Owner`:
///
/// - `NoOwner` (`init(owning:)`): this object is the subscriber itself, and owns the
///   core. A subscription that starts the source's signal directly needs no subscriber
///   object (one allocation fewer per subscription), and `owner` takes no storage (an
///   empty struct): 24 bytes, where a field for an owner would take the object to the next
///   heap block.
/// - a face's subscriber class (`init(_:owner:)`): an operator handed its own subscriber
///   to the source's signal; that object owns the core, and this one holds it.
///
/// `owner` is a plain generic field, not an optional: the deinit of a generic class runs
/// unspecialized, and destroying an `Owner?` there instantiates `Optional<Owner>`'s
/// metadata on every release (about 300 instructions per subscription), where an `Owner`
/// is destroyed through the metadata the class already holds.
///
/// Either way, the subscription ends as when a subscriber goes away once the source lets
/// go of the pin, after the unpin.
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
package final class PinnedSubscriber<Value, Failure, Face: SubscriptionFace, Owner>: PipeHubReceiver<Value>, @unchecked Sendable {
    // Safety: immutable; the core is thread-safe (a pushing thread only loads its state).
    // `core` is unretained here and alive as long as this object: with an owner, the owner
    // owns a reference to it; without one (`Owner == NoOwner`), this object owns the
    // reference the caller retained, released last in `deinit`. Pinned by
    // PinnedSubscriberTests (testAnOwningPinGoneEndsTheSubscriptionAsItsSubscriberWould,
    // testAPinGoneBeforeTheEndLeavesTheCallbacksToTheEnd, testConcurrentPushesAndADisposal).
    /// The subscription, owned by this object or by `owner`.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Value, Failure, Face>>
    /// The face's subscriber object that owns `core` and ends the subscription when it goes
    /// away (after this object has unpinned); no storage when `Owner` is `NoOwner`.
    @usableFromInline let owner: Owner

    // Safety: `owner` must own `core` (callers pass a subscriber and its own core), or,
    // without one, `core` must come retained for this object (`init(owning:)`).
    /// Pins `core`'s callbacks until this object goes; `owner`, a face's subscriber object
    /// that this object holds, owns `core`.
    @inlinable
    package init(_ core: Unmanaged<SubscriptionCore<Value, Failure, Face>>, owner: Owner) {
        self.core = core
        self.owner = owner
        super.init()
        // Safety: alive while this object is (see `core`).
        core._withUnsafeGuaranteedRef { $0.pin() }
    }

    deinit {
        if signalsync_thread_sanitizer != 0 {
            // Safety: only this object's address, as the sanitizer's synchronization token.
            signalsync_tsan_acquire(Unmanaged.passUnretained(self).toOpaque())
        }
        // Safety: still alive: owned by this object, or by `owner`, released after this body.
        core._withUnsafeGuaranteedRef { $0.unpin() }
        if Owner.self == NoOwner.self {
            // Safety: takes over this object's reference (see `core`), its last use.
            core._withUnsafeGuaranteedRef { $0.subscriberReleasedItsReference() }
        }
    }

    /// Delivers `value` unless the subscription has ended: what a hub calls.
    @inlinable @inline(__always)
    override package func deliver(_ value: Value) {
        // Safety: a hub calls this on a receiver it keeps alive, which keeps `core` alive.
        core._withUnsafeGuaranteedRef { $0.putNextWhilePinned(value) }
        if signalsync_thread_sanitizer != 0 {
            // Safety: only this object's address, as the sanitizer's synchronization token.
            signalsync_tsan_release(Unmanaged.passUnretained(self).toOpaque())
        }
    }
}

extension PinnedSubscriber where Owner == NoOwner {
    // Safety: `core` must come retained for this object (`passRetained`).
    /// Pins `core`'s callbacks until this object goes, and is its subscriber: `core` is
    /// retained for this object (`Unmanaged.passRetained`), which releases it as a face's
    /// subscriber does when it goes away.
    @inlinable
    package convenience init(owning core: Unmanaged<SubscriptionCore<Value, Failure, Face>>) {
        self.init(core, owner: NoOwner())
    }
}

/// The `Owner` of a `PinnedSubscriber` that owns its subscription's core itself.
@usableFromInline @frozen
package struct NoOwner {
    /// The marker.
    @inlinable
    package init() {}
}

// MARK: - What a subscription holds: the hub

/// A hub as an object that reaches it holds it (a membership, a hot source's signal): one
/// strong reference, `anchor`, to what keeps the hub alive (the owner that holds the hub
/// for as long as it lives, a value cell's promise or variable; the hub itself when there
/// is no owner, a pipe's), and the hub unretained beside it. A holder that must keep the
/// owner alive anyway holds both in two words: no flag, and no retain and release of the
/// hub beside the owner's.
@usableFromInline
package struct PipeHubHold<Value> {
    // Safety: the hub is alive as long as this hold: `anchor` is the hub, or the owner that
    // holds it for as long as it lives. Pinned by PromiseTests.testSubscriptionRetainsPromiseAndSourceDoesNot,
    // SVariableTests.testLiveSubscriptionKeepsTheVariableAlive (owner) and
    // ValuePipeTests.testPipeIsNotRetainedAndReleasesSubscribersOnDeinit (the hub).
    /// The hub, kept alive by `anchor`.
    @usableFromInline let reference: Unmanaged<PipeHubEngine<Value>>
    /// The owner when there is one, else the hub.
    @usableFromInline let anchor: AnyObject

    /// Holds `hub`: through `owner` when set, which must hold `hub` for as long as it
    /// lives (and which this hold keeps alive); else the hub itself.
    @inlinable
    package init(_ hub: PipeHubEngine<Value>, keptAliveBy owner: AnyObject?) {
        reference = .passUnretained(hub)
        anchor = owner ?? hub
    }

    // Safety: compares addresses only (no reference is taken or given up).
    /// The owner that keeps the hub alive, nil when this hold retains the hub itself.
    @inlinable
    package var owner: AnyObject? {
        Unmanaged.passUnretained(anchor).toOpaque() == reference.toOpaque() ? nil : anchor
    }

    /// Calls `body` with the hub, without retaining it.
    @inlinable
    package func with<Result>(_ body: (PipeHubEngine<Value>) -> Result) -> Result {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef(body)
    }

    /// Removes the subscriber with `key` from the hub: how each of a subscription's
    /// memberships leaves it. (Through the hub's specialized function: a membership's
    /// `dispose()` runs unspecialized, reached through the disposable's protocol.)
    @inlinable
    package func remove(_ key: Int) {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef { $0.removeSpecialized($0, key) }
    }

    /// Pushes `value` to the hub's subscribers (`PipeHubEngine.push`).
    @inlinable @inline(__always)
    package func push(_ value: Value) {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef { $0.push(value) }
    }

    /// Subscribes these callbacks to the hub, their membership keeping this hold
    /// (`PipeHubEngine.subscribe(next:error:completed:holding:joined:)`).
    @inlinable @inline(__always)
    package func subscribe<Failure, Face: SubscriptionFace>(
        next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, joined: () -> Void = {}
    ) -> SubscriptionCore<Value, Failure, Face> {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef { $0.subscribe(next: next, error: error, completed: completed, holding: self, joined: joined) }
    }

    /// Subscribes `steps`, then these callbacks, to the hub, their membership keeping this
    /// hold (`PipeHubEngine.subscribe(steps:next:error:completed:holding:joined:)`).
    @inlinable @inline(__always)
    package func subscribe<Failure, Face: SubscriptionFace>(
        steps: StatelessStep<Value>, next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?,
        joined: () -> Void = {}
    ) -> SubscriptionCore<Value, Failure, Face> {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef {
            $0.subscribe(steps: steps, next: next, error: error, completed: completed, holding: self, joined: joined)
        }
    }

    /// Adds `receiver` to the hub and returns its membership, the disposable of its
    /// subscription, which keeps this hold until disposed; nil when the hub is closed.
    @inlinable @inline(__always)
    package func join(_ receiver: PipeHubReceiver<Value>) -> PipeHubMembership<Value>? {
        // Safety: the hub lives as long as this hold (see `reference`).
        guard let key = reference._withUnsafeGuaranteedRef({ $0.add(receiver) }) else { return nil }
        return PipeHubMembership(hub: self, key: key)
    }
}

// MARK: - The membership as a disposable of its own

/// One subscriber's place in a hub, as its subscription's disposable: disposing it removes
/// the subscriber (a second time, nothing).
///
/// It keeps the hub alive, so the faces need no weak reference to their pipe: a pipe
/// closes its hub when it goes away (`PipeHubEngine.close`), which releases the subscribers
/// and with them their subscriptions and memberships. When the subscription must keep an
/// owner alive (the promise or variable whose signal it subscribed to, which holds the
/// hub), it holds that owner instead of the hub (`PipeHubHold`); the subscription drops
/// its membership when disposed, which releases it.
///
/// `dispose()` is reached through the disposable's protocol, which calls the generic,
/// unspecialized method: it calls the hub's `removeSpecialized`.
@usableFromInline
package final class PipeHubMembership<Value>: UpstreamDisposable, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    /// The hub, and what the subscription keeps alive (the owner, which holds the hub for
    /// as long as it lives, or the hub itself).
    @usableFromInline let hub: PipeHubHold<Value>
    @usableFromInline let key: Int

    /// The membership of subscriber `key` of the hub `hub` holds.
    @inlinable
    init(hub: PipeHubHold<Value>, key: Int) {
        self.hub = hub
        self.key = key
    }

    /// Removes the subscriber from the hub.
    @usableFromInline
    package func dispose() {
        hub.remove(key)
    }
}

// MARK: - The membership as the start's closures

/// The callbacks of a subscription that starts a hub's signal itself (`start` on a pipe's,
/// promise's or variable's signal), which are also its place in the hub: one object where
/// a `PipeHubMembership` and separate callbacks would be two (one allocation fewer per
/// subscription).
///
/// The subscription holds it three times: as its callbacks (released once the subscription
/// has ended and nobody calls them), as the subscriber's disposable (dropped at the end)
/// and as the handle's (dropped when disposed, or when the subscriber goes: it is assigned
/// with `handleLetsGoAtTheEnd`, since disposing it after that would do nothing). So it goes
/// when the subscription has ended and its callbacks are free, as the callbacks did, and
/// releases its hold on the hub (the owner the subscription kept alive, or the hub), then
/// the closures, the order in which a separate membership and separate callbacks would go.
///
/// Made before the subscription joins the hub (the replay calls it back during the join):
/// `PipeHubEngine.join(_:as:joined:)` sets its key, before the subscription can reach
/// `dispose()`. A closed hub never sets it, and it is then not the subscription's
/// disposable.
@usableFromInline
package final class PipeHubMemberCallbacks<Value, Failure>: ClosureCallbacks<Value, Failure>, UpstreamDisposable, @unchecked Sendable {
    // Safety: `key` is written once, by the subscribing thread, before the subscription
    // takes this object as its disposable (under its lock); the other fields are
    // immutable; the hub locks.
    /// The hub, and what the subscription keeps alive (see `PipeHubMembership.hub`).
    @usableFromInline let hub: PipeHubHold<Value>
    // Safety: accesses never overlap: written once, by the join, before the subscription
    // takes this object as its disposable (under its lock), which orders the write before
    // every read (`dispose()`, on any thread). Pinned by SSignalPipeTests.testDisposalRemovesTheSubscriber and,
    // under ThreadSanitizer, PipeHubStressTests.testSubscribersDisposingFromInsideDeliveriesWhilePushesRace.
    /// The subscriber's key in the hub, once joined.
    @usableFromInline @exclusivity(unchecked) package var key = -1

    /// Callbacks that call these closures (a nil one ignores its event), for a subscriber
    /// of the hub `hub` holds.
    @inlinable
    package init(
        next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, hub: PipeHubHold<Value>
    ) {
        self.hub = hub
        super.init(next: next, error: error, completed: completed)
    }

    /// Removes the subscriber from the hub.
    @usableFromInline
    package func dispose() {
        hub.remove(key)
    }
}

extension PipeHubEngine {
    /// Subscribes these callbacks to this hub, as `start` on a hub's signal does in both
    /// APIs, and returns the subscription (also its handle): one `PipeHubMemberCallbacks`
    /// is both its callbacks and its membership, assigned with `handleLetsGoAtTheEnd`.
    /// `joined` runs after a join (the replay delivered), inside the generation scope;
    /// a closed hub sends nothing, and the subscription has nothing to dispose.
    @inlinable
    package func subscribe<Failure, Face: SubscriptionFace>(
        next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, holding hold: consuming PipeHubHold<Value>,
        joined: () -> Void = {}
    ) -> SubscriptionCore<Value, Failure, Face> {
        let member = PipeHubMemberCallbacks(next: next, error: error, completed: completed, hub: hold)
        return join(SubscriptionCore<Value, Failure, Face>(callbacks: member), as: member, joined: joined)
    }

    /// Joins `state`, whose callbacks are `member`, to this hub with a pinned subscriber
    /// that owns it, runs `joined` after the join (the replay delivered) inside the
    /// generation scope, and makes `member` the subscription's disposable, assigned with
    /// `handleLetsGoAtTheEnd`; a closed hub sends nothing, and the subscription has
    /// nothing to dispose. Returns `state`. (Always inlined: called out of line, passing
    /// the two objects cost a retain and a release each per subscription.)
    @inlinable @inline(__always)
    package func join<Failure, Face: SubscriptionFace, Member: PipeHubMember>(
        _ state: SubscriptionCore<Value, Failure, Face>, as member: Member, joined: () -> Void
    ) -> SubscriptionCore<Value, Failure, Face> {
        let didJoin = GenerationScope.run(state) {
            // Safety: the retained reference is the pinned subscriber's, which releases it
            // when it goes (`PinnedSubscriber.init(owning:)`). Pinned by
            // PinnedSubscriberTests.testAnOwningPinGoneEndsTheSubscriptionAsItsSubscriberWould.
            guard let key = add(PinnedSubscriber(owning: Unmanaged.passRetained(state))) else { return false }
            member.key = key
            joined()
            return true
        }
        if didJoin {
            state.assign(member, handleLetsGoAtTheEnd: true)
        }
        return state
    }
}

/// A subscription's place in a hub that is also its callbacks (`PipeHubMemberCallbacks`,
/// a `Stage` with a `PipeHubMemberTail`): the hub gives it its key when it joins.
@usableFromInline
package protocol PipeHubMember: UpstreamDisposable {
    /// The subscriber's key in the hub, written once by the join, before the member
    /// becomes the subscription's disposable.
    var key: Int { get set }
}

extension PipeHubMemberCallbacks: PipeHubMember {}

// MARK: - The membership as a stage's tail

/// A stage's tail for a subscription that starts a stage directly over a hub's signal
/// (`pipe.signal() |> map |> filter`, started): the stage is also the subscription's place
/// in the hub, the head runs inside the hub's delivery to this subscription, and what
/// comes out goes to the closures given to `start`. The stage would otherwise be a
/// subscription of its own to the hub, with a subscriber object, a core and its callbacks
/// (Benchmarks/PERFORMANCE.md, "What a live subscription holds").
///
/// Nothing a step or the closures can see changes: each value runs through the head on the
/// thread that pushed it, a value pushed back into the hub runs through all of it before
/// the push returns, and a step that disposes the subscription (or has it disposed) stops
/// the later steps and `next`, as the disposal would have ended the stage's subscription
/// and the one after it. A hub sends no error and no completion; the closures given for
/// them are kept, and called, as a subscription's are.
///
/// The stage is held as `PipeHubMemberCallbacks` is (the subscription's callbacks, its
/// subscriber's disposable and its handle's); it releases the head, then its hold on the
/// hub, then the closures: the order in which the stage's callbacks, its membership and
/// the start's callbacks go when the stage is a subscription of its own.
@usableFromInline
package struct PipeHubMemberTail<Value, Failure, Face: SubscriptionFace>: PipeHubMembershipTail {
    /// The hub, and what the subscription keeps alive (see `PipeHubMembership.hub`).
    @usableFromInline let hub: PipeHubHold<Value>
    /// The closures given to `start`, called as a start's own subscription calls them.
    @usableFromInline let closures: ClosuresTail<Value, Value, Failure, Face>

    /// Calls these closures (a nil one ignores its event), for a subscriber of the hub
    /// `hub` holds.
    @inlinable
    init(next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, hub: PipeHubHold<Value>) {
        self.hub = hub
        closures = ClosuresTail(next: next, error: error, completed: completed)
    }

    @inlinable
    package static var unlinked: PipeHubLink<Value, Failure, Face> { PipeHubLink() }

    @inlinable
    package func hasEnded(_ link: PipeHubLink<Value, Failure, Face>) -> Bool {
        closures.hasEnded(link.core)
    }

    @inlinable @inline(__always)
    package func putNext(_ value: Value, _ link: PipeHubLink<Value, Failure, Face>) {
        closures.putNext(value, link.core)
    }

    @inlinable
    package func putError(_ failure: Failure, _ link: PipeHubLink<Value, Failure, Face>) {
        closures.putError(failure, link.core)
    }

    @inlinable
    package func putCompletion(_ link: PipeHubLink<Value, Failure, Face>) {
        closures.putCompletion(link.core)
    }

    /// Removes the subscriber with `key` from the hub.
    @inlinable
    package func leave(_ key: Int) {
        hub.remove(key)
    }
}

/// What a hub member stage has set after it is made (`Stage.link`): its key in the hub and
/// the subscription it is the callbacks of.
@usableFromInline
package struct PipeHubLink<Value, Failure, Face: SubscriptionFace> {
    // Safety: both are written once, by the subscribing thread, before the subscription
    // joins the hub and takes the stage as its disposable (under its lock), which orders
    // the writes before every read. Pinned by FusedStagesOverHubTests, SFusedStagesTests
    // and, under ThreadSanitizer, their testValuesFromTwoThreadsAllRunThroughTheSteps.
    /// The subscriber's key in the hub, once joined.
    @usableFromInline package var key = -1
    /// The subscription whose callbacks the stage is, set before it joins the hub (see
    /// `ClosuresTail.Link`).
    @usableFromInline package var core: ClosuresTail<Value, Value, Failure, Face>.Link = nil

    @inlinable
    init() {}
}

/// A tail that makes its stage a hub member: `PipeHubMemberTail`, the only one (a protocol
/// only so that `Stage` can be extended for that tail, whatever its generic arguments).
@usableFromInline
package protocol PipeHubMembershipTail: StageTail where Link == PipeHubLink<Value, Failure, Face> {
    /// The face of the subscription whose callbacks the stage is.
    associatedtype Face: SubscriptionFace
    /// Removes the subscriber with `key` from the hub.
    func leave(_ key: Int)
}

extension Stage: UpstreamDisposable, PipeHubMember where Tail: PipeHubMembershipTail {
    /// The subscriber's key in the hub, written once by the join.
    @inlinable
    package var key: Int {
        get { link.key }
        set { link.key = newValue }
    }

    /// Removes the subscriber from the hub.
    @usableFromInline
    package func dispose() {
        tail.leave(link.key)
    }
}

extension PipeHubEngine {
    /// Subscribes `steps` then these closures to this hub, as `start` on a fused stage of
    /// steps over a hub's signal does in both APIs, and returns the subscription (also its
    /// handle): one stage is its callbacks and its membership. The rest is
    /// `subscribe(next:error:completed:holding:joined:)`'s.
    @inlinable
    package func subscribe<Failure, Face: SubscriptionFace>(
        steps: StatelessStep<Value>, next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?,
        holding hold: consuming PipeHubHold<Value>, joined: () -> Void = {}
    ) -> SubscriptionCore<Value, Failure, Face> {
        let member = Stage(
            StepsHead<Value, Failure>(steps),
            PipeHubMemberTail<Value, Failure, Face>(next: next, error: error, completed: completed, hub: hold))
        let state = SubscriptionCore<Value, Failure, Face>(callbacks: member)
        // Safety: the stage is the state's callbacks, which the state outlives (see
        // `PipeHubLink.core`).
        member.link.core = .passUnretained(state)
        return join(state, as: member, joined: joined)
    }
}
