import SUntypedSignal
import SUntypedSignalOperators
import SignalSync
import SignalTesting

/// Builds and runs scenarios with SUntypedSignal: `SSignal`, the Int values and String
/// errors boxed as `Any?`.
enum UntypedDriver {
    /// Runs `scenario` and returns its trace.
    static func run(_ scenario: Scenario, in world: ScenarioWorld = ScenarioWorld()) -> [String] {
        let builder = Builder(world: world, queue: SQueue(world.operatorQueue)) { name, marble in
            source(name, marble, world)
        }
        let sources = scenario.sources.enumerated().map { builder.make(sourceName($0), $1) }
        let handle = sink(
            builder.build(scenario.operation, sources), world, fromCompletion: scenario.startedFromCompletion.contains(.untyped))
        return world.run(disposeAt: scenario.disposeAt) { handle.dispose() }
    }

    /// Subscribes the untyped sink: logs `next <value>` (`describeValue`), `error <e>`,
    /// `completed`; from the completion callback of `complete()` when `fromCompletion`
    /// (`Scenario.startedFromCompletion`).
    static func sink(_ signal: SSignal, _ world: ScenarioWorld, fromCompletion: Bool = false) -> SDisposable {
        if fromCompletion {
            let handle = SMetaDisposable()
            SSignal.complete().start(next: nil, error: nil, completed: { handle.setDisposable(sink(signal, world)) })
            return handle
        }
        return signal.start(
            next: { world.log("next \(describeValue($0))") },
            error: { world.log("error \(describeValue($0))") },
            completed: { world.log("completed") })
    }

    /// A cold source that plays `marble` from the moment of each subscription (a bare `#`
    /// fails with `"E"`).
    static func source(_ name: String, _ marble: Marble, _ world: ScenarioWorld) -> SSignal {
        world.scheduler.coldSSignal(marble.text, error: "E", subscriptions: world.subscriptions(of: name))
    }

    /// The Int inside an untyped value of a scenario.
    static func int(_ value: Any?) -> Int {
        guard let int = value as? Int else { preconditionFailure("expected an Int, got \(describeValue(value))") }
        return int
    }

    /// Builds operations with the untyped operators. `make` creates every named marble
    /// source the operation needs besides the scenario's own (alternatives, inners), so
    /// that a bridged driver can make them on the other API and convert them.
    ///
    /// `Sendable`: the operators' closures that use it (`@Sendable`) capture it.
    struct Builder: Sendable {
        let world: ScenarioWorld
        /// The queue handed to operators that take one.
        let queue: SQueue
        /// Makes the named source for a marble.
        let make: @Sendable (_ name: String, _ marble: Marble) -> SSignal

        private func inner(_ inners: [Int: String]) -> @Sendable (Any?) -> SSignal {
            { value in
                let key = int(value)
                return make("i\(key)", Marble(inners[key] ?? "|"))
            }
        }

        private func hook(_ text: String) {
            world.log("hook \(text)")
        }

        /// The pipeline, whatever its output shape (`Operation.outputShape`).
        func build(_ operation: Operation, _ sources: [SSignal]) -> SSignal {
            let a = sources[0]
            switch operation {
            case .source:
                return a
            case .sequential:
                let subscriptions = Atomic(value: 0)
                return SSignal.deferred { sources[min(subscriptions.modify { $0 + 1 } - 1, sources.count - 1)] }
            case .chain(let operations):
                return operations.reduce(a) { build($1, [$0] + sources.dropFirst()) }
            case .map(let add):
                return a.map { int($0) + add }
            case .filter(let divisor):
                return a.filter { int($0) % divisor == 0 }
            case .distinct:
                return a.ignoreRepeated()
            case .take(let count):
                return a.take(count)
            case .takeLast:
                return a.takeLast()
            case .catchError(let alternate):
                return a.catch { _ in make("c", Marble(alternate)) }
            case .restart:
                return a.restart()
            case .restartIfError:
                return a.retryIf { _ in true }
            case .retryIf(let error):
                return a.retryIf { ($0 as? String) == error }
            case .combineLatest:
                return SSignal.combineSignals(sources)
            case .combineLatestOfNothing:
                return SSignal.combineSignals([SSignal]())
            case .combineSignalsOfNothingWithInitialStates:
                return SSignal.combineSignals([SSignal](), withInitialStates: [1])
            case .combineSignalsWithInitialStates(let seeds):
                return SSignal.combineSignals(sources, withInitialStates: seeds)
            case .combineSignalsWithNil(let nilFor):
                return SSignal.combineSignals(
                    sources.map { source in
                        source.map { value -> Any? in int(value) == nilFor ? nil : value }
                    })
            case .mergeSignals:
                return SSignal.mergeSignals(sources)
            case .mergeSignalsOfNothing:
                return SSignal.mergeSignals([SSignal]())
            case .merge:
                return SSignal.merge(sources)
            case .mergeWith:
                return a.merge(with: sources[1])
            case .mergeOfNothing:
                return SSignal.merge([SSignal]())
            case .zip:
                return SSignal.zip(sources)
            case .zipWith:
                return a.zip(with: sources[1])
            case .zipOfNothing:
                return SSignal.zip([SSignal]())
            case .withLatestFrom:
                return a.withLatestFrom(sources[1])
            case .withLatestFromCombined:
                return a.withLatestFrom(sources[1]) { int($0) * 10 + int($1) }
            case .switchToLatest(let inners):
                return a.map(inner(inners)).switchToLatest()
            case .mapToSignal(let inners):
                return a.mapToSignal(inner(inners))
            case .queue(let inners):
                return a.map(inner(inners)).queue()
            case .mapToQueue(let inners):
                return a.mapToQueue(inner(inners))
            case .throttled(let inners):
                return a.map(inner(inners)).throttled()
            case .mapToThrottled(let inners):
                return a.mapToThrottled(inner(inners))
            case .then(let next):
                return a.then(make("t", Marble(next)))
            case .deferred:
                return SSignal.deferred {
                    hook("deferred")
                    return a
                }
            case .takeUntilReplacement(let inners):
                return a.takeUntilReplacement(sources[1].map(inner(inners)))
            case .signalQueue(let cancel):
                let queue = SSignalQueue()
                world.keepAlive(queue)
                return SSignal.mergeSignals(
                    sources.enumerated().map { index, source in
                        let item = queue.enqueue(source)
                        guard let tick = cancel[index] else { return item }
                        return SSignal { subscriber in
                            let handle = item.start(
                                next: subscriber.putNext, error: subscriber.putError,
                                completed: subscriber.putCompletion)
                            world.at(tick) {
                                hook("cancel \(sourceName(index))")
                                handle.dispose()
                            }
                            return handle
                        }
                    })
            case .multicastCombined(let keyed):
                let shared = multicast(a, keyed: keyed)
                return SSignal.combineSignals([shared, shared.map { int($0) + 10 }])
            case .multicastAgain(let keyed, let firstTake, let secondDelay):
                let shared = multicast(a, keyed: keyed)
                let second = secondDelay > 0 ? shared.delay(Double(secondDelay), onQueue: queue) : shared
                return (firstTake.map { shared.take($0) } ?? shared).then(second)
            case .share(let replay):
                return a.share(replay: replay)
            case .shareCombined(let replay, let secondDelay):
                let shared = a.share(replay: replay)
                let second = shared.map { int($0) + 10 }
                return SSignal.combineSignals([shared, secondDelay > 0 ? second.delay(Double(secondDelay), onQueue: queue) : second])
            case .shareAgain(let replay, let firstTake, let secondDelay):
                let shared = a.share(replay: replay)
                let second = secondDelay > 0 ? shared.delay(Double(secondDelay), onQueue: queue) : shared
                return (firstTake.map { shared.take($0) } ?? shared).then(second)
            case .variable(let ticks):
                let variable = SVariable()
                world.keepAlive(variable)
                variable.set(a)
                for (index, tick) in ticks.enumerated() {
                    let next = sources[index + 1]
                    world.at(tick) { variable.set(next) }
                }
                return variable.signal()
            case .pipe(let replay):
                let pipe = SPipe(replay: replay)
                world.keepAlive(pipe)
                a.start(next: { pipe.putNext($0) })
                return pipe.signal()
            case .reduceSum(let initial):
                return a.reduceLeft(initial) { int($0) + int($1) }
            case .reduceSumEmitting(let initial):
                return a.reduceLeftWithPassthrough(initial) { sum, next, emit in
                    emit(int(sum) + int(next))
                    return int(sum) + int(next)
                }
            case .beforeNext:
                return a.onNext { hook("next \(describeValue($0))") }
            case .afterNext:
                return a.afterNext { hook("after \(describeValue($0))") }
            case .beforeStarted:
                return a.onStart { hook("start") }
            case .beforeCompleted:
                return a.onCompletion { hook("completing") }
            case .afterCompleted:
                return a.afterCompletion { hook("completed") }
            case .afterDisposed:
                return a.onDispose { hook("disposed") }
            case .onError:
                return a.onError { hook("error \(describeValue($0))") }
            case .deliverOn:
                return a.deliverOn(queue)
            case .runOn:
                return a.startOn(queue)
            case .delay(let ticks):
                return a.delay(Double(ticks), onQueue: queue)
            case .timeout(let ticks, let alternate):
                return a.timeout(Double(ticks), onQueue: queue, orSignal: make("t", Marble(alternate)))
            case .throttleOn(let delay):
                return a.throttleOn(queue, delay: Double(delay))
            case .scanSum(let initial):
                return a.scan(initial) { int($0) + int($1) }
            case .startWith(let values):
                switch values.count {
                case 0: return a.startWith()
                case 1: return a.startWith(values[0])
                case 2: return a.startWith(values[0], values[1])
                default: preconditionFailure("startWith takes up to two values here")
                }
            case .compactMapHalvingEvens:
                return a.compactMap { int($0) % 2 == 0 ? int($0) / 2 : nil }
            case .replaceError(let value):
                return a.replaceError(with: value)
            case .skip(let count):
                return a.skip(count)
            case .skipWhile(let limit):
                return a.skip(while: { int($0) < limit })
            case .takeWhile(let limit):
                return a.take(while: { int($0) < limit })
            case .buffer(let count):
                return a.buffer(count: count)
            case .collect:
                return a.collect()
            case .throttle(let ticks, let latest):
                return a.throttle(Double(ticks), latest: latest, on: queue)
            case .distinctModulo, .takeUntil, .last, .recurse, .mapToSignalPromotingError, .restartOrMapError, .retryDelayed, .retryMatching,
                .combineLatestWithInitial, .combineLatestTuple, .ignoreValues, .withState, .mapError, .materializeRoundTrip,
                .zipTuple:
                preconditionFailure("\(operation) belongs to the typed API")
            }
        }

        /// `multicast()`, or keyed sharing asked at each subscription (the way typed
        /// `Multicast.get(key:signal:)` looks its key up).
        private func multicast(_ signal: SSignal, keyed: Bool) -> SSignal {
            guard keyed else { return signal.multicast() }
            let manager = SMulticastSignalManager()
            world.keepAlive(manager)
            return SSignal.deferred {
                guard let shared = manager.multicastedSignal(forKey: "a", producer: { signal }) else {
                    preconditionFailure("a keyed signal with a producer is never nil")
                }
                return shared
            }
        }
    }
}
