/// The callbacks of a `start` on fused `map`/`filter` steps (both APIs' fused stages): each
/// value runs through the steps, then the closures given to `start` take what comes out.
/// The steps run in the start's own subscription instead of one of their own: the
/// upstream's generator is handed the start's subscriber (three objects fewer per
/// subscription: the stage's subscription, its subscriber and its callbacks).
///
/// What each step sees, the thread it runs on, and when a disposal stops the later steps
/// and `next` are those of a stage with a subscription of its own (`SteppingCallbacks`).
/// Releases the steps (the first step first), then the closures, whichever way the
/// subscription ends: the order of a disposed chain of separate stages. (When a chain of
/// separate stages ends with an error or completion, its downstream subscription releases
/// the closures first, and the steps go after the upstream's disposable is disposed; the
/// originals release a stage's function before the terminal callback runs. No order
/// between a step and the closures is promised there: Divergences.md.)
@usableFromInline
package final class SteppingClosureCallbacks<Value, Failure, Face: SubscriptionFace>: StageCallbacks<Value, Failure>,
    @unchecked Sendable
{
    // Safety: `core` is written once, before the subscription's generator runs (which
    // publishes the subscription to other threads); the other fields are immutable.
    // Pinned by FusedStagesTests, SFusedStagesTests and, under ThreadSanitizer, their
    // testValuesFromTwoThreadsAllRunThroughTheSteps.
    /// The first step; each holds the next.
    @usableFromInline let steps: StatelessStep<Value>
    // Safety: unretained: the subscription owns this object and releases it only once no
    // call reads it, and the steps run only inside the subscription's own delivery.
    /// The subscription whose callbacks this object is, set before its generator runs.
    @usableFromInline @exclusivity(unchecked) package var core: Unmanaged<SubscriptionCore<Value, Failure, Face>>?
    @usableFromInline package let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?

    /// Callbacks that run each value through `steps`, then call these closures (a nil one
    /// ignores its event).
    @inlinable
    init(steps: StatelessStep<Value>, next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        self.steps = steps
        self.next = next
        self.error = error
        self.completed = completed
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this object.
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this object (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: SteppingClosureCallbacks.self)
                stage.runStep(value, stage.steps)
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: as for a value.
                    unsafeDowncast(callbacks, to: SteppingClosureCallbacks.self).error?(failure.pointee)
                } else {
                    // Safety: as for a value.
                    unsafeDowncast(callbacks, to: SteppingClosureCallbacks.self).completed?()
                }
            })
    }
}

extension SteppingClosureCallbacks: ClosureStepRunner {}

/// Callbacks that run each value through steps, then call the closures given to `start`,
/// in the start's own subscription (`SteppingClosureCallbacks`, `PipeHubSteppingMember`):
/// what happens after the last step.
@usableFromInline
package protocol ClosureStepRunner: StepRunner {
    /// The subscription's errors.
    associatedtype Failure
    /// The subscription's rules.
    associatedtype Face: SubscriptionFace

    // Safety: unretained: the subscription owns the conforming object and releases it
    // only once no call reads it. Pinned by FusedStagesTests and FusedStagesOverHubTests.
    /// The subscription whose callbacks this object is, set before any value can come.
    var core: Unmanaged<SubscriptionCore<Value, Failure, Face>>? { get }
    /// The closure given to `start` for values (nil ignores them).
    var next: ((Value) -> Void)? { get }
}

extension ClosureStepRunner {
    /// True once the subscription has ended: the later steps, and `next`, do not run.
    @inlinable
    package var stepsHaveEnded: Bool {
        // Safety: called from the subscription's delivery, which keeps it alive (the
        // subscription releases its callbacks only once no call reads them), and `core` is
        // set before any value can come (see the conforming classes' `core`).
        core.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.hasEnded }
    }

    /// Calls `next` with what the last step let through, unless the subscription has
    /// ended meanwhile.
    @inlinable @inline(__always)
    package func deliverAfterSteps(_ value: Value) {
        if !stepsHaveEnded {
            next?(value)
        }
    }
}

/// The callbacks of a `start` on a typed `map`: each value goes through `transform`, then
/// to `next`; the terminal events go to their closures. The map runs in the start's own
/// subscription, as `SteppingClosureCallbacks`' steps do (the same three objects fewer),
/// and stops as a stage of its own would: a `transform` that ends the subscription keeps
/// its value from `next`. Releases `transform`, then the closures.
@usableFromInline
package final class MappingClosureCallbacks<Value, Output, Failure, Face: SubscriptionFace>: StageCallbacks<Value, Failure>,
    @unchecked Sendable
{
    // Safety: as in `SteppingClosureCallbacks`. Pinned by MapClosureStartTests.
    @usableFromInline let transform: (Value) -> Output
    // Safety: as in `SteppingClosureCallbacks.core`.
    /// The subscription whose callbacks this object is, set before its generator runs.
    @usableFromInline @exclusivity(unchecked) var core: Unmanaged<SubscriptionCore<Value, Failure, Face>>?
    @usableFromInline let next: ((Output) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?

    /// Callbacks that call `next` with `transform(value)`, and the terminal closures (a
    /// nil one ignores its event).
    @inlinable
    init(transform: @escaping (Value) -> Output, next: ((Output) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        self.transform = transform
        self.next = next
        self.error = error
        self.completed = completed
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this object.
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this object (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: MappingClosureCallbacks.self)
                let output = stage.transform(value)
                // Safety: called from the subscription's delivery, which keeps it alive
                // (see `core`), set before its generator runs.
                if !stage.core.unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.hasEnded }) {
                    stage.next?(output)
                }
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: as for a value.
                    unsafeDowncast(callbacks, to: MappingClosureCallbacks.self).error?(failure.pointee)
                } else {
                    // Safety: as for a value.
                    unsafeDowncast(callbacks, to: MappingClosureCallbacks.self).completed?()
                }
            })
    }
}

extension SubscriptionCore {
    /// A subscription that has not started, calling back `callbacks`, which run a stage
    /// that has a subscription of its own in the originals: a terminal event disposes the
    /// generator's disposable twice, once through the subscriber's reference and once
    /// through the handle's, as the stage's own handle did (`terminationDisposesTwice`).
    @inlinable
    convenience init(runningAStage callbacks: StageCallbacks<Value, Failure>) {
        self.init(callbacks: callbacks)
        // Not yet shared: under no lock.
        rare.insert(.terminationDisposesTwice)
    }

    /// A subscription that has not started, whose values run through `steps` before
    /// `next` (`SteppingClosureCallbacks`).
    @inlinable
    package static func calling(
        next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, after steps: StatelessStep<Value>
    ) -> SubscriptionCore {
        let callbacks = SteppingClosureCallbacks<Value, Failure, Face>(steps: steps, next: next, error: error, completed: completed)
        let core = SubscriptionCore(runningAStage: callbacks)
        // Safety: the callbacks are the core's, which the core outlives (see
        // `SteppingClosureCallbacks.core`).
        callbacks.core = .passUnretained(core)
        return core
    }

    /// A subscription that has not started, whose values go through `transform` before
    /// `next` (`MappingClosureCallbacks`).
    @inlinable
    package static func calling<Output>(
        next: ((Output) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?, after transform: @escaping (Value) -> Output
    ) -> SubscriptionCore {
        let callbacks = MappingClosureCallbacks<Value, Output, Failure, Face>(
            transform: transform, next: next, error: error, completed: completed)
        let core = SubscriptionCore(runningAStage: callbacks)
        // Safety: as for steps.
        callbacks.core = .passUnretained(core)
        return core
    }
}
