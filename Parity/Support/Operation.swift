/// An operator with its arguments, written once and interpreted by every driver.
///
/// Values are Ints and errors are Strings on every API (boxed as `Any?` on the
/// untyped one). Marble arguments become extra sources; their names are given in
/// each case's comment. Hooks log into the trace as `hook ...`.
indirect enum Operation: Sendable {
    /// `a` as it is.
    case source
    /// `deferred` over the sources in turn: the n-th subscription starts the n-th source
    /// (`a`, then `b`, then `c`, ...; the last one again once they run out). Put it first
    /// in a chain: it lets a restarting operator meet a different source per iteration.
    case sequential
    /// Several operations applied in order, each to the result of the previous.
    case chain([Operation])

    // Mapping
    /// `map { $0 + add }`.
    case map(add: Int)
    /// `filter { $0 % divisor == 0 }`.
    case filter(divisibleBy: Int)
    /// `distinctUntilChanged` / `ignoreRepeated`.
    case distinct
    /// Typed `distinctUntilChanged(isEqual:)`: values with the same remainder modulo
    /// `modulo` count as equal.
    case distinctModulo(Int)

    // Take
    /// `take(count)`.
    case take(Int)
    /// `takeLast`.
    case takeLast
    /// Typed `last`: the last value or nil (`next nil`) on completion.
    case last
    /// Typed `take(until:)`: passes values below `limit`, completes at the first value
    /// that is at least `limit` (forwarding it when `inclusive`).
    case takeUntil(limit: Int, inclusive: Bool)

    // Catch
    /// `catch`: on error, switch to the marble source `c`.
    case catchError(String)
    /// `restart`: resubscribe on completion, forever.
    case restart
    /// Typed `restartIfError` / untyped `retryIf { _ in true }`: resubscribe on any error.
    case restartIfError
    /// Untyped `retryIf`: resubscribe while the error equals `error`.
    case retryIf(String)
    /// Typed `recurse(nil)`: the alias of `restart`.
    case recurse
    /// Typed `restartOrMapError`: restart on the error `restartOn`, fail with `"m" + e`
    /// on any other error `e`.
    case restartOrMapError(restartOn: String)
    /// Typed `retry(increment, maxDelay:, onQueue:)` on the virtual queue: resubscribe
    /// after every error, waiting `increment`, `2 × increment`, ... up to `maxDelay` ticks.
    case retryDelayed(increment: Int, maxDelay: Int)
    /// Typed `retry(retryOnError: { $0 == error }, delayIncrement: 1, maxDelay: 10,
    /// maxRetries:, onQueue:)`.
    case retryMatching(String, maxRetries: Int?)

    // Combine
    /// `combineLatest` of every source / `combineSignals`; emits `next [x,y]`.
    case combineLatest
    /// Seeded two-source combine: emits the seed at once.
    case combineLatestWithInitial(Int, Int)
    /// Typed tuple `combineLatest(a, b)` / `combineLatest(a, b, c)` (two or three
    /// sources); emits `next [x,y]` like the array form.
    case combineLatestTuple
    /// `combineLatest([])` / `combineSignals([])`: the sources are ignored.
    case combineLatestOfNothing
    /// Untyped `combineSignals([], withInitialStates: [1])`: the sources are ignored.
    case combineSignalsOfNothingWithInitialStates
    /// Untyped `combineSignals(_:withInitialStates:)` of every source with these seeds.
    case combineSignalsWithInitialStates([Int])
    /// Untyped `combineSignals` of every source, each source's value `nilFor` sent as
    /// nil (a value like any other, printed `nil`: decided fix).
    case combineSignalsWithNil(nilFor: Int)
    /// Untyped `mergeSignals` of every source.
    case mergeSignals
    /// Untyped `mergeSignals([])`: the sources are ignored.
    case mergeSignalsOfNothing
    /// Issue 53 (STypedSignalOperators / SUntypedSignalOperators): `merge(sources)` /
    /// `SSignal.merge(sources)`, the array form, of every source.
    case merge
    /// `a |> merge(with: b)` / `a.merge(with: b)`.
    case mergeWith
    /// `merge([])` / `SSignal.merge([])`: the sources are ignored.
    case mergeOfNothing
    /// `zip(sources)` / `SSignal.zip(sources)`, the array form; emits `next [x,y]`.
    case zip
    /// Typed tuple `zip(a, b)` / `zip(a, b, c)` (two or three sources), printed as arrays.
    case zipTuple
    /// Typed `zip(a, b)` (tuple) / untyped `a.zip(with: b)`; emits `next [x,y]`.
    case zipWith
    /// `zip([])` / `SSignal.zip([])`: the sources are ignored.
    case zipOfNothing
    /// `a |> withLatestFrom(b)` / `a.withLatestFrom(b)`: b's latest value.
    case withLatestFrom
    /// `a |> withLatestFrom(b) { $0 * 10 + $1 }` / the untyped one with the same closure.
    case withLatestFromCombined

    // Meta: the outer source's value v selects the inner marble `inners[v]`, named `i<v>`.
    case switchToLatest([Int: String])
    case mapToSignal([Int: String])
    /// Typed `mapToSignalPromotingError` over a `NoError` outer: the outer source's error
    /// ends it like a completion; inner errors become the output's errors.
    case mapToSignalPromotingError([Int: String])
    case queue([Int: String])
    case mapToQueue([Int: String])
    case throttled([Int: String])
    case mapToThrottled([Int: String])
    /// `then`: after completion, subscribe the marble source `t`.
    case then(String)
    /// `deferred` / `defer`: builds `a` lazily; logs `hook deferred` per subscription.
    case deferred
    /// `ignoreValues`: only terminal events.
    case ignoreValues
    /// Untyped `takeUntilReplacement`: `a` until the replacement source `b` emits v, then
    /// the inner `i<v>` (replaced again by b's next value).
    case takeUntilReplacement([Int: String])
    /// Untyped `SSignalQueue`: every source is enqueued and subscribed in order, the
    /// output merges their events; the subscription to the source at index i is
    /// disposed at tick `cancel[i]` (logged `hook cancel <name>`).
    case signalQueue(cancel: [Int: Int])

    // Shared and hot sources
    /// `multicast()` (untyped) or, when `keyed`, keyed sharing: typed
    /// `Multicast.get(key:signal:)` / untyped `SMulticastSignalManager.multicastedSignal
    /// (forKey:producer:)` asked at each subscription. Two subscribers combined:
    /// `combineLatest([m, m |> map { $0 + 10 }])`; emits `next [x,y]`. Typed keyed sharing
    /// takes a `NoError` signal: the source's errors end it as a completion.
    case multicastCombined(keyed: Bool)
    /// Like `multicastCombined`, with a second subscriber arriving when the first has
    /// ended: `m |> take(firstTake) |> then(m |> delay(secondDelay))` (no take when nil, no
    /// delay when 0).
    case multicastAgain(keyed: Bool, firstTake: Int?, secondDelay: Int = 0)
    /// `share(replay:)` (both operator modules), one subscriber: `a |> share(replay: n)`.
    case share(replay: Int)
    /// `share(replay:)` with two subscribers combined: `combineLatest([s, s |> map { $0 + 10 }
    /// |> delay(secondDelay)])` (no delay when 0: both subscribe at once); emits `next [x,y]`.
    case shareCombined(replay: Int, secondDelay: Int = 0)
    /// `share(replay:)` with a second subscriber arriving when the first has ended, as in
    /// `multicastAgain`: `s |> take(firstTake) |> then(s |> delay(secondDelay))`.
    case shareAgain(replay: Int, firstTake: Int?, secondDelay: Int = 0)
    /// Untyped `SVariable` / typed `Promise`: `set(a)` when the pipeline is built, then
    /// `set(b)`, `set(c)`, ... at the given ticks; the output is `signal()` / `get()`.
    /// Source errors end a source like a completion (typed: through `catch`).
    case variable(setNextAt: [Int])
    /// Untyped `SPipe(replay:)` / typed `ValuePipe` (no replay): `a` is subscribed when
    /// the pipeline is built and feeds the pipe; the output is the pipe's signal.
    case pipe(replay: Bool)

    // Reduce
    /// `reduceLeft(value:) { $0 + $1 }`.
    case reduceSum(initial: Int)
    /// Typed `reduceLeft(value:f:)` with `emit` / untyped `reduceLeftWithPassthrough`:
    /// emits every running sum, then the sum again on completion.
    case reduceSumEmitting(initial: Int)

    // Side effects
    case beforeNext
    case afterNext
    case beforeStarted
    case beforeCompleted
    case afterCompleted
    case afterDisposed
    /// Untyped `onError`: logs `hook error <e>` before the error.
    case onError
    /// Typed `withState`: the state is a subscription number; logs `hook state <n> next
    /// <v>`, `... error <e>`, `... completed`, `... disposed`.
    case withState

    // Dispatch and timing, on the scenario's virtual queue (one tick = one second).
    case deliverOn
    case runOn
    /// `delay(ticks, queue:)`: delays the subscription.
    case delay(Int)
    /// `timeout(ticks, queue:, alternate: marble "t")`.
    case timeout(Int, String)
    /// Untyped `throttleOn(queue, delay:)`, a debounce (decided fix), and its typed face
    /// `debounce(delay, queue:)` (beyond SwiftSignalKit), over one engine.
    case throttleOn(delay: Int)

    // Errors and events
    /// Typed `mapError { "m" + $0 }`.
    case mapError
    /// Typed `dematerialize |> materialize` round trip.
    case materializeRoundTrip

    // Transform (beyond both originals: the operator modules)
    /// `scan(initial) { $0 + $1 }`: every running sum.
    case scanSum(initial: Int)
    /// `startWith(values...)` (up to two values).
    case startWith([Int])
    /// `compactMap { $0 % 2 == 0 ? $0 / 2 : nil }`: halves the even values, drops the odd.
    case compactMapHalvingEvens
    /// `replaceError(with: value)` (typed: back to `String` errors with `castError`).
    case replaceError(Int)
    /// `skip(count)`.
    case skip(Int)
    /// `skip(while: { $0 < limit })`.
    case skipWhile(below: Int)
    /// `take(while: { $0 < limit })`.
    case takeWhile(below: Int)
    /// `buffer(count:)`; emits `next [x,y]`.
    case buffer(Int)
    /// `collect`; emits `next [x,y,...]`.
    case collect
    /// `throttle(ticks, latest:, on: queue)` on the virtual queue.
    case throttle(Int, latest: Bool)
}

/// The shape of a pipeline's output values, as the sinks print them.
enum OutputShape {
    /// `Int`: `next 4`.
    case int
    /// `[Int]`: `next [1,2]`.
    case intArray
    /// `[Int?]` (untyped nil values): `next [nil,2]`.
    case optionalIntArray
    /// `Int?` (typed `last`): `next nil`.
    case optionalInt
    /// No values (typed `ignoreValues`).
    case nothing
}

extension Operation {
    /// The APIs that have every operator of this operation. A driver applies when the
    /// API of its operator side is one of them.
    var apis: Set<API> {
        let both = Set(API.allCases)
        switch self {
        case .chain(let operations):
            return operations.reduce(both) { $0.intersection($1.apis) }
        case .source, .sequential, .map, .filter, .distinct, .take, .takeLast, .catchError, .restart, .restartIfError,
            .combineLatest, .combineLatestOfNothing, .switchToLatest, .mapToSignal, .queue, .mapToQueue, .throttled,
            .mapToThrottled, .then, .deferred, .reduceSum, .reduceSumEmitting, .beforeNext, .afterNext, .beforeStarted,
            .beforeCompleted, .afterCompleted, .afterDisposed, .deliverOn, .runOn, .delay, .timeout, .throttleOn, .variable,
            .share, .shareCombined, .shareAgain:
            return both
        case .scanSum, .startWith, .compactMapHalvingEvens, .replaceError, .skip, .skipWhile, .takeWhile, .buffer, .collect,
            .throttle:
            return both
        case .merge, .mergeWith, .mergeOfNothing, .zip, .zipWith, .zipOfNothing, .withLatestFrom, .withLatestFromCombined:
            return both
        case .zipTuple:
            return [.typed]
        case .distinctModulo, .takeUntil, .last, .recurse, .mapToSignalPromotingError, .restartOrMapError, .retryDelayed,
            .retryMatching, .combineLatestWithInitial, .combineLatestTuple, .ignoreValues, .withState, .mapError, .materializeRoundTrip:
            return [.typed]
        case .retryIf, .combineSignalsOfNothingWithInitialStates, .combineSignalsWithInitialStates, .combineSignalsWithNil,
            .mergeSignals, .mergeSignalsOfNothing, .takeUntilReplacement, .signalQueue, .onError:
            return [.untyped]
        case .multicastCombined(let keyed), .multicastAgain(let keyed, _, _):
            // Typed sharing is keyed only (`Multicast`); untyped has both.
            return keyed ? both : [.untyped]
        case .pipe(let replay):
            // `ValuePipe` never replays.
            return replay ? [.untyped] : both
        }
    }

    /// What the pipeline emits. Operations whose output is not an Int may only end a
    /// chain.
    var outputShape: OutputShape {
        switch self {
        case .chain(let operations):
            return operations.last?.outputShape ?? .int
        case .combineLatest, .combineLatestWithInitial, .combineLatestTuple, .combineLatestOfNothing,
            .combineSignalsOfNothingWithInitialStates, .combineSignalsWithInitialStates, .multicastCombined, .zip, .zipTuple,
            .zipWith, .zipOfNothing, .shareCombined:
            return .intArray
        case .buffer, .collect:
            return .intArray
        case .combineSignalsWithNil:
            return .optionalIntArray
        case .last:
            return .optionalInt
        case .ignoreValues:
            return .nothing
        default:
            return .int
        }
    }
}
