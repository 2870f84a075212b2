/// One step of a run of stateless stages fused into one subscription, a `map` or a
/// `filter`, and the steps after it: an immutable list, shared by every subscription of
/// the fused stage.
///
/// A class with constant fields rather than an array of enum cases: a function in a
/// constant field of an object that is alive is called borrowed, where one copied out of
/// an array or an enum case is retained and released around each call (an atomic pair
/// per step and value when it captures anything). Both functions are set; the one a step
/// does not use does nothing.
@usableFromInline
package final class StatelessStep<Value> {
    /// True for a `filter`: `isIncluded` decides; false for a `map`: `transform` does.
    @usableFromInline let isFilter: Bool
    /// A map's transform: the value becomes `transform(value)`.
    @usableFromInline let transform: (Value) -> Value
    /// A filter's test: the value goes on only when `isIncluded(value)` is true.
    @usableFromInline let isIncluded: (Value) -> Bool
    /// The step after this one.
    @usableFromInline let next: StatelessStep?

    @inlinable
    init(isFilter: Bool, transform: @escaping (Value) -> Value, isIncluded: @escaping (Value) -> Bool, next: StatelessStep?) {
        self.isFilter = isFilter
        self.transform = transform
        self.isIncluded = isIncluded
        self.next = next
    }

    /// A `map` step, followed by `next`.
    @inlinable
    package convenience init(map transform: @escaping (Value) -> Value, next: StatelessStep? = nil) {
        self.init(isFilter: false, transform: transform, isIncluded: { _ in true }, next: next)
    }

    /// A `filter` step, followed by `next`.
    @inlinable
    package convenience init(filter isIncluded: @escaping (Value) -> Bool, next: StatelessStep? = nil) {
        self.init(isFilter: true, transform: { $0 }, isIncluded: isIncluded, next: next)
    }

    /// These steps, then `last` (a step alone): copies of these steps, the last of them
    /// followed by `last`.
    @inlinable
    package func appending(_ last: StatelessStep) -> StatelessStep {
        StatelessStep(isFilter: isFilter, transform: transform, isIncluded: isIncluded, next: next?.appending(last) ?? last)
    }

    /// The steps' names from this one on (`map`, `filter`), for a recorded start's chain.
    package var names: [String] {
        [isFilter ? "filter" : "map"] + (next?.names ?? [])
    }

    /// The number of steps from this one on.
    @inlinable
    package var count: Int {
        var count = 1
        var step = self
        while let following = step.next {
            count += 1
            step = following
        }
        return count
    }
}

/// What runs values through a list of steps (`run(_:from:)`): tells whether the
/// subscription the steps feed has ended, and takes what comes out of the last step.
@usableFromInline
package protocol StepRunner: AnyObject {
    /// The steps' values.
    associatedtype Value

    /// True once the subscription the steps feed has ended: the later steps do not run.
    var stepsHaveEnded: Bool { get }

    /// Takes what the last step let through.
    func deliverAfterSteps(_ value: Value)
}

extension StepRunner {
    /// Runs `value` through `step` and the steps after it.
    @inlinable
    package func run(_ value: Value, from step: StatelessStep<Value>) {
        runStep(value, step)
    }

    /// `run`'s body: inlined where a value enters the first step (most stages have one
    /// step), called through `run` for the steps after it.
    @inlinable @inline(__always)
    package func runStep(_ value: Value, _ step: StatelessStep<Value>) {
        if step.isFilter {
            guard step.isIncluded(value) else { return }
            if step.next == nil {
                deliverAfterSteps(value)
            } else {
                runNext(value, after: step)
            }
        } else {
            let mapped = step.transform(value)
            if step.next == nil {
                deliverAfterSteps(mapped)
            } else {
                runNext(mapped, after: step)
            }
        }
    }

    /// Runs what `step` let through the step after it, unless the subscription the steps
    /// feed has ended meanwhile.
    @inlinable
    package func runNext(_ value: Value, after step: StatelessStep<Value>) {
        if stepsHaveEnded {
            return
        }
        // Only called for a step whose `next` is set (`runStep` checks).
        run(value, from: step.next!)
    }
}

/// The callbacks of a stage of steps (a typed `filter`; untyped consecutive `map`s and
/// `filter`s fused into one stage): each value runs through the steps in order, and what
/// comes out is sent to a downstream subscription. Errors and completion go straight
/// there.
///
/// With several steps, what the stages' own subscriptions would have done, one inside the
/// other, without entering a subscription between two steps:
/// - a step runs only while the downstream subscription has not ended: one that disposes
///   it (or has it disposed) stops the later steps, as the disposal would have ended every
///   subscription between the stages;
/// - the steps run on the thread that sent the value, a value that a step sends back into
///   the upstream runs through all the steps before the step that sent it returns, and
///   the first steps look at the incoming value itself, without a copy.
///
/// Releases the steps (the first step first), then its reference to the downstream
/// subscriber, as the stages' callbacks did.
@usableFromInline
package final class SteppingCallbacks<Value, Failure, Face: SubscriptionFace>: StageCallbacks<Value, Failure>, StepRunner {
    /// The first step; each holds the next.
    @usableFromInline let steps: StatelessStep<Value>
    /// The downstream subscriber (of either API), kept alive as closures capturing it would.
    @usableFromInline let downstream: AnyObject
    // Safety: unretained: `downstream`, which this object holds, owns a reference to it,
    // so it lives at least as long as this object. Pinned by
    // FusedStagesTests.testTheStepsAreReleasedFirstToLastThenTheCallbacksWhenTheSubscriptionEnds.
    /// The downstream subscriber's subscription, which `downstream` keeps alive.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Value, Failure, Face>>

    // Safety: `core` must be owned by `downstream` (callers pass a subscriber and its own
    // core); see `core`.
    /// Runs each value through `steps` and forwards to `core`, the subscription of
    /// `downstream`.
    @inlinable
    package init(steps: StatelessStep<Value>, downstream: AnyObject, core: Unmanaged<SubscriptionCore<Value, Failure, Face>>) {
        self.steps = steps
        self.downstream = downstream
        self.core = core
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this stage, alive while the call runs, which keeps `core` alive.
        // Pinned by FusedStagesTests and SFusedStagesTests (testStepsRunAsSeparateStagesRunThem,
        // testValuesFromTwoThreadsAllRunThroughTheSteps).
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this stage (see above).
                let stage = unsafeDowncast(callbacks, to: SteppingCallbacks.self)
                stage.runStep(value, stage.steps)
            },
            forwardError: { callbacks, failure in
                // Safety: `callbacks` is this stage, which keeps `core` alive (see above).
                unsafeDowncast(callbacks, to: SteppingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putError(failure) }
            },
            forwardCompletion: { callbacks in
                // Safety: `callbacks` is this stage, which keeps `core` alive (see above).
                unsafeDowncast(callbacks, to: SteppingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putCompletion() }
            })
    }

    /// Sends what the last step let through downstream.
    @inlinable @inline(__always)
    package final func deliverAfterSteps(_ value: Value) {
        // Safety: called while this stage runs, which keeps `core` alive (see `core`).
        core._withUnsafeGuaranteedRef { $0.putNext(value) }
    }

    /// True once the downstream subscription has ended: the later steps do not run.
    @inlinable
    package final var stepsHaveEnded: Bool {
        // Safety: called while this stage runs, which keeps `core` alive (see `core`).
        core._withUnsafeGuaranteedRef { $0.hasEnded }
    }
}
