/// What kind of library signal a signal object is: the one fact, stored in every signal of
/// both faces (`Signal.stage`, `SSignal.stage`), that decides what a start builds and what
/// a `map` or `filter` after it joins.
///
/// The faces do not test a stage for itself: they ask this file. `plan(for:)` answers
/// "what does subscribing this signal build, for this subscriber?", `stepJoin` answers
/// "what does a step after it join?", `ofMap` and `ofSteps` give a new stage's kind,
/// `naming` says where its name in a recorded chain comes from. Each answer is a table
/// here, so a new stage or a new kind of subscriber is one row, tested once
/// (`SignalStageTests`), and a face's `start` reads as one `switch` over a plan.
@usableFromInline
package enum SignalStage: UInt8, Sendable {
    /// Anything else: a generator, or a stage that nothing joins or plans for.
    case generator
    /// `single(value)`: its value is in the signal object (`SingleSignal`, `SingleSSignal`).
    case single
    /// A hot source's signal (`HubSignal`, `HubSSignal`): a start joins its hub without
    /// making a subscriber object.
    case hub
    /// Another API's signal converted (the bridge's `toUntyped`, a `ConvertedSSignal`):
    /// a conversion back hands its callbacks to the source's own subscription.
    case converted
    /// A `map` of a `single` whose values keep their type: its runner sends the mapped
    /// value without subscribing the `single`; a step after it joins it.
    case mapOfSingle
    /// A `map` that changes the value's type (the typed face only): it subscribes its
    /// upstream with a start's closures behind its transform.
    case map
    /// A `map` whose values keep their type (every untyped `map`): it subscribes its
    /// upstream with a start's closures behind its transform; a step after it joins it.
    case sameTypeMap
    /// Fused `map` and `filter` steps over a signal that is not a hub's: they subscribe
    /// their upstream with a start's closures behind the steps; a step after them joins.
    case fused
    /// Fused steps over a hub's signal: a start's steps run in the hub's delivery to its
    /// own membership; a step after them joins.
    case fusedOverHub

    /// The stage of a `map` over a signal of stage `upstream`; `keepingType` when its
    /// values keep their type (always, untyped). A map of a `single` that changes the type
    /// is a plain stage: its runner sends the mapped value, and nothing joins it.
    @inlinable
    package static func ofMap(over upstream: SignalStage, keepingType: Bool) -> SignalStage {
        switch (upstream, keepingType) {
        case (.single, true): .mapOfSingle
        case (.single, false): .generator
        case (_, true): .sameTypeMap
        case (_, false): .map
        }
    }

    /// The stage of fused steps over a signal of stage `upstream`.
    @inlinable
    package static func ofSteps(over upstream: SignalStage) -> SignalStage {
        upstream == .hub ? .fusedOverHub : .fused
    }

    /// What a `map` keeping the type or a `filter` after a signal of this stage joins.
    @inlinable
    package var stepJoin: StepJoin {
        switch self {
        case .fused, .fusedOverHub: .appendToSteps
        case .sameTypeMap, .mapOfSingle: .fuseWithMap
        case .generator, .single, .hub, .converted, .map: .newStage
        }
    }

    /// Where this stage's name in a recorded start's chain comes from (debug builds).
    @inlinable
    package var naming: StageNaming {
        switch self {
        case .hub: .source
        case .fused, .fusedOverHub: .steps
        case .generator, .single, .converted, .mapOfSingle, .map, .sameTypeMap: .origin
        }
    }

    /// What subscribing a signal of this stage builds for `subscriber`: the start plan.
    /// Always inlined: called with a constant subscriber, it folds to the one or two
    /// comparisons that subscriber needs.
    @inlinable @inline(__always)
    package func plan(for subscriber: StageSubscriber) -> StartPlan {
        switch subscriber {
        case .closures:
            switch self {
            case .hub: .joinHub
            case .map, .sameTypeMap: .mapStartsClosures
            case .fused: .stepsStartClosures
            case .fusedOverHub: .stepsRunInHub
            case .generator, .single, .converted, .mapOfSingle: .run
            }
        case .callbacks, .valueReceiver:
            self == .hub ? .joinHub : .run
        case .inner:
            switch self {
            case .single: .sendSingleValue
            case .hub: .joinHub
            case .generator, .converted, .mapOfSingle, .map, .sameTypeMap, .fused, .fusedOverHub: .run
            }
        case .forwarder:
            self == .single ? .sendSingleValue : .run
        case .converter:
            switch self {
            case .single: .sendSingleValue
            case .converted: .convertSource
            case .sameTypeMap, .mapOfSingle: .convertThroughMap
            case .generator, .hub, .map, .fused, .fusedOverHub: .run
            }
        }
    }
}

/// Who subscribes a signal: with its stage, what decides the start plan
/// (`SignalStage.plan(for:)`).
@usableFromInline
package enum StageSubscriber: Sendable {
    /// A `start`'s closures (`next`, `error`, `completed`).
    case closures
    /// A prepared subscription: an operator stage's callbacks, or a subscriber that an
    /// operator runs the signal with.
    case callbacks
    /// A receiver of values only, which a hub may call directly (a hub sends no terminal
    /// event): `deliverOn`'s hop, a meta operator's outer, a `combineLatest` source.
    case valueReceiver
    /// A meta operator's inner: a receiver of values (as `valueReceiver`) that would only
    /// forward a `single`'s value.
    case inner
    /// A stage that would only forward a `single`'s value and completion: a `map`'s
    /// runner, a value cell's `set`, the bridge's `toUntyped`.
    case forwarder
    /// The bridge's conversion to the typed API (`toTyped`), which may hand its callbacks
    /// to a converted source or run a `map` in the same stage.
    case converter
}

/// What a start builds: the answer of `SignalStage.plan(for:)`.
@usableFromInline
package enum StartPlan: Sendable {
    /// Runs the signal with a subscriber: its generator, or its stage's `runner`.
    case run
    /// Joins the hot source's hub (the face's `joinedHub`); the membership is the
    /// subscription.
    case joinHub
    /// Sends what the `single`'s subscription would (its value, then completion) without
    /// building it (the face's `singleValue`).
    case sendSingleValue
    /// The `map` subscribes its upstream with the start's closures behind its transform,
    /// in the start's own subscription (a `Stage(MapHead, ClosuresTail)`).
    case mapStartsClosures
    /// The fused steps subscribe their upstream with the start's closures behind them,
    /// in the start's own subscription (a `Stage(StepsHead, ClosuresTail)`).
    case stepsStartClosures
    /// The fused steps run in the hub's delivery to the start's own membership
    /// (a `Stage` with a `PipeHubMemberTail`).
    case stepsRunInHub
    /// The converted signal's source subscribes the conversion's callbacks itself.
    case convertSource
    /// The `map`'s upstream is subscribed with callbacks that map and convert in one
    /// stage.
    case convertThroughMap
}

/// What a `map` keeping the type or a `filter` joins: `SignalStage.stepJoin`.
@usableFromInline
package enum StepJoin: Sendable {
    /// The step is appended to the fused steps (when they have room).
    case appendToSteps
    /// The step and the `map` before it fuse into steps over the map's upstream.
    case fuseWithMap
    /// The step starts a stage of its own.
    case newStage
}

/// Where a stage's name in a recorded start's chain comes from: `SignalStage.naming`.
@usableFromInline
package enum StageNaming: Sendable {
    /// The hot source's type.
    case source
    /// The fused steps' own names.
    case steps
    /// The function that made the signal.
    case origin
}
