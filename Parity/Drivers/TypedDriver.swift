import SignalSync
import STypedSignal

/// Builds and runs scenarios with STypedSignal: `Signal<Int, String>`.
enum TypedDriver {
    typealias S = Signal<Int, String>

    /// Runs `scenario` and returns its trace.
    static func run(_ scenario: Scenario) -> [String] {
        let world = ScenarioWorld()
        let sources = scenario.sources.enumerated().map { index, marble in
            source(sourceName(index), marble, world)
        }
        let signal = printable(scenario.operation, sources, world)
        let handle = signal.start(next: { world.log("next \($0)") },
                                  error: { world.log("error \($0)") },
                                  completed: { world.log("completed") })
        world.runTime(disposeAt: scenario.disposeAt) { handle.dispose() }
        return world.trace
    }

    /// A cold source that plays `marble` from the moment of each subscription.
    static func source(_ name: String, _ marble: Marble, _ world: ScenarioWorld) -> S {
        Signal { subscriber in
            world.log("\(name).subscribe")
            let live = Atomic(value: true)
            for (tick, event) in marble.events {
                world.at(tick) {
                    guard live.with({ $0 }) else { return }
                    switch event {
                    case .next(let value): subscriber.putNext(value)
                    case .error(let error): subscriber.putError(error)
                    case .completed: subscriber.putCompletion()
                    }
                }
            }
            return ActionDisposable {
                live.swap(false)
                world.log("\(name).dispose")
            }
        }
    }

    private static func inner(_ inners: [Int: String], _ world: ScenarioWorld) -> (Int) -> S {
        { value in source("i\(value)", Marble(inners[value] ?? "|"), world) }
    }

    private static func hook(_ world: ScenarioWorld, _ text: String) {
        world.log("hook \(text)")
    }

    /// The pipeline with its values as the trace prints them. Operations whose output
    /// is not an Int (arrays, optionals, nothing) are handled here; a chain may end
    /// with one of them.
    static func printable(_ operation: Operation, _ sources: [S], _ world: ScenarioWorld) -> Signal<String, String> {
        let a = sources[0]
        switch operation {
        case .chain(let operations) where !operations.isEmpty:
            let prefix = build(.chain(Array(operations.dropLast())), sources, world)
            return printable(operations[operations.count - 1], [prefix] + sources.dropFirst(), world)
        case .combineLatest:
            return combineLatest(sources) |> map(describe)
        case .combineLatestWithInitial(let first, let second):
            return combineLatest(sources[0], first, sources[1], second) |> map { describe([$0.0, $0.1]) }
        case .combineLatestTuple:
            switch sources.count {
            case 2:
                let pairs: Signal<(Int, Int), String> = combineLatest(sources[0], sources[1])
                return pairs |> map { describe([$0.0, $0.1]) }
            case 3:
                let triples: Signal<(Int, Int, Int), String> = combineLatest(sources[0], sources[1], sources[2])
                return triples |> map { describe([$0.0, $0.1, $0.2]) }
            default: preconditionFailure("combineLatestTuple takes two or three sources")
            }
        case .combineLatestOfNothing:
            return combineLatest([S]()) |> map(describe)
        case .last:
            return a |> last |> map { $0.map(String.init) ?? "nil" }
        case .ignoreValues:
            let nothing = a |> ignoreValues
            return Signal { subscriber in
                nothing.start(error: subscriber.putError, completed: subscriber.putCompletion)
            }
        default:
            return build(operation, sources, world) |> map(String.init)
        }
    }

    private static func describe(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    static func build(_ operation: Operation, _ sources: [S], _ world: ScenarioWorld) -> S {
        let a = sources[0]
        let queue = Queue(executionQueue: world.operatorQueue)
        switch operation {
        case .source:
            return a
        case .sequential:
            let subscriptions = Atomic(value: 0)
            return deferred { sources[min(subscriptions.modify { $0 + 1 } - 1, sources.count - 1)] }
        case .chain(let operations):
            return operations.reduce(a) { build($1, [$0] + sources.dropFirst(), world) }
        case .map(let add):
            return a |> map { $0 + add }
        case .filter(let divisor):
            return a |> filter { $0 % divisor == 0 }
        case .distinct:
            return a |> distinctUntilChanged
        case .take(let count):
            return a |> take(count)
        case .takeLast:
            return a |> takeLast
        case .takeUntil(let limit, let inclusive):
            return a |> take(until: { SignalTakeAction(passthrough: $0 < limit || inclusive, complete: $0 >= limit) })
        case .catchError(let alternate):
            return a |> `catch` { _ in source("c", Marble(alternate), world) }
        case .restart:
            return a |> restart
        case .restartIfError:
            return (a |> restartIfError) |> castError(String.self)
        case .last, .combineLatest, .combineLatestWithInitial, .combineLatestTuple, .combineLatestOfNothing, .ignoreValues:
            preconditionFailure("\(operation) has no Int output; it may only end a chain")
        case .retryIf:
            preconditionFailure("retryIf belongs to the untyped API")
        case .combineSignalsOfNothingWithInitialStates:
            preconditionFailure("combineSignals(_:withInitialStates:) belongs to the untyped API")
        case .switchToLatest(let inners):
            return a |> map(inner(inners, world)) |> switchToLatest
        case .mapToSignal(let inners):
            return a |> mapToSignal(inner(inners, world))
        case .queue(let inners):
            return a |> map(inner(inners, world)) |> STypedSignal.queue
        case .mapToQueue(let inners):
            return a |> mapToQueue(inner(inners, world))
        case .throttled(let inners):
            return a |> map(inner(inners, world)) |> throttled
        case .mapToThrottled(let inners):
            return a |> mapToThrottled(inner(inners, world))
        case .then(let next):
            return a |> then(source("t", Marble(next), world))
        case .deferred:
            return deferred { hook(world, "deferred"); return a }
        case .reduceSum(let initial):
            return a |> reduceLeft(value: initial) { $0 + $1 }
        case .beforeNext:
            return a |> beforeNext { hook(world, "next \($0)") }
        case .afterNext:
            return a |> afterNext { hook(world, "after \($0)") }
        case .beforeStarted:
            return a |> beforeStarted { hook(world, "start") }
        case .beforeCompleted:
            return a |> beforeCompleted { hook(world, "completing") }
        case .afterCompleted:
            return a |> afterCompleted { hook(world, "completed") }
        case .afterDisposed:
            return a |> afterDisposed { hook(world, "disposed") }
        case .onError:
            preconditionFailure("onError belongs to the untyped API")
        case .deliverOn:
            return a |> deliverOn(queue)
        case .runOn:
            return a |> runOn(queue)
        case .delay(let ticks):
            return a |> delay(Double(ticks), queue: queue)
        case .timeout(let ticks, let alternate):
            return a |> timeout(Double(ticks), queue: queue, alternate: source("t", Marble(alternate), world))
        case .mapError:
            return a |> mapError { "m" + $0 }
        case .materializeRoundTrip:
            return a |> dematerialize |> materialize
        }
    }
}

