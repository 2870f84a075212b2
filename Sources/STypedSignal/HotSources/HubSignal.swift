import SignalSync

/// The signal of a hot source (`ValuePipe.signal()`, `ValuePromise.get()`,
/// `Promise.get()`): starting it joins the source's hub, and the subscription's handle
/// leaves it.
///
/// One object per signal, the hub and owner in fields instead of a closure's captures; the
/// subscription's disposable is its hub membership, which keeps the hub alive (no weak
/// reference to the source to load) and holds `owner` alive while the subscription lives.
/// The signal holds `owner` too: a promise's signal keeps the promise alive, as its
/// subscriptions do, and the promise holds the hub (`PipeHubHold`); a pipe's signal has no
/// owner and retains the hub (the pipe closes its hub when it goes away, which releases
/// its subscribers and refuses later ones).
///
/// `start` joins the hub with a `PinnedSubscriber` that is the subscription's subscriber
/// (stage `.hub`), without a `Subscriber` object; an operator that runs this signal with
/// its own subscriber gets the same, through that subscriber.
///
/// Generic over `E` only so that `Signal.start` reaches it from its own generic context:
/// the sources make it with `NoError`.
@usableFromInline
final class HubSignal<T, E>: Signal<T, E>, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    /// The hub, and its owner when set (which holds the hub for as long as it lives).
    @usableFromInline let hub: PipeHubHold<T>
    /// What the signal and its subscriptions keep alive: the source that holds the hub
    /// (a promise), or nil for a pipe's signal, which retains the hub itself.
    @inlinable var owner: AnyObject? { hub.owner }
    /// Called with `owner` each time a subscriber has joined and received its replay
    /// (`Promise` starts its deferred source on the first): a function without a context,
    /// made where the owner's type is known, so that it runs specialized.
    @usableFromInline let joined: ((AnyObject) -> Void)?

    /// The signal of `hub`'s subscribers, keeping `owner` alive (which, when set, holds
    /// `hub` for as long as it lives).
    @inlinable
    init(_ hub: PipeHubEngine<T>, owner: AnyObject?, joined: ((AnyObject) -> Void)? = nil) {
        self.hub = PipeHubHold(hub, keptAliveBy: owner)
        self.joined = joined
        super.init(
            runner: { signal, subscriber in
                // The pinned subscriber's owner is the subscriber whose core it is.
                (signal as! HubSignal).join(PinnedSubscriber(subscriber.core, owner: subscriber))
            }, stage: .hub, origin: "")
    }

    /// Subscribes these callbacks: what `start` does. Their object is also the
    /// subscription's membership in the hub (`PipeHubMemberCallbacks`).
    @inlinable
    func subscribe(next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) -> SubscriptionState<T, E> {
        hub.subscribe(next: next, error: error, completed: completed) {
            if let joined, let owner {
                joined(owner)
            }
        }
    }

    /// Subscribes `steps`, then these closures: what `start` on a fused stage of steps
    /// over this signal does. Their object is also the subscription's membership in the
    /// hub (a `Stage` with a `PipeHubMemberTail`).
    @inlinable
    func subscribe(steps: StatelessStep<T>, next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) -> SubscriptionState<T, E> {
        hub.subscribe(steps: steps, next: next, error: error, completed: completed) {
            if let joined, let owner {
                joined(owner)
            }
        }
    }

    #if DEBUG
        /// The source's name in a recorded start's chain: its owner's type (`Promise`,
        /// `ValuePromise`, ...), or `ValuePipe` for a pipe's signal, which has none.
        @usableFromInline
        var sourceName: String {
            owner.map { StartRecords.typeName(of: $0) } ?? "ValuePipe"
        }
    #endif

    /// Adds the subscriber of `state` to the hub: what `start` does.
    @inlinable
    func join(_ state: SubscriptionState<T, E>) -> Disposable {
        // Safety: the retained reference is the pinned subscriber's, which releases it
        // when it goes (`PinnedSubscriber.init(owning:)`). Pinned by
        // PinnedSubscriberTests.testAnOwningPinGoneEndsTheSubscriptionAsItsSubscriberWould.
        join(PinnedSubscriber(owning: Unmanaged.passRetained(state)))
    }

    /// Adds `receiver` to the hub (it receives the replay, if any, now) and returns its
    /// membership; a closed hub (its pipe is gone) sends nothing and returns nothing to
    /// dispose.
    @inlinable
    func join(_ receiver: PipeHubReceiver<T>) -> Disposable {
        guard let membership = hub.join(receiver) else {
            return EmptyDisposable
        }
        if let joined, let owner {
            joined(owner)
        }
        return membership
    }
}

extension PipeHubMembership: Disposable {}

extension PipeHubMemberCallbacks: Disposable {}

extension Signal {
    /// This signal as the hot source's signal it is, where a start plan says `joinHub`
    /// (`SignalStage.plan(for:)`): the one conversion to `HubSignal`. Records the stage
    /// in a debug build's start chain, as a start of the signal would.
    @inlinable @inline(__always)
    final var joinedHub: HubSignal<T, E> {
        #if DEBUG
            StartRecords.stage(stageName)
        #endif
        // Safety: only `HubSignal`'s initializer stores the stage `.hub`, the only stage
        // whose plans say `joinHub` (a checked cast here would be a run-time call per
        // start); `unsafeDowncast` checks it in debug builds. Pinned by SignalStageTests,
        // ValuePipeTests and ValuePromiseTests.
        return unsafeDowncast(self, to: HubSignal<T, E>.self)
    }
}
