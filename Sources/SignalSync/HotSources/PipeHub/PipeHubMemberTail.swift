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
        hub.with { $0.removeSpecialized($0, key) }
    }
}

/// What a hub member stage has set after it is made (`Stage.link`): its key in the hub and
/// the subscription it is the callbacks of.
@usableFromInline
package struct PipeHubLink<Value, Failure, Face: SubscriptionFace>: PipeHubKeyed {
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

/// A link that holds a hub key (`PipeHubLink`).
@usableFromInline
package protocol PipeHubKeyed {
    /// The subscriber's key in the hub, once joined.
    var key: Int { get set }
}

/// A tail that makes its stage a hub member (`PipeHubMemberTail`).
@usableFromInline
package protocol PipeHubMembershipTail: StageTail where Link: PipeHubKeyed {
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
