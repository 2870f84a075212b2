import SignalSync

/// The signal of a hot source (`SPipe`, `SVariable`): starting it joins the source's hub,
/// and the subscription's handle leaves it.
///
/// One object per signal, the hub and owner in fields instead of a closure's captures; the
/// subscription's disposable is its hub membership, which keeps the hub alive (no weak
/// reference to load). The signal and each of its subscriptions keep `owner` alive (a
/// variable), which holds the hub (`PipeHubHold`). A pipe's signal has no owner: it is the
/// pipe's state, which retains the hub, held by the pipe, its
/// sink and whoever holds the signal, and closes the hub when it goes away, which releases
/// the subscribers (their subscriptions hold the hub, not the signal).
///
/// `start` joins the hub with a `PinnedSubscriber` that is the subscription's subscriber
/// (`joinsHub`), without an `SSubscriber` object; an operator that runs this signal with
/// its own subscriber gets the same, through that subscriber.
@usableFromInline
final class HubSSignal: SSignal, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    /// The hub, kept alive by `owner` when that is set.
    @usableFromInline let hub: PipeHubHold<Any?>
    @usableFromInline let owner: AnyObject?
    let closesHub: Bool

    /// The signal of `hub`'s subscribers, keeping `owner` alive (which, when set, holds
    /// `hub` for as long as it lives); with `closesHub`, closes the hub when it goes away.
    init(_ hub: PipeHubEngine<Any?>, owner: AnyObject?, closesHub: Bool) {
        self.hub = PipeHubHold(hub, keptAliveBy: owner)
        self.owner = owner
        self.closesHub = closesHub
        super.init(
            runner: { signal, subscriber in
                unsafeDowncast(signal, to: HubSSignal.self).join(PinnedSubscriber(subscriber.core, owner: subscriber))
            }, joinsHub: true)
    }

    deinit {
        if closesHub {
            hub.with { $0.close() }
        }
    }

    /// Pushes `value` to the hub's subscribers. (A method, so that the hub is reached
    /// through a `let` of a live object: from outside, `signal.hub.push` retained and
    /// released the hub at each push, on the cache line that pushes from other threads
    /// write.)
    func push(_ value: Any?) {
        hub.with { $0.push(value) }
    }

    /// The values waiting in the hub's pending slots, for the stress tests.
    var pendingCount: Int {
        hub.with { $0.pendingCount }
    }

    /// Subscribes these callbacks: what `start` does. Their object is also the
    /// subscription's membership in the hub (`PipeHubMemberCallbacks`).
    @inlinable
    func subscribe(next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) -> SSubscriptionState {
        let member = hub.with { PipeHubMemberCallbacks(next: next, error: error, completed: completed, hub: $0, keepingAlive: owner) }
        let state = SSubscriptionState(callbacks: member)
        state.assign(GenerationScope.run(state) { join(state, as: member) }, handleLetsGoAtTheEnd: true)
        return state
    }

    /// Adds the subscriber of `state`, whose callbacks are `member`, to the hub and returns
    /// `member` as its membership; nil when the hub is closed.
    @inlinable
    func join(_ state: SSubscriptionState, as member: PipeHubMemberCallbacks<Any?, Any?>) -> SDisposable? {
        hub.with { $0.join(PinnedSubscriber(owning: Unmanaged.passRetained(state)), as: member) } ? member : nil
    }

    /// Adds the subscriber of `state` to the hub: what `start` does.
    @inlinable
    func join(_ state: SSubscriptionState) -> SDisposable? {
        join(PinnedSubscriber(owning: Unmanaged.passRetained(state)))
    }

    /// Adds `receiver` to the hub (it receives the replay, if any, now) and returns its
    /// membership; nil when the hub is closed.
    @inlinable
    func join(_ receiver: PinnedSubscriber<Any?, Any?, SSignalKitRules>) -> SDisposable? {
        hub.with { $0.join(receiver, keepingAlive: owner) }
    }
}

extension PipeHubMembership: SDisposable {}

extension PipeHubMemberCallbacks: SDisposable {}
