import SignalSync

/// `SSignal.single(value)`: the value in the signal object itself instead of a generator's
/// closure context (one allocation less per signal).
///
/// The value lives in raw storage of four words (an `Any?` always fits, and is always
/// bitwise-takable), initialized and destroyed by hand, as the typed `single`'s does: a
/// stored `Any?` field is copied through the runtime's witnesses at every subscription
/// (measured: see Benchmarks/PERFORMANCE.md, on `Any?` and address-only values). Runs
/// read it without an exclusive access, so any number of threads may start the signal at
/// once. The `deinit` still hands the value to
/// a fresh stack when this thread's is nearly used up (a single of singles nested a
/// hundred thousand deep).
@usableFromInline
final class SingleSSignal: SSignal, @unchecked Sendable {
    // Safety: the storage is written in `init` and destroyed in `deinit`; in between it
    // is only read, from a bitwise copy (not an exclusive access: any number of threads
    // may start the signal at once). Pinned by SSingleSignalStorageTests.
    @usableFromInline @exclusivity(unchecked) var storage: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)

    @inlinable
    init(_ value: Any?) {
        super.init(
            runner: { signal, subscriber in
                (signal as! SingleSSignal).withValue { subscriber.putNext($0) }
                subscriber.putCompletion()
                return nil
            }, stage: .single, origin: "single")
        // Safety: `storage` is four words, word-aligned: the size and alignment of an `Any?`,
        // initialized once here, before the signal is shared. Pinned by
        // SSingleSignalStorageTests.testTheValueIsReleasedWithTheSignalAndNotBefore.
        withUnsafeMutableBytes(of: &storage) { raw in
            _ = raw.baseAddress!.initializeMemory(as: Any?.self, to: value)
        }
    }

    /// The value (a copy).
    @inlinable
    var value: Any? {
        withValue { $0 }
    }

    /// Calls `body` with the value, read in place.
    @inlinable @inline(__always)
    func withValue<R>(_ body: (borrowing Any?) -> R) -> R {
        // Safety: `storage` holds the `Any?` of `init` until `deinit`; `body` borrows it from a
        // bitwise copy, not an exclusive access. Pinned by
        // SSingleSignalStorageTests.testOneSingleStartedFromManyThreadsAtOnceGivesEachItsValue.
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: Any?.self).pointee)
        }
    }

    deinit {
        // Safety: the `Any?` of `init`, destroyed once, here. Pinned by
        // SSingleSignalStorageTests.testTheValueIsReleasedWithTheSignalAndNotBefore.
        withUnsafeMutableBytes(of: &storage) { raw in
            let value = raw.baseAddress!.assumingMemoryBound(to: Any?.self)
            if StackGuard.isLow {
                // The value may be a signal, holding others: release it from a fresh
                // stack (as `SSignal` does with its generator).
                StackGuard.onFreshStack { _ = value.deinitialize(count: 1) }
            } else {
                value.deinitialize(count: 1)
            }
        }
    }
}

/// `signal.map(transform)`: the upstream signal and the transform in fields of the signal
/// instead of a generator's closure context (one allocation less per signal). Each
/// subscription subscribes upstream with a `Stage(MapHead, SubscriptionTail)`. (The bridge's `toTyped`
/// reads the fields to subscribe the upstream itself, mapping and converting in one
/// stage.)
@usableFromInline
package final class MapSSignal: SSignal, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: SSignal?
    @usableFromInline package let transform: (Any?) -> Any?

    @inlinable
    init(upstream: SSignal, transform: @escaping (Any?) -> Any?) {
        self.upstream = upstream
        self.transform = transform
        super.init(
            runner: { signal, subscriber in
                let stage = signal as! MapSSignal
                let upstream = stage.upstreamSignal
                if upstream.stage.plan(for: .forwarder) == .sendSingleValue {
                    // `SSignal.single(value).map(transform)`: what the upstream subscription
                    // would send (the value, then completion, and nothing to dispose),
                    // without building it: three allocations less per subscription.
                    subscriber.putNext(stage.transform(upstream.singleValue))
                    subscriber.putCompletion()
                    return nil
                }
                return upstream.subscription(
                    callbacks: Stage(MapHead(stage.transform), SubscriptionTail(subscriber, subscriber.core)))
            }, stage: .ofMap(over: upstream.stage, keepingType: true), origin: "map")
    }

    /// Subscribes this map's upstream with `callbacks`: the map's own `Stage(MapHead, SubscriptionTail)`,
    /// or callbacks that take the map's place (the bridge's `toTyped` maps and converts in
    /// one stage); returns the subscription.
    @inlinable
    package func subscriptionOfUpstream(callbacks: StageCallbacks<Any?, Any?>) -> SubscriptionCore<Any?, Any?, SSignalKitRules> {
        upstreamSignal.subscription(callbacks: callbacks)
    }

    /// The upstream signal: set in `init`, taken only by `deinit`.
    @inlinable
    package var upstreamSignal: SSignal {
        upstream!
    }

    deinit {
        // A chain of maps releases signal after signal, nested: go on from a fresh stack
        // when this thread's is nearly used up (as `SSignal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}

/// Consecutive `map` and `filter` stages fused into one: the signal that subscribes
/// `upstream` once and runs each value through the steps (a `Stage(StepsHead, SubscriptionTail)`), instead
/// of a subscription per stage. What each step sees, which thread it runs on, and when a
/// disposal stops the later steps stay those of the separate stages.
///
/// At most `maxSteps` steps: a longer chain fuses in runs of that many, each over the
/// previous, so that adding a step copies a short list and deep chains still cross fresh
/// stacks between stages. Releases `upstream`, then the steps in order, as the stages'
/// signals did, each holding the one before it.
@usableFromInline
final class FusedSSignal: SSignal, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: SSignal?
    /// The first step; each holds the next.
    @usableFromInline let steps: StatelessStep<Any?>
    /// How many steps there are.
    @usableFromInline let stepCount: Int

    /// The most steps one fused stage runs.
    @usableFromInline static let maxSteps = 8

    @inlinable
    init(upstream: SSignal, steps: StatelessStep<Any?>) {
        self.upstream = upstream
        self.steps = steps
        stepCount = steps.count
        super.init(
            runner: { signal, subscriber in
                let stage = signal as! FusedSSignal
                // Set in `init`, taken only by `deinit`: there while the stage runs.
                return stage.upstream!.subscription(
                    callbacks: Stage(StepsHead(stage.steps), SubscriptionTail(subscriber, subscriber.core)))
            }, stage: .ofSteps(over: upstream.stage), origin: "")
    }

    /// Subscribes these closures to `signal`, a `map` or fused stage (the plans
    /// `mapStartsClosures`, `stepsStartClosures`, `stepsRunInHub`): the stage runs in the
    /// start's own subscription instead of one of its own. Over a hub's signal
    /// (`stepsRunInHub`), fused steps run in the hub's delivery to it
    /// (a `Stage` with a `PipeHubMemberTail`); over any other signal, the upstream's generator runs with
    /// the start's subscriber, whose callbacks run the steps or the map
    /// (a `Stage` with a `ClosuresTail`). (A `map` of a `single`
    /// does not start closures: its `runner` sends the value without subscribing the
    /// `single`.) Not inlined: `start` stays small.
    @usableFromInline @inline(never)
    static func subscription(
        of signal: SSignal, next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?
    ) -> SSubscriptionState {
        let plan = signal.stage.plan(for: .closures)
        if plan == .mapStartsClosures {
            // Safety: only `MapSSignal`'s initializer stores the stages planned
            // `mapStartsClosures`, and only `FusedSSignal`'s the others this is called for
            // (`SignalStage.plan(for:)`); `unsafeDowncast` checks it in debug builds. Pinned
            // by SignalStageTests and SFusedStagesTests.
            let map = unsafeDowncast(signal, to: MapSSignal.self)
            let upstream = map.upstreamSignal
            #if DEBUG
                StartRecords.stage(map.stageName)
            #endif
            return upstream.start(SSubscriptionState.calling(next: next, error: error, completed: completed, after: MapHead(map.transform)))
        }
        // Safety: the stages planned `stepsStartClosures` and `stepsRunInHub` (the Safety
        // note of the `mapStartsClosures` branch).
        let fused = unsafeDowncast(signal, to: FusedSSignal.self)
        // Set in `init`, taken only by `deinit`: there while the stage runs.
        let upstream = fused.upstream!
        #if DEBUG
            StartRecords.stage(fused.stageName)
        #endif
        guard plan == .stepsRunInHub else {
            return upstream.start(SSubscriptionState.calling(next: next, error: error, completed: completed, after: StepsHead(fused.steps)))
        }
        return upstream.joinedHub.subscribe(steps: fused.steps, next: next, error: error, completed: completed)
    }

    /// `signal.map(transform)`, joining `signal`'s stage (a `map` or a fused stage).
    @usableFromInline
    static func appending(map transform: @escaping (Any?) -> Any?, to signal: SSignal) -> SSignal {
        appending(StatelessStep.map(transform), to: signal)
    }

    /// `signal.filter(isIncluded)`, joining `signal`'s stage when it is a `map` or a fused
    /// stage.
    @usableFromInline
    static func appending(filter isIncluded: @escaping (Any?) -> Bool, to signal: SSignal) -> SSignal {
        appending(StatelessStep.filter(isIncluded), to: signal)
    }

    /// `signal` followed by `step` (a step alone): the step joins `signal`'s own steps
    /// when `signal` is a `map`, or a fused stage with room for it; otherwise it starts a
    /// stage of its own.
    @usableFromInline
    static func appending(_ step: StatelessStep<Any?>, to signal: SSignal) -> SSignal {
        switch signal.stage.stepJoin {
        case .appendToSteps:
            let fused = signal as! FusedSSignal
            if fused.stepCount < maxSteps {
                return FusedSSignal(upstream: fused.upstream!, steps: fused.steps.appending(step))
            }
        case .fuseWithMap:
            let map = signal as! MapSSignal
            return FusedSSignal(upstream: map.upstream!, steps: StatelessStep.map(map.transform, next: step))
        case .newStage:
            break
        }
        return FusedSSignal(upstream: signal, steps: step)
    }

    deinit {
        // A chain of stages releases signal after signal, nested: go on from a fresh stack
        // when this thread's is nearly used up (as `SSignal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}

/// A signal that converts another API's signal (the bridge's `toUntyped`).
///
/// It runs like any signal (`runner`: its source is subscribed with callbacks that send
/// into the untyped subscriber's subscription). A stage that would only forward its
/// events in turn (a `map` followed by the bridge's `toTyped`, or `toTyped` itself) hands
/// its own callbacks to `subscribeSource` instead: the source's subscription then calls
/// them directly, without an untyped subscription in between. `Handle` is the type of
/// that subscription's handle in the source's API.
@usableFromInline
package final class ConvertedSSignal<Handle>: SSignal, @unchecked Sendable {
    // Safety: `subscribeSource` is immutable; the rest is `SSignal`'s. Pinned by
    // RoundTripTests.testDirectRoundTrip.
    /// Subscribes the source with callbacks that convert each event and hand it to the
    /// given untyped callbacks; returns the source's subscription.
    @usableFromInline let subscribeSource: (StageCallbacks<Any?, Any?>) -> Handle

    /// A signal run by `runner` whose source `subscribeSource` subscribes for a stage's
    /// callbacks.
    @inlinable
    package init(runner: @escaping (SSignal, SSubscriber) -> SDisposable?, subscribeSource: @escaping (StageCallbacks<Any?, Any?>) -> Handle) {
        self.subscribeSource = subscribeSource
        super.init(runner: runner, stage: .converted, origin: "bridge")
    }

    /// Subscribes the source with callbacks that hand each converted event to
    /// `callbacks`; returns the source's subscription.
    @inlinable
    package func subscriptionOfSource(callbacks: StageCallbacks<Any?, Any?>) -> Handle {
        subscribeSource(callbacks)
    }
}
