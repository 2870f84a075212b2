/// A stage's head that maps each value (`map`): the value becomes `transform(value)`;
/// failures pass unchanged.
@usableFromInline
package struct MapHead<Value, Output, Failure>: StageHead {
    /// Failures pass unchanged.
    @usableFromInline package typealias OutputFailure = Failure
    @usableFromInline let transform: (Value) -> Output

    /// A head that maps each value with `transform`.
    @inlinable
    package init(_ transform: @escaping (Value) -> Output) {
        self.transform = transform
    }

    @inlinable @inline(__always)
    package func next<Tail: StageTail>(_ value: Value, in stage: Stage<MapHead, Tail>)
    where Tail.Value == Output, Tail.Failure == OutputFailure {
        stage.putNext(transform(value))
    }

    @inlinable @inline(__always)
    package func failure(_ failure: Failure) -> Failure {
        failure
    }
}

/// How one subscription's events become another's: the bridge between the two APIs.
///
/// Each value converts on its own; one that cannot be converted (an untyped value of the
/// wrong type) ends the downstream subscription with a failure instead. Every failure
/// converts.
@usableFromInline
package protocol EventConversion {
    /// The upstream subscription's values.
    associatedtype Value
    /// The upstream subscription's failures.
    associatedtype Failure
    /// The downstream subscription's values.
    associatedtype Output
    /// The downstream subscription's failures.
    associatedtype OutputFailure

    /// `value` converted, or the failure that ends the downstream subscription instead.
    func convert(_ value: Value) -> ConvertedValue<Output, OutputFailure>

    /// `failure` converted.
    func convert(failure: Failure) -> OutputFailure
}

/// The result of converting one value: the value to send on, or the failure to end with.
@usableFromInline
package enum ConvertedValue<Output, Failure> {
    /// Send this value on.
    case value(Output)
    /// End the downstream subscription with this failure.
    case failure(Failure)
}

/// A stage's head that converts each event with a bridge's conversion, so that a
/// conversion joins the two APIs' subscriptions instead of stacking a subscription with
/// closures on each side.
@usableFromInline
package struct ConversionHead<Conversion: EventConversion>: StageHead {
    /// The upstream's values.
    @usableFromInline package typealias Value = Conversion.Value
    /// The upstream's failures.
    @usableFromInline package typealias Failure = Conversion.Failure
    /// The downstream's values.
    @usableFromInline package typealias Output = Conversion.Output
    /// The downstream's failures.
    @usableFromInline package typealias OutputFailure = Conversion.OutputFailure
    @usableFromInline let conversion: Conversion

    /// A head that converts each event with `conversion`.
    @inlinable
    package init(_ conversion: Conversion) {
        self.conversion = conversion
    }

    @inlinable @inline(__always)
    package func next<Tail: StageTail>(_ value: Conversion.Value, in stage: Stage<ConversionHead, Tail>)
    where Tail.Value == Conversion.Output, Tail.Failure == Conversion.OutputFailure {
        switch conversion.convert(value) {
        case .value(let output): stage.putNext(output)
        case .failure(let failure): stage.putError(failure)
        }
    }

    @inlinable @inline(__always)
    package func failure(_ failure: Conversion.Failure) -> Conversion.OutputFailure {
        conversion.convert(failure: failure)
    }
}

/// A stage's head that runs each value through a run of stateless steps (`map`s and
/// `filter`s fused into one stage), in order; failures pass unchanged.
///
/// What the steps' own subscriptions would have done, one inside the other, without
/// entering a subscription between two steps:
/// - a step runs only while the subscription the tail feeds has not ended: one that
///   disposes it (or has it disposed) stops the later steps, as the disposal would have
///   ended every subscription between the stages;
/// - the steps run on the thread that sent the value, a value that a step sends back into
///   the upstream runs through all the steps before the step that sent it returns, and
///   the first steps look at the incoming value itself, without a copy.
@usableFromInline
package struct StepsHead<Value, Failure>: StageHead {
    /// Values keep their type.
    @usableFromInline package typealias Output = Value
    /// Failures pass unchanged.
    @usableFromInline package typealias OutputFailure = Failure
    /// The first step; each holds the next.
    @usableFromInline let steps: StatelessStep<Value>

    /// A head that runs each value through `steps`.
    @inlinable
    package init(_ steps: StatelessStep<Value>) {
        self.steps = steps
    }

    @inlinable @inline(__always)
    package func next<Tail: StageTail>(_ value: Value, in stage: Stage<StepsHead, Tail>)
    where Tail.Value == Value, Tail.Failure == Failure {
        stage.runSteps(value, steps)
    }

    @inlinable @inline(__always)
    package func failure(_ failure: Failure) -> Failure {
        failure
    }
}

extension Stage {
    /// Runs `value` through `step` and the steps after it, then hands what comes out to
    /// the tail (a `StepsHead`'s walk): inlined where a value enters the first step (most
    /// stages have one step), called through `runStepsFrom` for the steps after it. A
    /// method of the stage, so that the stage rides in the register the calls keep for it.
    @inlinable @inline(__always)
    package func runSteps(_ value: Tail.Value, _ step: StatelessStep<Tail.Value>) {
        if step.isFilter {
            let filter = step.asFilter
            guard filter.isIncluded(value) else { return }
            if filter.following == nil {
                putNext(value)
            } else {
                // Safety: `following` was just found set, and is a constant. A field passed
                // on, not bound with `if let` (which would retain the step). Pinned by
                // FusedStagesTests and SFusedStagesTests.
                runFollowing(value, filter.following.unsafelyUnwrapped)
            }
        } else {
            let map = step.asMap
            let mapped = map.transform(value)
            if map.following == nil {
                putNext(mapped)
            } else {
                // Safety: as for a filter.
                runFollowing(mapped, map.following.unsafelyUnwrapped)
            }
        }
    }

    /// `runSteps`, out of line: the steps after the first.
    @inlinable
    package func runStepsFrom(_ step: StatelessStep<Tail.Value>, _ value: Tail.Value) {
        runSteps(value, step)
    }

    /// Runs what a step let through `following`, the step after it, unless the
    /// subscription the tail feeds has ended meanwhile.
    @inlinable @inline(__always)
    package func runFollowing(_ value: Tail.Value, _ following: StatelessStep<Tail.Value>) {
        if hasEnded {
            return
        }
        runStepsFrom(following, value)
    }
}

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
