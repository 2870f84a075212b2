/// One step of a run of stateless stages fused into one subscription, a `map`
/// (`MapStep`) or a `filter` (`FilterStep`), and the steps after it: an immutable list,
/// shared by every subscription of the fused stage.
///
/// Objects with constant fields rather than an array of enum cases: a function in a
/// constant field of an object that is alive is called borrowed, where one copied out of
/// an array or an enum case is retained and released around each call (an atomic pair
/// per step and value when it captures anything). Each kind stores only its own
/// function (one field of both kinds would be sixteen bytes more per step, and a larger heap
/// block); `isFilter` says which kind a step is.
@usableFromInline
package class StatelessStep<Value> {
    /// True for a `FilterStep`, false for a `MapStep`: only their initializers set it.
    @usableFromInline let isFilter: Bool

    @inlinable
    init(isFilter: Bool) {
        self.isFilter = isFilter
    }

    /// The step after this one. (A field of each kind, after its function, so that a step
    /// releases its function before the steps after it, as separate stages did.)
    @inlinable
    package final var next: StatelessStep? {
        isFilter ? asFilter.following : asMap.following
    }

    /// A `map` step, followed by `next`.
    @inlinable
    package static func map(_ transform: @escaping (Value) -> Value, next: StatelessStep? = nil) -> StatelessStep {
        MapStep(transform, next: next)
    }

    /// A `filter` step, followed by `next`.
    @inlinable
    package static func filter(_ isIncluded: @escaping (Value) -> Bool, next: StatelessStep? = nil) -> StatelessStep {
        FilterStep(isIncluded, next: next)
    }

    /// This step as a `MapStep` (only when `isFilter` is false).
    @inlinable @inline(__always)
    final var asMap: MapStep<Value> {
        // Safety: `isFilter` is false only for a `MapStep` (its initializer and
        // `FilterStep`'s set it). Pinned by FusedStagesTests and SFusedStagesTests.
        unsafeDowncast(self, to: MapStep<Value>.self)
    }

    /// This step as a `FilterStep` (only when `isFilter` is true).
    @inlinable @inline(__always)
    final var asFilter: FilterStep<Value> {
        // Safety: as in `asMap`.
        unsafeDowncast(self, to: FilterStep<Value>.self)
    }

    /// This step alone, followed by `next` instead.
    @inlinable
    final func copy(followedBy next: StatelessStep) -> StatelessStep {
        isFilter ? FilterStep(asFilter.isIncluded, next: next) : MapStep(asMap.transform, next: next)
    }

    /// These steps, then `last` (a step alone): copies of these steps, the last of them
    /// followed by `last`.
    @inlinable
    package final func appending(_ last: StatelessStep) -> StatelessStep {
        copy(followedBy: next?.appending(last) ?? last)
    }

    /// The steps' names from this one on (`map`, `filter`), for a recorded start's chain.
    package final var names: [String] {
        [isFilter ? "filter" : "map"] + (next?.names ?? [])
    }

    /// The number of steps from this one on.
    @inlinable
    package final var count: Int {
        var count = 1
        var step = self
        while let following = step.next {
            count += 1
            step = following
        }
        return count
    }
}

/// A `map` step: the value becomes `transform(value)`.
@usableFromInline
package final class MapStep<Value>: StatelessStep<Value> {
    @usableFromInline let transform: (Value) -> Value
    /// The step after this one.
    @usableFromInline let following: StatelessStep<Value>?

    @inlinable
    init(_ transform: @escaping (Value) -> Value, next: StatelessStep<Value>?) {
        self.transform = transform
        following = next
        super.init(isFilter: false)
    }
}

/// A `filter` step: the value goes on only when `isIncluded(value)` is true.
@usableFromInline
package final class FilterStep<Value>: StatelessStep<Value> {
    @usableFromInline let isIncluded: (Value) -> Bool
    /// The step after this one.
    @usableFromInline let following: StatelessStep<Value>?

    @inlinable
    init(_ isIncluded: @escaping (Value) -> Bool, next: StatelessStep<Value>?) {
        self.isIncluded = isIncluded
        following = next
        super.init(isFilter: true)
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
            let filter = step.asFilter
            guard filter.isIncluded(value) else { return }
            if filter.following == nil {
                deliverAfterSteps(value)
            } else {
                // Safety: `following` was just found set, and is a constant. A field passed
                // on, not bound with `if let` (which would retain the step). Pinned by
                // FusedStagesTests and SFusedStagesTests.
                runNext(value, in: filter.following.unsafelyUnwrapped)
            }
        } else {
            let map = step.asMap
            let mapped = map.transform(value)
            if map.following == nil {
                deliverAfterSteps(mapped)
            } else {
                // Safety: as for a filter.
                runNext(mapped, in: map.following.unsafelyUnwrapped)
            }
        }
    }

    /// Runs what a step let through `following`, the step after it, unless the
    /// subscription the steps feed has ended meanwhile.
    @inlinable
    package func runNext(_ value: Value, in following: StatelessStep<Value>) {
        if stepsHaveEnded {
            return
        }
        run(value, from: following)
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
                // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: SteppingCallbacks.self)
                stage.runStep(value, stage.steps)
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: `callbacks` is this stage, which keeps `core` alive (`super.init`'s Safety note).
                    unsafeDowncast(callbacks, to: SteppingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putError(failure.pointee) }
                } else {
                    // Safety: `callbacks` is this stage, which keeps `core` alive (`super.init`'s Safety note).
                    unsafeDowncast(callbacks, to: SteppingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putCompletion() }
                }
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
