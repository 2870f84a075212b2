import STypedSignal
import STypedSignalOperators
import SignalSync
import SignalTesting

/// Builds and runs scenarios with STypedSignal: `Signal<Int, String>`.
enum TypedDriver {
    typealias S = Signal<Int, String>

    /// Runs `scenario` and returns its trace.
    static func run(_ scenario: Scenario, in world: ScenarioWorld = ScenarioWorld()) -> [String] {
        let builder = Builder(world: world, queue: Queue(executionQueue: world.operatorQueue)) { name, marble in
            source(name, marble, world)
        }
        let sources = scenario.sources.enumerated().map { builder.make(sourceName($0), $1) }
        let handle = sink(
            builder.output(scenario.operation, sources).printable, world,
            fromCompletion: scenario.startedFromCompletion.contains(.typed))
        return world.run(disposeAt: scenario.disposeAt) { handle.dispose() }
    }

    /// Subscribes the typed sink: logs `next <value>`, `error <e>`, `completed`; from the
    /// completion callback of `complete()` when `fromCompletion` (`Scenario.startedFromCompletion`).
    static func sink(_ signal: Signal<String, String>, _ world: ScenarioWorld, fromCompletion: Bool = false) -> Disposable {
        if fromCompletion {
            let handle = MetaDisposable()
            Signal<Never, NoError>.complete().start(completed: { handle.set(sink(signal, world)) })
            return handle
        }
        return signal.start(
            next: { world.log("next \($0)") },
            error: { world.log("error \($0)") },
            completed: { world.log("completed") })
    }

    /// A cold source that plays `marble` from the moment of each subscription (a bare `#`
    /// fails with `"E"`).
    static func source(_ name: String, _ marble: Marble, _ world: ScenarioWorld) -> S {
        world.scheduler.cold(marble.text, error: "E", subscriptions: world.subscriptions(of: name))
    }

    /// A pipeline's output, by the shape of its values.
    enum Output {
        case ints(Signal<Int, String>)
        case arrays(Signal<[Int], String>)
        case optionals(Signal<Int?, String>)
        case nothing(Signal<Never, String>)

        /// The output with its values as the trace prints them.
        var printable: Signal<String, String> {
            switch self {
            case .ints(let signal): return signal |> map(describeValue)
            case .arrays(let signal): return signal |> map(describeValue)
            case .optionals(let signal): return signal |> map(describeValue)
            case .nothing(let signal):
                return Signal { subscriber in
                    signal.start(error: subscriber.putError, completed: subscriber.putCompletion)
                }
            }
        }
    }

    /// Builds operations with the typed operators. `make` creates every named marble
    /// source the operation needs besides the scenario's own (alternatives, inners), so
    /// that a bridged driver can make them on the other API and convert them.
    ///
    /// `Sendable`: the operators' closures that use it (`@Sendable`) capture it.
    struct Builder: Sendable {
        let world: ScenarioWorld
        /// The queue handed to operators that take one.
        let queue: Queue
        /// Makes the named source for a marble.
        let make: @Sendable (_ name: String, _ marble: Marble) -> S

        private func inner(_ inners: [Int: String]) -> @Sendable (Int) -> S {
            { value in make("i\(value)", Marble(inners[value] ?? "|")) }
        }

        private func hook(_ text: String) {
            world.log("hook \(text)")
        }

        /// A `NoError` signal for the APIs that take one (Promise, Multicast): an error
        /// ends it like a completion.
        private func ignoringErrors(_ signal: S) -> Signal<Int, NoError> {
            signal |> `catch` { _ in Signal<Int, NoError>.complete() }
        }

        /// The pipeline's output. Operations whose output is not an Int are handled here;
        /// a chain may end with one of them.
        func output(_ operation: Operation, _ sources: [S]) -> Output {
            let a = sources[0]
            switch operation {
            case .chain(let operations) where !operations.isEmpty:
                let prefix = build(.chain(Array(operations.dropLast())), sources)
                return output(operations[operations.count - 1], [prefix] + sources.dropFirst())
            case .combineLatest:
                return .arrays(combineLatest(sources))
            case .combineLatestWithInitial(let first, let second):
                return .arrays(combineLatest(sources[0], first, sources[1], second) |> map { [$0.0, $0.1] })
            case .combineLatestTuple:
                switch sources.count {
                case 2:
                    let pairs: Signal<(Int, Int), String> = combineLatest(sources[0], sources[1])
                    return .arrays(pairs |> map { [$0.0, $0.1] })
                case 3:
                    let triples: Signal<(Int, Int, Int), String> = combineLatest(sources[0], sources[1], sources[2])
                    return .arrays(triples |> map { [$0.0, $0.1, $0.2] })
                default: preconditionFailure("combineLatestTuple takes two or three sources")
                }
            case .combineLatestOfNothing:
                return .arrays(combineLatest([S]()))
            case .zip:
                return .arrays(zip(sources))
            case .zipTuple:
                switch sources.count {
                case 2:
                    let pairs: Signal<(Int, Int), String> = zip(sources[0], sources[1])
                    return .arrays(pairs |> map { [$0.0, $0.1] })
                case 3:
                    let triples: Signal<(Int, Int, Int), String> = zip(sources[0], sources[1], sources[2])
                    return .arrays(triples |> map { [$0.0, $0.1, $0.2] })
                default: preconditionFailure("zipTuple takes two or three sources")
                }
            case .zipWith:
                return .arrays(zip(sources[0], sources[1]) |> map { [$0.0, $0.1] })
            case .zipOfNothing:
                return .arrays(zip([S]()))
            case .multicastCombined(let keyed):
                let shared = multicast(a, keyed: keyed)
                return .arrays(combineLatest([shared, shared |> map { $0 + 10 }]))
            case .shareCombined(let replay, let secondDelay):
                let shared = a |> share(replay: replay)
                let second = shared |> map { $0 + 10 }
                return .arrays(combineLatest([shared, secondDelay > 0 ? second |> delay(Double(secondDelay), queue: queue) : second]))
            case .last:
                return .optionals(a |> last)
            case .ignoreValues:
                return .nothing(a |> ignoreValues)
            case .buffer(let count):
                return .arrays(a |> buffer(count: count))
            case .collect:
                return .arrays(a |> collect)
            default:
                return .ints(build(operation, sources))
            }
        }

        private func multicast(_ signal: S, keyed: Bool) -> S {
            guard keyed else { preconditionFailure("unkeyed multicast() belongs to the untyped API") }
            let table = Multicast<Int>()
            world.keepAlive(table)
            return table.get(key: "a", signal: ignoringErrors(signal)) |> castError(String.self)
        }

        /// The pipeline of an operation whose output is an Int.
        func build(_ operation: Operation, _ sources: [S]) -> S {
            let a = sources[0]
            switch operation {
            case .source:
                return a
            case .sequential:
                let subscriptions = Atomic(value: 0)
                return deferred { sources[min(subscriptions.modify { $0 + 1 } - 1, sources.count - 1)] }
            case .chain(let operations):
                return operations.reduce(a) { build($1, [$0] + sources.dropFirst()) }
            case .map(let add):
                return a |> map { $0 + add }
            case .filter(let divisor):
                return a |> filter { $0 % divisor == 0 }
            case .distinct:
                return a |> distinctUntilChanged
            case .distinctModulo(let modulo):
                return a |> distinctUntilChanged(isEqual: { $0 % modulo == $1 % modulo })
            case .take(let count):
                return a |> take(count)
            case .takeLast:
                return a |> takeLast
            case .takeUntil(let limit, let inclusive):
                return a |> take(until: { SignalTakeAction(passthrough: $0 < limit || inclusive, complete: $0 >= limit) })
            case .catchError(let alternate):
                return a |> `catch` { _ in make("c", Marble(alternate)) }
            case .restart:
                return a |> restart
            case .recurse:
                return a |> recurse(nil)
            case .restartIfError:
                return (a |> restartIfError) |> castError(String.self)
            case .restartOrMapError(let restartOn):
                return a |> restartOrMapError { error in error == restartOn ? .restart : .error("m" + error) }
            case .retryDelayed(let increment, let maxDelay):
                return (a |> retry(Double(increment), maxDelay: Double(maxDelay), onQueue: queue)) |> castError(String.self)
            case .retryMatching(let error, let maxRetries):
                return a
                    |> retry(
                        retryOnError: { $0 == error }, delayIncrement: 1, maxDelay: 10, maxRetries: maxRetries,
                        onQueue: queue)
            case .merge:
                return merge(sources)
            case .mergeWith:
                return a |> merge(with: sources[1])
            case .mergeOfNothing:
                return merge([S]())
            case .withLatestFrom:
                return a |> withLatestFrom(sources[1])
            case .withLatestFromCombined:
                return a |> withLatestFrom(sources[1]) { $0 * 10 + $1 }
            case .last, .combineLatest, .combineLatestWithInitial, .combineLatestTuple, .combineLatestOfNothing, .ignoreValues,
                .multicastCombined, .buffer, .collect, .zip, .zipTuple, .zipWith, .zipOfNothing, .shareCombined:
                preconditionFailure("\(operation) has no Int output; it may only end a chain")
            case .switchToLatest(let inners):
                return a |> map(inner(inners)) |> switchToLatest
            case .mapToSignal(let inners):
                return a |> mapToSignal(inner(inners))
            case .mapToSignalPromotingError(let inners):
                return ignoringErrors(a) |> mapToSignalPromotingError(inner(inners))
            case .queue(let inners):
                return a |> map(inner(inners)) |> STypedSignal.queue
            case .mapToQueue(let inners):
                return a |> mapToQueue(inner(inners))
            case .throttled(let inners):
                return a |> map(inner(inners)) |> throttled
            case .mapToThrottled(let inners):
                return a |> mapToThrottled(inner(inners))
            case .then(let next):
                return a |> then(make("t", Marble(next)))
            case .deferred:
                return deferred {
                    hook("deferred")
                    return a
                }
            case .multicastAgain(let keyed, let firstTake, let secondDelay):
                let shared = multicast(a, keyed: keyed)
                let second = secondDelay > 0 ? shared |> delay(Double(secondDelay), queue: queue) : shared
                return (firstTake.map { shared |> take($0) } ?? shared) |> then(second)
            case .share(let replay):
                return a |> share(replay: replay)
            case .shareAgain(let replay, let firstTake, let secondDelay):
                let shared = a |> share(replay: replay)
                let second = secondDelay > 0 ? shared |> delay(Double(secondDelay), queue: queue) : shared
                return (firstTake.map { shared |> take($0) } ?? shared) |> then(second)
            case .variable(let ticks):
                let promise = Promise<Int>()
                world.keepAlive(promise)
                promise.set(ignoringErrors(a))
                for (index, tick) in ticks.enumerated() {
                    let next = ignoringErrors(sources[index + 1])
                    world.at(tick) { promise.set(next) }
                }
                return promise.get() |> castError(String.self)
            case .pipe(let replay):
                precondition(!replay, "a replaying pipe belongs to the untyped API")
                let pipe = ValuePipe<Int>()
                world.keepAlive(pipe)
                _ = a.start(next: { pipe.putNext($0) })
                return pipe.signal() |> castError(String.self)
            case .reduceSum(let initial):
                return a |> reduceLeft(value: initial) { $0 + $1 }
            case .reduceSumEmitting(let initial):
                return a
                    |> reduceLeft(value: initial) { (sum: Int, next: Int, emit: (Int) -> Void) -> Int in
                        emit(sum + next)
                        return sum + next
                    }
            case .beforeNext:
                return a |> beforeNext { hook("next \($0)") }
            case .afterNext:
                return a |> afterNext { hook("after \($0)") }
            case .beforeStarted:
                return a |> beforeStarted { hook("start") }
            case .beforeCompleted:
                return a |> beforeCompleted { hook("completing") }
            case .afterCompleted:
                return a |> afterCompleted { hook("completed") }
            case .afterDisposed:
                return a |> afterDisposed { hook("disposed") }
            case .withState:
                let subscriptions = Atomic(value: 0)
                return withState(
                    a, { subscriptions.modify { $0 + 1 } },
                    next: { value, state in hook("state \(state) next \(value)") },
                    error: { error, state in hook("state \(state) error \(error)") },
                    completed: { state in hook("state \(state) completed") },
                    disposed: { state in hook("state \(state) disposed") })
            case .deliverOn:
                return a |> deliverOn(queue)
            case .runOn:
                return a |> runOn(queue)
            case .delay(let ticks):
                return a |> delay(Double(ticks), queue: queue)
            case .timeout(let ticks, let alternate):
                return a |> timeout(Double(ticks), queue: queue, alternate: make("t", Marble(alternate)))
            case .throttleOn(let delay):
                return a |> debounce(Double(delay), queue: queue)
            case .mapError:
                return a |> mapError { "m" + $0 }
            case .materializeRoundTrip:
                return a |> dematerialize |> materialize
            case .scanSum(let initial):
                return a |> scan(initial) { $0 + $1 }
            case .startWith(let values):
                switch values.count {
                case 0: return a |> startWith()
                case 1: return a |> startWith(values[0])
                case 2: return a |> startWith(values[0], values[1])
                default: preconditionFailure("startWith takes up to two values here")
                }
            case .compactMapHalvingEvens:
                return a |> compactMap { $0 % 2 == 0 ? $0 / 2 : nil }
            case .replaceError(let value):
                return (a |> replaceError(with: value)) |> castError(String.self)
            case .skip(let count):
                return a |> skip(count)
            case .skipWhile(let limit):
                return a |> skip(while: { $0 < limit })
            case .takeWhile(let limit):
                return a |> take(while: { $0 < limit })
            case .throttle(let ticks, let latest):
                return a |> throttle(Double(ticks), latest: latest, on: queue)
            case .retryIf, .combineSignalsOfNothingWithInitialStates, .combineSignalsWithInitialStates, .combineSignalsWithNil,
                .mergeSignals, .mergeSignalsOfNothing, .takeUntilReplacement, .signalQueue, .onError:
                preconditionFailure("\(operation) belongs to the untyped API")
            }
        }
    }
}
