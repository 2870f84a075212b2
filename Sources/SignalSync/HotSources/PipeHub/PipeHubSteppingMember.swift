/// The callbacks of a subscription that starts a fused stage of steps directly over a
/// hub's signal (`pipe.signal() |> map |> filter`, started), which are also its place in
/// the hub: the steps run inside the hub's delivery to this subscription, and what comes
/// out of the last goes to the closures given to `start`. The fused stage would otherwise
/// be a subscription of its own to the hub, with a subscriber object, a core and stepping
/// callbacks (Benchmarks/PERFORMANCE.md, "What a live subscription holds").
///
/// Nothing a step or the closures can see changes: each value runs through the steps on
/// the thread that pushed it, a value a step pushes back into the hub runs through all
/// of them before that step returns, and a step that disposes the subscription (or has it
/// disposed) stops the later steps and `next`, as the disposal would have ended the
/// stage's subscription and the one after it. A hub sends no error and no completion; the
/// closures given for them are kept, and called, as a subscription's are.
///
/// Held as `PipeHubMemberCallbacks` is (the subscription's callbacks, its subscriber's
/// disposable and its handle's); releases the steps (the first step first), then its hold
/// on the hub, then the closures: the order in which the stage's callbacks, its
/// membership and the start's callbacks go when the stage is a subscription of its own.
@usableFromInline
package final class PipeHubSteppingMember<Value, Failure, Face: SubscriptionFace>: StageCallbacks<Value, Failure>,
    UpstreamDisposable, @unchecked Sendable
{
    // Safety: `key` and `core` are written once, by the subscribing thread, before the
    // subscription joins the hub and takes this object as its disposable (under its lock),
    // which orders the writes before every read; the other fields are immutable; the hub
    // locks. Pinned by FusedStagesOverHubTests, SFusedStagesTests and, under
    // ThreadSanitizer, their testValuesFromTwoThreadsAllRunThroughTheSteps.
    /// The first step; each holds the next.
    @usableFromInline let steps: StatelessStep<Value>
    /// The hub, and what the subscription keeps alive (see `PipeHubMembership.hub`).
    @usableFromInline let hub: PipeHubHold<Value>
    /// The subscriber's key in the hub, once joined.
    @usableFromInline @exclusivity(unchecked) package var key = -1
    // Safety: unretained: the subscription owns this object and releases it only once no
    // call reads it, and the steps run only inside the subscription's own delivery.
    /// The subscription whose callbacks this object is, set before it joins the hub.
    @usableFromInline @exclusivity(unchecked) package var core: Unmanaged<SubscriptionCore<Value, Failure, Face>>?
    @usableFromInline package let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?

    /// Callbacks that run each value through `steps`, then call these closures (a nil one
    /// ignores its event), for a subscriber of `hub`; `keepAlive`, when set, must hold
    /// `hub` for as long as it lives.
    @inlinable
    init(
        steps: StatelessStep<Value>, next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?,
        hub: PipeHubEngine<Value>, keepingAlive keepAlive: AnyObject?
    ) {
        self.steps = steps
        self.hub = PipeHubHold(hub, keptAliveBy: keepAlive)
        self.next = next
        self.error = error
        self.completed = completed
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this member.
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this member (`super.init`'s Safety note).
                let member = unsafeDowncast(callbacks, to: PipeHubSteppingMember.self)
                member.runStep(value, member.steps)
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: as for a value.
                    unsafeDowncast(callbacks, to: PipeHubSteppingMember.self).error?(failure.pointee)
                } else {
                    // Safety: as for a value.
                    unsafeDowncast(callbacks, to: PipeHubSteppingMember.self).completed?()
                }
            })
    }

    /// Removes the subscriber from the hub.
    @usableFromInline
    package func dispose() {
        hub.with { $0.removeSpecialized($0, key) }
    }
}

extension PipeHubSteppingMember: ClosureStepRunner {}

extension PipeHubEngine {
    /// Subscribes `steps` then these closures to this hub, as `start` on a fused stage of
    /// steps over a hub's signal does in both APIs, and returns the subscription (also its
    /// handle): one `PipeHubSteppingMember` is its callbacks and its membership. The rest
    /// is `subscribe(next:error:completed:keepingAlive:joined:)`'s.
    @inlinable
    package func subscribe<Failure, Face: SubscriptionFace>(
        steps: StatelessStep<Value>, next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?,
        keepingAlive owner: AnyObject?, joined: () -> Void = {}
    ) -> SubscriptionCore<Value, Failure, Face> {
        let member = PipeHubSteppingMember<Value, Failure, Face>(
            steps: steps, next: next, error: error, completed: completed, hub: self, keepingAlive: owner)
        let state = SubscriptionCore<Value, Failure, Face>(callbacks: member)
        // Safety: the member is the state's callbacks, which the state outlives (see
        // `PipeHubSteppingMember.core`).
        member.core = .passUnretained(state)
        return join(state, as: member, joined: joined)
    }
}
