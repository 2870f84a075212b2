/// A stage's tail that sends everything to a downstream subscription: what
/// `downstream.putNext`, `putError` and `putCompletion` would do.
@usableFromInline
package struct SubscriptionTail<Value, Failure, Face: SubscriptionFace>: StageTail {
    /// The downstream subscriber (of either API), kept alive as closures capturing it would.
    @usableFromInline let downstream: AnyObject
    // Safety: unretained: `downstream`, which this tail holds, owns a reference to it, so
    // it lives as long as the stage. Pinned by
    // StageTests.testTheHeadIsReleasedBeforeTheDownstreamSubscriber.
    /// The downstream subscriber's subscription, which `downstream` keeps alive.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Value, Failure, Face>>

    // Safety: `core` must be owned by `downstream` (callers pass a subscriber and its own
    // core); see `core`.
    /// Sends to `core`, the subscription of `downstream`.
    @inlinable
    package init(_ downstream: AnyObject, _ core: Unmanaged<SubscriptionCore<Value, Failure, Face>>) {
        self.downstream = downstream
        self.core = core
    }

    @inlinable
    package func hasEnded(_ link: Unlinked) -> Bool {
        // Safety: the stage, alive while it runs, keeps `core` alive (see `core`).
        core._withUnsafeGuaranteedRef { $0.hasEnded }
    }

    @inlinable @inline(__always)
    package func putNext(_ value: Value, _ link: Unlinked) {
        // Safety: as in `hasEnded`.
        core._withUnsafeGuaranteedRef { $0.putNext(value) }
    }

    @inlinable
    package func putError(_ failure: Failure, _ link: Unlinked) {
        // Safety: as in `hasEnded`.
        core._withUnsafeGuaranteedRef { $0.putError(failure) }
    }

    @inlinable
    package func putCompletion(_ link: Unlinked) {
        // Safety: as in `hasEnded`.
        core._withUnsafeGuaranteedRef { $0.putCompletion() }
    }
}

/// A stage's tail that hands everything to another stage's callbacks (the callbacks a
/// subscription of the next stage's signal would have called), so that two stages take
/// one subscription. It is called only from the stage's own subscription, which already
/// lets no event through after its end: it never reports an end of its own.
@usableFromInline
package struct CallbacksTail<Value, Failure>: StageTail {
    @usableFromInline let downstreamCallbacks: StageCallbacks<Value, Failure>

    /// Hands each event to `downstreamCallbacks`.
    @inlinable
    package init(_ downstreamCallbacks: StageCallbacks<Value, Failure>) {
        self.downstreamCallbacks = downstreamCallbacks
    }

    @inlinable
    package func hasEnded(_ link: Unlinked) -> Bool { false }

    @inlinable @inline(__always)
    package func putNext(_ value: Value, _ link: Unlinked) {
        downstreamCallbacks.deliverNext(value, isStage: true)
    }

    @inlinable
    package func putError(_ failure: Failure, _ link: Unlinked) {
        downstreamCallbacks.deliverError(failure, isStage: true)
    }

    @inlinable
    package func putCompletion(_ link: Unlinked) {
        downstreamCallbacks.deliverCompletion(isStage: true)
    }
}

/// A stage's tail that calls the closures given to `start` (a nil one ignores its event),
/// when the stage runs in the start's own subscription (a started `map`, or fused steps):
/// the upstream's generator is handed the start's subscriber (three objects fewer per
/// subscription than a stage with a subscription of its own: its subscription, its
/// subscriber and its callbacks).
///
/// What the stage sees, the thread it runs on, and when a disposal stops it are those of a
/// stage with a subscription of its own: a head that ends the subscription keeps its
/// value from `next`. `Input` is the values the stage takes (its subscription's).
@usableFromInline
package struct ClosuresTail<Input, Value, Failure, Face: SubscriptionFace>: StageTail {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?

    /// Calls these closures.
    @inlinable
    package init(next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
    }

    // Safety: unretained: the subscription owns the stage and releases it only once no
    // call reads it, and the tail runs only inside the subscription's own delivery.
    // Pinned by FusedStagesTests and MapClosureStartTests.
    /// The subscription whose callbacks the stage is, set before its generator runs.
    @usableFromInline
    package typealias Link = Unmanaged<SubscriptionCore<Input, Failure, Face>>?

    @inlinable
    package static var unlinked: Link { nil }

    @inlinable
    package func hasEnded(_ link: Link) -> Bool {
        // Safety: called from the subscription's delivery, which keeps it alive (see
        // `Link`), and the link is set before the generator runs.
        link.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.hasEnded }
    }

    @inlinable @inline(__always)
    package func putNext(_ value: Value, _ link: Link) {
        if !hasEnded(link) {
            next?(value)
        }
    }

    @inlinable
    package func putError(_ failure: Failure, _ link: Link) {
        error?(failure)
    }

    @inlinable
    package func putCompletion(_ link: Link) {
        completed?()
    }
}

extension SubscriptionCore {
    /// A subscription that has not started, whose values go through `head` before `next`:
    /// the stage runs in this subscription, not one of its own (`ClosuresTail`). A terminal
    /// event disposes the generator's disposable twice, once through the subscriber's
    /// reference and once through the handle's, as the stage's own handle did
    /// (`terminationDisposesTwice`).
    ///
    /// Releases the head, then the closures, whichever way the subscription ends: the order
    /// of a disposed chain of separate stages. (When a chain of separate stages ends with
    /// an error or completion, its downstream subscription releases the closures first, and
    /// the stage's function goes after the upstream's disposable is disposed; the originals
    /// release a stage's function before the terminal callback runs. No order between the
    /// two is promised there: Divergences.md.)
    @inlinable
    package static func calling<Head: StageHead, Output>(
        next: ((Output) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, after head: Head
    ) -> SubscriptionCore where Head.Value == Value, Head.Failure == Failure, Head.Output == Output, Head.OutputFailure == Failure {
        let stage = Stage(head, ClosuresTail<Value, Output, Failure, Face>(next: next, error: error, completed: completed))
        let core = SubscriptionCore(callbacks: stage)
        // Not yet shared: under no lock.
        core.rare.insert(.terminationDisposesTwice)
        // Safety: the stage is the core's callbacks, which the core outlives (see
        // `ClosuresTail.Link`).
        stage.link = .passUnretained(core)
        return core
    }
}
