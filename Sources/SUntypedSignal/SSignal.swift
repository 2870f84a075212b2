import SignalSync

/// A cold stream of untyped values that ends with completion or an error.
///
/// Values and errors are `Any?`; `nil` is a legal value and a legal error. A signal is
/// only a generator: nothing runs until `start`, and each `start` runs the generator
/// again, synchronously, on the calling thread. Events arrive on whatever thread the
/// source sends them from; only the dispatch and timing operators move them. Operators
/// are methods, so pipelines chain:
///
/// ```swift
/// let numbers = SSignal { subscriber in
///     subscriber.putNext(1)
///     subscriber.putNext(2)
///     subscriber.putCompletion()
///     return nil
/// }
/// numbers.map { ($0 as! Int) * 10 }.start(next: { print($0!) })  // 10, 20
/// ```
public final class SSignal: @unchecked Sendable {
    // Safety: the generator and the single value are set once in `init` and only read
    // until `deinit`; like the original, a signal may be started from any thread, and the
    // generator's own captures are the caller's contract. `var`s only so that `deinit` can
    // hand them to a fresh stack.
    /// What a subscription runs; nil for a signal made by `single`, which emits
    /// `singleValue` instead (`generate(for:)`).
    @usableFromInline @exclusivity(unchecked) var generator: ((SSubscriber) -> SDisposable?)?
    /// The value of a signal made by `single` (`isSingle`), held in the signal instead of
    /// in a generator's context; nil for every other signal. Consumers that would only
    /// forward it (the meta operators' inners, `SVariable.set`) read it here instead of
    /// subscribing.
    @usableFromInline @exclusivity(unchecked) var singleValue: Any?

    /// True for a signal made by `single`: it has no generator, and emits `singleValue`
    /// then completes.
    @inlinable var isSingle: Bool {
        generator == nil
    }

    /// Wraps a generator; nothing runs until the signal is started. The generator may
    /// send events before it returns, and may return nil when it holds no resources.
    @inlinable
    public init(_ generator: @escaping (SSubscriber) -> SDisposable?) {
        self.generator = generator
        singleValue = nil
    }

    /// The signal of `single(value)`: no generator, the value in the signal itself
    /// (`singleValue`), so a single is one allocation, the signal.
    @inlinable
    init(single value: consuming Any?) {
        generator = nil
        singleValue = value
    }

    deinit {
        // An operator's signal holds its upstream signal through the generator, so dropping
        // a long chain releases signal after signal, nested: go on from a fresh stack when
        // this thread's is nearly used up.
        if StackGuard.isLow {
            // A single's value may hold a signal too (a single of singles, nested).
            var released = (generator.take(), singleValue.take())
            StackGuard.onFreshStack { released = (nil, nil) }
            withExtendedLifetime(released) {}
        }
    }

    /// Subscribes: runs the generator now, on this thread, and returns the handle that
    /// ends the subscription.
    ///
    /// A nil callback ignores that event (an error nobody listens to is swallowed, but
    /// still ends the subscription). If the generator terminates the subscriber before
    /// returning, the disposable it returns is disposed before `start` returns.
    /// Disposing the handle disposes the generator's disposable, then drops every later
    /// event without calling back and releases the callbacks; no completion or error
    /// callback runs on disposal. Dropping the handle cancels nothing.
    @inlinable @discardableResult
    public func start(next: ((Any?) -> Void)? = nil, error: ((Any?) -> Void)? = nil, completed: (() -> Void)? = nil) -> SDisposable {
        subscription(next: next, error: error, completed: completed)
    }

    /// Subscribes like `start` and returns the subscription itself, which is also its
    /// handle (the bridge hands it to the typed API as is, without a wrapper).
    @inlinable
    package func subscription(next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) -> SubscriptionCore<Any?, Any?, SSignalKitRules> {
        start(SSubscriptionState(next: next, error: error, completed: completed))
    }

    /// Like `start`, but the handle is an `SStrictDisposable`: in debug builds, dropping
    /// it without calling `dispose()` asserts with "Leaked disposable from
    /// <file>:<line>".
    public func startStrict(
        next: ((Any?) -> Void)? = nil, error: ((Any?) -> Void)? = nil, completed: (() -> Void)? = nil, file: StaticString = #file, line: Int = #line
    ) -> SDisposable {
        SStrictDisposable(start(next: next, error: error, completed: completed), file: file, line: line)
    }

    /// Subscribes with a prepared state (operators that need the upstream handle before
    /// the upstream generator runs) and returns it as the handle.
    @inlinable @discardableResult
    func start(_ state: SSubscriptionState) -> SSubscriptionState {
        let subscriber = SSubscriber(state: state)
        state.assign(GenerationScope.run(state) { generate(for: subscriber) })
        return state
    }

    /// Runs what a subscription runs, with `subscriber`: the generator, or for a signal
    /// made by `single` its value then the completion; returns the generator's disposable.
    @inlinable
    func generate(for subscriber: SSubscriber) -> SDisposable? {
        if let generator {
            return generator(subscriber)
        }
        subscriber.putNext(singleValue)
        subscriber.putCompletion()
        return nil
    }
}
