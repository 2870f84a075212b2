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
/// `PipeHubEngine.join(_:as:)` sets its key, before the subscription can reach
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
        hub.with { $0.removeSpecialized($0, key) }
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
            guard join(PinnedSubscriber(owning: Unmanaged.passRetained(state)), as: member) else { return false }
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
