import SignalSync

/// Returns its argument.
public func identity<A>(a: A) -> A {
    a
}

/// Precedence of `|>`: left-associative, above the default precedence.
precedencegroup PipeRight {
    associativity: left
    higherThan: DefaultPrecedence
}

infix operator |> : PipeRight

/// Applies `function` to `value`: `signal |> map { $0 + 1 } |> filter { $0 > 2 }`.
///
/// Left-associative, so `s |> f |> g` is `g(f(s))`. Works for any value, not only
/// signals.
@inlinable @inline(__always)
public func |> <T, U>(value: T, function: (T) -> U) -> U {
    function(value)
}

/// A cold stream of values of type `T` that ends with completion or an error of type `E`.
///
/// A signal is only a generator: nothing runs until `start`, and each `start` runs the
/// generator again, synchronously, on the calling thread. Events arrive on whatever
/// thread the source sends them from; only dispatch and timing operators move them.
///
/// ```swift
/// let numbers = Signal<Int, NoError> { subscriber in
///     subscriber.putNext(1)
///     subscriber.putNext(2)
///     subscriber.putCompletion()
///     return EmptyDisposable
/// }
/// let _ = (numbers |> map { $0 * 10 }).start(next: { print($0) })  // 10, 20
/// ```
public final class Signal<T, E>: @unchecked Sendable {
    // Safety: the generator and the single value are set once in `init` and only read
    // until `deinit`; like the original, a signal may be started from any thread, and the
    // generator's own captures are the caller's contract. `var`s only so that `deinit` can
    // hand them to a fresh stack.
    /// What a subscription runs; nil for a signal made by `single`, which emits the value
    /// of `singleValue` instead (`generate(for:)`).
    @usableFromInline @exclusivity(unchecked) var generator: ((Subscriber<T, E>) -> Disposable)?
    /// The value of a signal made by `single`, boxed (see `SingleValue`); nil for every
    /// other signal. Consumers that would only forward it (the meta operators' inners,
    /// `Promise.set`) read it here instead of subscribing.
    @usableFromInline @exclusivity(unchecked) var singleValue: SingleValue<T>?

    /// Wraps a generator; nothing runs until the signal is started.
    @inlinable
    public init(_ generator: @escaping (Subscriber<T, E>) -> Disposable) {
        self.generator = generator
        singleValue = nil
    }

    /// The signal of `single(value)`: no generator, the value boxed in `singleValue`.
    @inlinable
    init(single value: consuming T) {
        generator = nil
        singleValue = SingleValue(value)
    }

    deinit {
        // An operator's signal holds its upstream signal through the generator, so dropping
        // a long chain releases signal after signal, nested: go on from a fresh stack when
        // this thread's is nearly used up.
        if StackGuard.isLow {
            // A single's value may be a signal too (a single of singles, nested).
            var released = (generator.take(), singleValue.take())
            StackGuard.onFreshStack { released = (nil, nil) }
            withExtendedLifetime(released) {}
        }
    }

    /// Subscribes: runs the generator now and returns the handle that ends the
    /// subscription.
    ///
    /// A nil callback ignores that event (termination still tears down upstream). If
    /// the generator terminates the subscriber before returning, the disposable it
    /// returns is disposed before `start` returns. Disposing the handle disposes the
    /// generator's disposable, then drops every later event without calling back.
    /// Dropping the handle cancels nothing. The handle is `Sendable`: any thread may
    /// dispose it.
    @inlinable @discardableResult
    public func start(next: ((T) -> Void)! = nil, error: ((E) -> Void)! = nil, completed: (() -> Void)! = nil) -> Disposable & Sendable {
        subscription(next: next, error: error, completed: completed)
    }

    /// Subscribes like `start` and returns the subscription itself, which is also its
    /// handle (the bridge hands it to the untyped API as is, without a wrapper).
    @inlinable
    package func subscription(next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) -> SubscriptionCore<T, E, SwiftSignalKitRules> {
        let subscriber = Subscriber<T, E>(next: next, error: error, completed: completed)
        let state = subscriber.state
        state.assign(GenerationScope.run(state) { generate(for: subscriber) })
        return state
    }

    /// The same as `start`; marks call sites that manage the handle themselves.
    @discardableResult
    public func startStandalone(next: ((T) -> Void)! = nil, error: ((E) -> Void)! = nil, completed: (() -> Void)! = nil) -> Disposable & Sendable {
        start(next: next, error: error, completed: completed)
    }

    /// Like `start`, but the handle is a `StrictDisposable`: in debug builds, dropping
    /// it without calling `dispose()` reports a leak naming `file` and `line`.
    public func startStrict(next: ((T) -> Void)! = nil, error: ((E) -> Void)! = nil, completed: (() -> Void)! = nil, file: String = #file, line: Int = #line)
        -> Disposable & Sendable
    {
        StrictDisposable(start(next: next, error: error, completed: completed), file: file, line: line)
    }

    /// Subscribes a given subscriber: runs the generator with it and returns the
    /// generator's disposable. Operators use it to skip a wrapper per stage.
    @inlinable @inline(__always)
    func run(_ subscriber: Subscriber<T, E>) -> Disposable {
        generate(for: subscriber)
    }

    /// Runs what a subscription runs, with `subscriber`: the generator, or for a signal
    /// made by `single` its value then the completion; returns the generator's disposable.
    @inlinable
    func generate(for subscriber: Subscriber<T, E>) -> Disposable {
        if let generator {
            return generator(subscriber)
        }
        subscriber.putNext(singleValue.unsafelyUnwrapped.value)
        subscriber.putCompletion()
        return EmptyDisposable
    }

    /// Emits `value`, then completes, synchronously.
    @inlinable
    public static func single(_ value: consuming T) -> Signal<T, E> {
        Signal(single: value)
    }

    /// Completes synchronously without a value.
    public static func complete() -> Signal<T, E> {
        Signal { subscriber in
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }

    /// Fails synchronously with `error`.
    public static func fail(_ error: E) -> Signal<T, E> {
        Signal { subscriber in
            subscriber.putError(error)
            return EmptyDisposable
        }
    }

    /// Never emits and never terminates; it retains nothing, so the callbacks are
    /// released as soon as `start` returns.
    public static func never() -> Signal<T, E> {
        Signal { _ in EmptyDisposable }
    }
}
