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
///
/// Not `final` only for the library's own signals that keep their state in fields instead
/// of a generator's closure context (`single`, `map`: one allocation less per signal);
/// its members are final.
public class Signal<T, E>: @unchecked Sendable {
    // Safety: the generator is set once in `init` and only read until `deinit`; like the
    // original, a signal may be started from any thread, and the generator's own captures
    // are the caller's contract. A `var` only so that `deinit` can hand it to a fresh stack;
    // not optional, so that calling it needs no reabstraction thunk (which would allocate at
    // every run).
    @usableFromInline @exclusivity(unchecked) var generator: (Subscriber<T, E>) -> Disposable
    /// What `run` calls, with this signal: a function without a context. A library
    /// subclass's generator, whose fields hold what a closure would have captured; for a
    /// signal made with a generator, a call of `generator`.
    @usableFromInline let runner: (Signal<T, E>, Subscriber<T, E>) -> Disposable
    /// What kind of library signal this is, which operators after it look at: a `single`
    /// (consumers that would only forward its value read `singleValue` instead of
    /// subscribing), or a stage that the next `map` or `filter` joins (`FusedSignal`).
    @usableFromInline package let stage: SignalStage
    #if DEBUG
        /// Its name in the chain of a recorded start (`LiveSubscriptionReport`): the
        /// function that made it (`#function` where a generator signal is made: an
        /// operator's name, or your function's), or its stage's own. Debug builds only.
        @usableFromInline let origin: StaticString
        /// A name given with `named(_:)`, which the chain shows instead.
        @usableFromInline var label: String?
    #endif

    /// Wraps a generator; nothing runs until the signal is started. `function` names it in
    /// the live-subscription report (`LiveSubscriptionReport`, SignalSync) of a debug build.
    ///
    /// The generator runs on the thread that starts the signal, which may be any thread:
    /// it is `@Sendable` (`@preconcurrency`: checked in Swift 6 mode, as a warning; Swift 5
    /// code gets no new diagnostic).
    @inlinable @preconcurrency
    public init(_ generator: @escaping @Sendable (Subscriber<T, E>) -> Disposable, function: StaticString = #function) {
        self.generator = generator
        runner = { signal, subscriber in signal.generator(subscriber) }
        stage = .generator
        #if DEBUG
            origin = function
        #endif
    }

    /// A signal whose subclass runs it through `runner`; `origin` names its stage.
    @inlinable
    init(runner: @escaping (Signal<T, E>, Subscriber<T, E>) -> Disposable, stage: SignalStage, origin: StaticString) {
        generator = { _ in EmptyDisposable }
        self.runner = runner
        self.stage = stage
        #if DEBUG
            self.origin = origin
        #endif
    }

    #if DEBUG
        /// Its name in a recorded start's chain (debug builds).
        @usableFromInline
        final var stageName: String {
            if let label {
                return label
            }
            switch stage.naming {
            case .source:
                return (self as! HubSignal<T, E>).sourceName
            case .steps:
                return (self as! FusedSignal<T, E>).steps.names.joined(separator: " |> ")
            case .origin:
                return StartRecords.stageName(of: origin)
            }
        }
    #endif

    /// The value of a signal made by `single`, where a start plan says `sendSingleValue`
    /// (`SignalStage.plan(for:)`). The meta operators' inners and `Promise.set` read it
    /// instead of subscribing: what that subscription would send, without building it.
    /// (Not a `T?` that is nil for other signals: code not specialized for `T`, such as
    /// those callers, would look up `Optional<T>`'s metadata at every read.)
    @inlinable
    package final var singleValue: T {
        // Safety: only `SingleSignal` stores the stage `.single`, the only stage whose plans
        // say `sendSingleValue`; `unsafeDowncast` checks it in debug builds. Pinned by
        // SignalStageTests, SingleSignalStorageTests.testEverySizeAndAlignmentComesOutIntactOnEverySubscription
        // and SingleHandOverTests.testMapToSignalForwardsEachSinglesValueThenCompletes.
        unsafeDowncast(self, to: SingleSignal<T, E>.self).value
    }

    deinit {
        // An operator's signal holds its upstream signal through the generator, so dropping
        // a long chain releases signal after signal, nested: go on from a fresh stack when
        // this thread's is nearly used up.
        if StackGuard.isLow {
            var released: ((Subscriber<T, E>) -> Disposable)? = generator
            generator = { _ in EmptyDisposable }
            StackGuard.onFreshStack { released = nil }
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
    ///
    /// In a debug build of the library, a start made by your code is recorded with `file`
    /// and `line` while the subscription lives (`LiveSubscriptionReport`, SignalSync).
    @inlinable @discardableResult @preconcurrency
    public final func start(
        next: (@Sendable (T) -> Void)! = nil, error: (@Sendable (E) -> Void)! = nil, completed: (@Sendable () -> Void)! = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable & Sendable {
        StartRecords.recording(site: SubscriptionStartSite(fileID: file.description, line: Int(line)), separator: " |> ") {
            subscription(next: next, error: error, completed: completed)
        }
    }

    /// Subscribes like `start` and returns the subscription, which is also its handle.
    @inlinable
    package final func subscription(next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) -> any Disposable & Sendable {
        switch stage.plan(for: .closures) {
        case .joinHub:
            return joinedHub.subscribe(next: next, error: error, completed: completed)
        case .mapStartsClosures, .stepsStartClosures, .stepsRunInHub:
            return ClosureStartingSignal.subscription(of: self, next: next, error: error, completed: completed)
        default:
            return subscription(SubscriptionState(next: next, error: error, completed: completed))
        }
    }

    /// Subscribes an operator stage's callbacks (the bridge's conversions) and
    /// returns the subscription, which is also its handle.
    @inlinable
    package final func subscription(callbacks: StageCallbacks<T, E>) -> SubscriptionCore<T, E, SwiftSignalKitRules> {
        subscription(SubscriptionState(callbacks: callbacks))
    }

    /// Subscribes with a prepared state and returns it as the handle.
    @inlinable
    final func subscription(_ state: SubscriptionState<T, E>) -> SubscriptionState<T, E> {
        if stage.plan(for: .callbacks) == .joinHub {
            let hub = joinedHub
            state.assign(GenerationScope.run(state) { hub.join(state) })
            return state
        }
        let subscriber = Subscriber<T, E>(state: state)
        state.assign(GenerationScope.run(state) { run(subscriber) })
        return state
    }

    /// Subscribes an operator stage that sends each value through `transform` to
    /// `downstream`, and its error and completion unchanged: what
    /// `start(next: { downstream.putNext(transform($0)) }, error: downstream.putError,
    /// completed: downstream.putCompletion)` does, with one allocation less.
    @inlinable
    final func startForwarding<R>(to downstream: Subscriber<R, E>, transform: @escaping (T) -> R) -> Disposable {
        subscription(SubscriptionState(callbacks: Stage(MapHead(transform), SubscriptionTail(downstream, downstream.core))))
    }

    /// Subscribes an operator stage that runs each value through `steps` (`filter`) and
    /// sends what passes to `downstream`, and its error and completion unchanged.
    @inlinable
    final func startStepping(to downstream: Subscriber<T, E>, steps: StatelessStep<T>) -> Disposable {
        subscription(SubscriptionState(callbacks: Stage(StepsHead(steps), SubscriptionTail(downstream, downstream.core))))
    }

    /// The same as `start`; marks call sites that manage the handle themselves.
    @discardableResult @preconcurrency
    public final func startStandalone(
        next: (@Sendable (T) -> Void)! = nil, error: (@Sendable (E) -> Void)! = nil, completed: (@Sendable () -> Void)! = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable & Sendable {
        start(next: next, error: error, completed: completed, file: file, line: line)
    }

    /// Like `start`, but the handle is a `StrictDisposable`: in debug builds, dropping
    /// it without calling `dispose()` reports a leak naming `file` and `line`.
    @preconcurrency
    public final func startStrict(
        next: (@Sendable (T) -> Void)! = nil, error: (@Sendable (E) -> Void)! = nil, completed: (@Sendable () -> Void)! = nil, file: String = #file,
        line: Int = #line
    )
        -> Disposable & Sendable
    {
        let handle = StartRecords.recording(site: SubscriptionStartSite(fileID: file, line: line), separator: " |> ") {
            subscription(next: next, error: error, completed: completed)
        }
        return StrictDisposable(handle, file: file, line: line)
    }

    /// Subscribes a given subscriber: runs the generator with it and returns the
    /// generator's disposable. Operators use it to skip a wrapper per stage.
    @inlinable @inline(__always)
    final func run(_ subscriber: Subscriber<T, E>) -> Disposable {
        #if DEBUG
            StartRecords.stage(stageName)
        #endif
        return runner(self, subscriber)
    }

    /// Emits `value`, then completes, synchronously.
    @inlinable
    public static func single(_ value: T) -> Signal<T, E> {
        SingleSignal(value)
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
        // Safety: a signal hands values of any type to the thread that starts it (the
        // contract of the `@unchecked Sendable` signal); the generator only reads it.
        nonisolated(unsafe) let error = error
        return Signal { subscriber in
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
