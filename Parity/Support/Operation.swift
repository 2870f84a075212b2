/// An operator with its arguments, written once and interpreted by every driver.
///
/// Values are Ints and errors are Strings on every API (boxed as `Any?` on the
/// untyped one). Marble arguments become extra sources; their names are given in
/// each case's comment. Hooks log into the trace as `hook ...`.
indirect enum Operation {
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

    // Meta: the outer source's value v selects the inner marble `inners[v]`, named `i<v>`.
    case switchToLatest([Int: String])
    case mapToSignal([Int: String])
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

    // Reduce
    /// `reduceLeft(value:) { $0 + $1 }`.
    case reduceSum(initial: Int)

    // Side effects
    case beforeNext
    case afterNext
    case beforeStarted
    case beforeCompleted
    case afterCompleted
    case afterDisposed
    /// Untyped `onError`: logs `hook error <e>` before the error.
    case onError

    // Dispatch and timing, on the scenario's virtual queue (one tick = one second).
    case deliverOn
    case runOn
    /// `delay(ticks, queue:)`: delays the subscription.
    case delay(Int)
    /// `timeout(ticks, queue:, alternate: marble "t")`.
    case timeout(Int, String)

    // Errors and events
    /// Typed `mapError { "m" + $0 }`.
    case mapError
    /// Typed `dematerialize |> materialize` round trip.
    case materializeRoundTrip
}
