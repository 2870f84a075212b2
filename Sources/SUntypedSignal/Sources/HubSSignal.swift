import SignalSync

/// The signal of a hot source (`SPipe`, `SVariable`): starting it joins the source's hub,
/// and the subscription's handle leaves it.
///
/// One object per signal, the hub and owner in fields instead of a closure's captures; the
/// subscription's disposable is its hub membership, which holds the hub strongly (no weak
/// reference to load). The signal and each of its subscriptions keep `owner` alive (a
/// variable). A pipe's signal has no owner: it is the pipe's state, held by the pipe, its
/// sink and whoever holds the signal, and closes the hub when it goes away, which releases
/// the subscribers (their subscriptions hold the hub, not the signal).
///
/// `start` joins the hub with a `PinnedSubscriber` that is the subscription's subscriber
/// (`joinsHub`), without an `SSubscriber` object; an operator that runs this signal with
/// its own subscriber gets the same, through that subscriber.
@usableFromInline
final class HubSSignal: SSignal, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    @usableFromInline let hub: PipeHubEngine<Any?>
    @usableFromInline let owner: AnyObject?
    let closesHub: Bool

    /// The signal of `hub`'s subscribers, keeping `owner` alive; with `closesHub`, closes
    /// the hub when it goes away.
    init(_ hub: PipeHubEngine<Any?>, owner: AnyObject?, closesHub: Bool) {
        self.hub = hub
        self.owner = owner
        self.closesHub = closesHub
        super.init(
            runner: { signal, subscriber in
                unsafeDowncast(signal, to: HubSSignal.self).join(PinnedSubscriber(subscriber.core, owner: subscriber))
            }, joinsHub: true)
    }

    deinit {
        if closesHub {
            hub.close()
        }
    }

    /// Pushes `value` to the hub's subscribers. (A method, so that the hub is reached
    /// through a `let` of a live object: from outside, `signal.hub.push` retained and
    /// released the hub at each push, on the cache line that pushes from other threads
    /// write.)
    func push(_ value: Any?) {
        hub.push(value)
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
        hub.join(receiver, keepingAlive: owner)
    }
}

extension PipeHubMembership: SDisposable {}
