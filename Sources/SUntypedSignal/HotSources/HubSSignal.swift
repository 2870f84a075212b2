import SignalSync

/// The signal of a hot source (`SPipe`, `SVariable`): starting it joins the source's hub,
/// and the subscription's handle leaves it.
///
/// One object per signal, holding the hub as the typed `HubSignal` does (a `PipeHubHold`)
/// instead of in a closure's captures; the subscription's disposable is its hub
/// membership, which keeps the hub alive (no weak reference to load). The signal and each
/// of its subscriptions keep `owner` alive (a variable), which holds the hub. A pipe's
/// signal has no owner: it is the pipe's state (`PipeSSignal`), which retains the hub and
/// closes it when it goes away.
///
/// `start` joins the hub with a `PinnedSubscriber` that is the subscription's subscriber
/// (stage `.hub`), without an `SSubscriber` object; an operator that runs this signal with
/// its own subscriber gets the same, through that subscriber.
@usableFromInline
class HubSSignal: SSignal, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    /// The hub, and its owner when set (which holds the hub for as long as it lives).
    @usableFromInline final let hub: PipeHubHold<Any?>
    /// What the signal and its subscriptions keep alive: the source that holds the hub
    /// (a variable), or nil for a pipe's signal, which retains the hub itself.
    @inlinable final var owner: AnyObject? { hub.owner }

    /// The signal of `hub`'s subscribers, keeping `owner` alive (which, when set, holds
    /// `hub` for as long as it lives).
    init(_ hub: PipeHubEngine<Any?>, owner: AnyObject?) {
        self.hub = PipeHubHold(hub, keptAliveBy: owner)
        super.init(
            runner: { signal, subscriber in
                // The pinned subscriber's owner is the subscriber whose core it is.
                (signal as! HubSSignal).join(PinnedSubscriber(subscriber.core, owner: subscriber))
            }, stage: .hub, origin: "")
    }

    #if DEBUG
        /// The source's name in a recorded start's chain: its owner's type (`SVariable`,
        /// ...), or `SPipe` for a pipe's signal, which has none.
        @usableFromInline
        var sourceName: String {
            owner.map { StartRecords.typeName(of: $0) } ?? "SPipe"
        }
    #endif

    /// Pushes `value` to the hub's subscribers. (A method, so that the hub is reached
    /// through a `let` of a live object: from outside, a push through the signal's hub
    /// retained and released the hub at each push, on the cache line that pushes from
    /// other threads write.)
    final func push(_ value: Any?) {
        hub.push(value)
    }

    /// The values waiting in the hub's pending slots, for the stress tests.
    final var pendingCount: Int {
        hub.with { $0.pendingCount }
    }

    /// Subscribes these callbacks: what `start` does. Their object is also the
    /// subscription's membership in the hub (`PipeHubMemberCallbacks`).
    @inlinable
    final func subscribe(next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) -> SSubscriptionState {
        hub.subscribe(next: next, error: error, completed: completed)
    }

    /// Subscribes `steps`, then these closures: what `start` on a fused stage of steps over
    /// this signal does. Their object is also the subscription's membership in the hub
    /// (a `Stage` with a `PipeHubMemberTail`).
    @inlinable
    final func subscribe(steps: StatelessStep<Any?>, next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?)
        -> SSubscriptionState
    {
        hub.subscribe(steps: steps, next: next, error: error, completed: completed)
    }

    /// Adds the subscriber of `state` to the hub: what `start` does.
    @inlinable
    final func join(_ state: SSubscriptionState) -> SDisposable? {
        // Safety: the retained reference is the pinned subscriber's, which releases it
        // when it goes (`PinnedSubscriber.init(owning:)`). Pinned by
        // SSignalPipeTests.testAMapAndAFilterOverThePipesSignalJoinItsHub.
        join(PinnedSubscriber(owning: Unmanaged.passRetained(state)))
    }

    /// Adds `receiver` to the hub (it receives the replay, if any, now) and returns its
    /// membership; nil when the hub is closed.
    @inlinable
    final func join(_ receiver: PipeHubReceiver<Any?>) -> SDisposable? {
        hub.join(receiver)
    }
}

/// A pipe's signal, which is also its state (`SPipe`): held by the pipe, its sink and
/// whoever holds the signal, it retains the hub and closes it when it goes away, which
/// releases the subscribers (their subscriptions hold the hub, not the signal).
final class PipeSSignal: HubSSignal, @unchecked Sendable {
    // Safety: no state beyond `HubSSignal`'s (immutable; the hub locks). Pinned by
    // SSignalPipeTests.testConcurrentPushesAllArrive.
    /// A pipe's signal of a new hub, with or without replay.
    init(replay: Bool) {
        super.init(PipeHubEngine(replay ? .empty : .silent, reentrancy: .queued), owner: nil)
    }

    deinit {
        hub.with { $0.close() }
    }
}

extension PipeHubMembership: SDisposable {}

extension PipeHubMemberCallbacks: SDisposable {}
