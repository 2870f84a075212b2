import SignalSync

/// `Signal.single(value)`: the value in the signal object itself instead of a generator's
/// closure context (one allocation less per signal).
///
/// The value lives in raw storage of three words, initialized and destroyed by hand,
/// when it fits there (most values: numbers, strings, references, small structs), else
/// in a box that the storage holds. Not an optional field: the `deinit` of a generic
/// class runs unspecialized, and destroying a `T?` field there looks up `Optional<T>`'s
/// run-time metadata (measured: see Benchmarks/PERFORMANCE.md, "Run-time metadata
/// lookups"), while destroying a `T` in place needs only `T`'s own type. The `deinit`
/// still hands a value to a fresh stack when this thread's is nearly used up (a single
/// of singles nested a hundred thousand deep).
@usableFromInline
final class SingleSignal<T, E>: Signal<T, E>, @unchecked Sendable {
    // Safety: the storage is written in `init` and destroyed in `deinit`; in between it
    // is only read. Pinned by SingleSignalStorageTests.
    @usableFromInline @exclusivity(unchecked) var storage: (UInt, UInt, UInt) = (0, 0, 0)

    /// True when a `T` fits in `storage` and may be read from a bitwise copy of it (the
    /// getter reads without an exclusive access, so that concurrent starts do not race);
    /// otherwise the storage holds a `SingleValueBox`.
    @inlinable
    static var storesInline: Bool {
        MemoryLayout<T>.size <= MemoryLayout<(UInt, UInt, UInt)>.size && MemoryLayout<T>.alignment <= MemoryLayout<UInt>.alignment
            && _isBitwiseTakable(T.self)
    }

    @inlinable
    init(_ value: consuming T) {
        super.init(
            runner: { signal, subscriber in
                subscriber.putNext((signal as! SingleSignal).value)
                subscriber.putCompletion()
                return EmptyDisposable
            }, stage: .single, origin: "single")
        let value = value
        // Safety: `storage` holds a `T` when `storesInline` (it fits, aligned, and is bitwise
        // takable), else the box's retained reference; written once, before the signal is shared.
        // Pinned by SingleSignalStorageTests.testEverySizeAndAlignmentComesOutIntactOnEverySubscription.
        withUnsafeMutableBytes(of: &storage) { raw in
            if Self.storesInline {
                raw.baseAddress!.initializeMemory(as: T.self, to: value)
            } else {
                // Safety: the storage owns this reference to the box until `deinit`
                // releases it; the storage is only read in between. Pinned by
                // SingleSignalStorageTests.testABoxedValueIsReleasedWithTheSignalAndNotBefore.
                raw.storeBytes(of: Unmanaged.passRetained(SingleValueBox(value)), as: Unmanaged<SingleValueBox<T>>.self)
            }
        }
    }

    /// The value (a copy). A read, not an exclusive access: any number of threads may
    /// start the signal at once.
    @inlinable
    var value: T {
        // Safety: a bitwise copy of `storage`, which holds what `init` wrote (`init`'s Safety
        // note) until `deinit`. Pinned by
        // SingleSignalStorageTests.testOneSingleStartedFromManyThreadsAtOnceGivesEachItsValue.
        withUnsafeBytes(of: storage) { raw in
            if Self.storesInline {
                return raw.load(as: T.self)
            }
            // Safety: the storage holds the box until `deinit` (see `init`). Pinned by
            // SingleSignalStorageTests.testOneSingleStartedFromManyThreadsAtOnceGivesEachItsValue.
            return raw.load(as: Unmanaged<SingleValueBox<T>>.self).takeUnretainedValue().value
        }
    }

    deinit {
        // Safety: `storage` holds what `init` wrote (`init`'s Safety note), destroyed once, here.
        // Pinned by SingleSignalStorageTests (testAnInlineValueIsReleasedWithTheSignalAndNotBefore,
        // testABoxedValueIsReleasedWithTheSignalAndNotBefore).
        withUnsafeMutableBytes(of: &storage) { raw in
            if Self.storesInline {
                let value = raw.baseAddress!.assumingMemoryBound(to: T.self)
                if StackGuard.isLow {
                    // The value may be a signal, holding others: release it from a fresh
                    // stack (as `Signal` does with its generator), in place (a `T?` to
                    // move it into would cost the metadata lookup this storage avoids).
                    StackGuard.onFreshStack { _ = value.deinitialize(count: 1) }
                } else {
                    value.deinitialize(count: 1)
                }
            } else {
                // Safety: the storage's reference to the box (see `init`), released once.
                let box = raw.load(as: Unmanaged<SingleValueBox<T>>.self)
                if StackGuard.isLow {
                    StackGuard.onFreshStack { box.release() }
                } else {
                    box.release()
                }
            }
        }
    }
}

/// The value of a `SingleSignal` too large for the signal's own storage.
@usableFromInline
final class SingleValueBox<T> {
    @usableFromInline let value: T

    @inlinable
    init(_ value: T) {
        self.value = value
    }
}

/// A library stage that subscribes the closures of a `start` itself (`map`, fused `map`
/// and `filter` steps): its function runs upstream's generator with the start's own
/// subscriber, the stage's work done by that subscription's callbacks
/// (a `Stage` with a `ClosuresTail`), instead of a subscription of
/// the stage's own between them (three objects fewer per subscription). Operators that
/// subscribe the stage with a subscriber of their own still go through `runner`.
@usableFromInline
class ClosureStartingSignal<T, E>: Signal<T, E>, @unchecked Sendable {
    // Safety: `subscribeClosures` is immutable, a function without a context; the
    // subclasses' own fields say why they may be shared. Pinned by MapClosureStartTests
    // and FusedStagesTests (testValuesFromTwoThreadsAllRunThroughTheSteps).
    /// What `start` calls with this signal and its closures: a function without a
    /// context, made in the subclass's `init`, where its types are known, so that it runs
    /// specialized when `start` is called from code that is not (an operator subscribing
    /// its sources).
    @usableFromInline let subscribeClosures: (ClosureStartingSignal<T, E>, ((T) -> Void)?, ((E) -> Void)?, (() -> Void)?) -> any Disposable & Sendable

    @inlinable
    init(
        runner: @escaping (Signal<T, E>, Subscriber<T, E>) -> Disposable, stage: SignalStage, origin: StaticString,
        subscribeClosures: @escaping (ClosureStartingSignal<T, E>, ((T) -> Void)?, ((E) -> Void)?, (() -> Void)?) -> any Disposable & Sendable
    ) {
        self.subscribeClosures = subscribeClosures
        super.init(runner: runner, stage: stage, origin: origin)
    }

    /// Subscribes these closures to `signal`, a stage that starts closures, with its
    /// `subscribeClosures`. Not inlined: `start` stays small enough to be inlined where it
    /// is called.
    @inlinable @inline(never)
    static func subscription(
        of signal: Signal<T, E>, next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?
    ) -> any Disposable & Sendable {
        // Safety: only this class's subclasses store the stages whose plan for closures
        // is `mapStartsClosures`, `stepsStartClosures` or `stepsRunInHub`
        // (`SignalStage.plan(for:)`); `unsafeDowncast` checks it in debug builds. Pinned by
        // FusedStagesTests and MapClosureStartTests.
        let stage = unsafeDowncast(signal, to: ClosureStartingSignal.self)
        return stage.subscribeClosures(stage, next, error, completed)
    }
}

/// `signal |> map(transform)`: the upstream signal and the transform in fields of the
/// signal instead of a generator's closure context (one allocation less per signal). A
/// `start` subscribes upstream with its closures behind the transform
/// (a `Stage(MapHead, ClosuresTail)`); an operator's subscriber, with a `Stage(MapHead, SubscriptionTail)`.
@usableFromInline
final class MapSignal<T, R, E>: ClosureStartingSignal<R, E>, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: Signal<T, E>?
    @usableFromInline let transform: (T) -> R

    @inlinable
    init(upstream: Signal<T, E>, transform: @escaping (T) -> R) {
        self.upstream = upstream
        self.transform = transform
        super.init(
            runner: { signal, subscriber in
                let stage = signal as! MapSignal
                // Set in `init`, taken only by `deinit`: there while the stage runs.
                let upstream = stage.upstream!
                switch upstream.stage.plan(for: .forwarder) {
                case .sendSingleValue:
                    return upstream.sendSingleValue(to: subscriber, transform: stage.transform)
                default:
                    return upstream.startForwarding(to: subscriber, transform: stage.transform)
                }
            }, stage: .ofMap(over: upstream.stage, keepingType: T.self == R.self), origin: "map",
            subscribeClosures: { signal, next, error, completed in
                // Safety: this function is only called with the signal that holds it.
                let stage = unsafeDowncast(signal, to: MapSignal.self)
                // Set in `init`, taken only by `deinit`: there while the stage runs.
                let upstream = stage.upstream!
                #if DEBUG
                    StartRecords.stage(stage.stageName)
                #endif
                return upstream.subscription(
                    SubscriptionState<T, E>.calling(next: next, error: error, completed: completed, after: MapHead(stage.transform)))
            })
    }

    deinit {
        // A chain of maps releases signal after signal, nested: go on from a fresh stack
        // when this thread's is nearly used up (as `Signal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}

extension Signal {
    /// `single(value) |> map(transform)` started: what the single's subscription would
    /// send (the mapped value, then completion, and nothing to dispose), without building
    /// it: three allocations less per subscription. Only where the plan says `sendSingleValue`.
    ///
    /// Not inlinable: specialized for an uninhabited `T` (a map of a `Signal<Never, E>`,
    /// where this is never reached), the release compiler of Swift 6.3.1 with
    /// `-enable-testing` crashed on this body inlined into the map's runner (invalid SIL in
    /// its lifetime completion).
    @usableFromInline @inline(never)
    final func sendSingleValue<R>(to subscriber: Subscriber<R, E>, transform: (T) -> R) -> Disposable {
        subscriber.putNext(transform(singleValue))
        subscriber.putCompletion()
        return EmptyDisposable
    }
}

/// Consecutive `map`s that keep the value's type and `filter`s, fused into one stage: the
/// signal that subscribes `upstream` once and runs each value through the steps
/// (a `Stage(StepsHead, SubscriptionTail)`), instead of a subscription per stage. What each step sees, which
/// thread it runs on, and when a disposal stops the later steps stay those of the separate
/// stages. A `filter` alone is a stage of one step (one object fewer per subscription
/// than three closures).
///
/// At most `maxSteps` steps: a longer chain fuses in runs of that many, each over the
/// previous, so that adding a step copies a short list and deep chains still cross fresh
/// stacks between stages. Releases `upstream`, then the steps in order, as the stages'
/// signals did, each holding the one before it. (The untyped `FusedSSignal` is the same
/// stage for `Any?`.)
@usableFromInline
final class FusedSignal<T, E>: ClosureStartingSignal<T, E>, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: Signal<T, E>?
    /// The first step; each holds the next.
    @usableFromInline let steps: StatelessStep<T>
    /// How many steps there are.
    @usableFromInline let stepCount: Int
    /// The most steps one fused stage runs.
    @usableFromInline static var maxSteps: Int {
        8
    }

    @inlinable
    init(upstream: Signal<T, E>, steps: StatelessStep<T>) {
        let kind = SignalStage.ofSteps(over: upstream.stage)
        self.upstream = upstream
        self.steps = steps
        stepCount = steps.count
        super.init(
            runner: { signal, subscriber in
                let stage = signal as! FusedSignal
                // Set in `init`, taken only by `deinit`: there while the stage runs.
                return stage.upstream!.startStepping(to: subscriber, steps: stage.steps)
            }, stage: kind, origin: "",
            subscribeClosures: kind.plan(for: .closures) == .stepsRunInHub ? Self.subscribeOverHub : Self.subscribeStepping)
    }

    /// `subscribeClosures` over a hub's signal: the steps run in the hub's delivery to the
    /// start's own subscription (a `Stage` with a `PipeHubMemberTail`).
    @inlinable
    static var subscribeOverHub: (ClosureStartingSignal<T, E>, ((T) -> Void)?, ((E) -> Void)?, (() -> Void)?) -> any Disposable & Sendable {
        { signal, next, error, completed in
            // Safety: this function is only called with the signal that holds it.
            let fused = unsafeDowncast(signal, to: FusedSignal.self)
            // Set in `init`, taken only by `deinit`: there while the stage runs.
            let upstream = fused.upstream!
            #if DEBUG
                StartRecords.stage(fused.stageName)
            #endif
            return upstream.joinedHub.subscribe(steps: fused.steps, next: next, error: error, completed: completed)
        }
    }

    /// `subscribeClosures` over any other signal: the upstream's generator runs with the
    /// start's own subscriber, whose callbacks run the steps (a `Stage(StepsHead, ClosuresTail)`).
    @inlinable
    static var subscribeStepping: (ClosureStartingSignal<T, E>, ((T) -> Void)?, ((E) -> Void)?, (() -> Void)?) -> any Disposable & Sendable {
        { signal, next, error, completed in
            // Safety: this function is only called with the signal that holds it.
            let fused = unsafeDowncast(signal, to: FusedSignal.self)
            #if DEBUG
                StartRecords.stage(fused.stageName)
            #endif
            // Set in `init`, taken only by `deinit`: there while the stage runs.
            return fused.upstream!.subscription(
                SubscriptionState.calling(next: next, error: error, completed: completed, after: StepsHead(fused.steps)))
        }
    }

    /// `signal` followed by `step` (a step alone): the step joins `signal`'s own steps
    /// when `signal` is a `map` keeping the type, or a fused stage with room for it;
    /// otherwise it starts a stage of its own.
    @inlinable
    static func appending(_ step: StatelessStep<T>, to signal: Signal<T, E>) -> Signal<T, E> {
        switch signal.stage.stepJoin {
        case .appendToSteps:
            let fused = signal as! FusedSignal
            if fused.stepCount < maxSteps {
                return FusedSignal(upstream: fused.upstream!, steps: fused.steps.appending(step))
            }
        case .fuseWithMap:
            let map = signal as! MapSignal<T, T, E>
            return FusedSignal(upstream: map.upstream!, steps: StatelessStep.map(map.transform, next: step))
        case .newStage:
            break
        }
        return FusedSignal(upstream: signal, steps: step)
    }

    deinit {
        // A chain of stages releases signal after signal, nested: go on from a fresh
        // stack when this thread's is nearly used up (as `Signal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}
