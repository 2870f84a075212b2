import Bridge
import STypedSignal
import SUntypedSignal
import SignalSync

/// The error a bridged driver's typed side reports for a value or error of the wrong
/// type: it reaches the trace as `error mismatch: ...` and fails the scenario.
private func mismatch(_ error: SSignalTypeError) -> String {
    "mismatch: \(error)"
}

/// Typed sources, the untyped operator, a typed sink: every source (the scenario's and
/// the alternatives and inners the operation makes) is a typed marble source converted
/// with `toUntyped()`, the operator queue is a typed `Queue` converted with
/// `toUntyped()`, and the untyped result comes back with `toTyped(...)` as the type of
/// the operation's output.
enum TypedThroughUntypedDriver {
    static func run(_ scenario: Scenario, in world: ScenarioWorld = ScenarioWorld()) -> [String] {
        let builder = UntypedDriver.Builder(world: world, queue: Queue(executionQueue: world.operatorQueue).toUntyped()) { name, marble in
            TypedDriver.source(name, marble, world).toUntyped()
        }
        let sources = scenario.sources.enumerated().map { builder.make(sourceName($0), $1) }
        let result = builder.build(scenario.operation, sources)
        let handle = TypedDriver.sink(
            typed(result, scenario.operation.outputShape), world,
            fromCompletion: scenario.startedFromCompletion.contains(.typedThroughUntyped))
        return world.run(disposeAt: scenario.disposeAt) { handle.dispose() }
    }

    /// The untyped output as a typed signal of its shape, printed.
    private static func typed(_ signal: SSignal, _ shape: OutputShape) -> Signal<String, String> {
        switch shape {
        case .int:
            return signal.toTyped(Int.self, String.self, mismatch: mismatch) |> map(describeValue)
        case .intArray:
            return signal.toTyped([Int].self, String.self, mismatch: mismatch) |> map(describeValue)
        case .optionalIntArray:
            return signal.toTyped([Int?].self, String.self, mismatch: mismatch) |> map(describeValue)
        case .optionalInt:
            return signal.toTyped(Int?.self, String.self, mismatch: mismatch) |> map(describeValue)
        case .nothing:
            return signal.toTyped(Never.self, String.self, mismatch: mismatch) |> map(describeValue)
        }
    }
}

/// Untyped sources, the typed operator, an untyped sink: every source is an untyped
/// marble source converted with `toTyped(Int.self, String.self, ...)`, the operator queue
/// is an `SQueue` converted with `toTyped()`, and the typed result goes back with
/// `toUntyped()`.
enum UntypedThroughTypedDriver {
    static func run(_ scenario: Scenario, in world: ScenarioWorld = ScenarioWorld()) -> [String] {
        let builder = TypedDriver.Builder(world: world, queue: SQueue(world.operatorQueue).toTyped()) { name, marble in
            UntypedDriver.source(name, marble, world).toTyped(Int.self, String.self, mismatch: mismatch)
        }
        let sources = scenario.sources.enumerated().map { builder.make(sourceName($0), $1) }
        let handle = UntypedDriver.sink(
            untyped(builder.output(scenario.operation, sources)), world,
            fromCompletion: scenario.startedFromCompletion.contains(.untypedThroughTyped))
        return world.run(disposeAt: scenario.disposeAt) { handle.dispose() }
    }

    private static func untyped(_ output: TypedDriver.Output) -> SSignal {
        switch output {
        case .ints(let signal): return signal.toUntyped()
        case .arrays(let signal): return signal.toUntyped()
        case .optionals(let signal): return signal.toUntyped()
        case .nothing(let signal): return signal.toUntyped()
        }
    }
}
