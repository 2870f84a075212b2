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
///
/// Not `final` only for the library's own signals that keep their state in fields instead
/// of a generator's closure context (`single`, `map`, fused `map` and `filter` steps:
/// one allocation less per signal); its members are final.
public class SSignal: @unchecked Sendable {
    // Safety: the generator is set once in `init` and only read until `deinit`; like the
    // original, a signal may be started from any thread, and the generator's own captures
    // are the caller's contract. A `var` only so that `deinit` can hand it to a fresh stack;
    // not optional, so that calling it needs no reabstraction thunk (which would allocate at
    // every run).
    @usableFromInline @exclusivity(unchecked) var generator: (SSubscriber) -> SDisposable?
    /// What `run` calls, with this signal: a function without a context. A library
    /// subclass's generator, whose fields hold what a closure would have captured; for a
    /// signal made with a generator, a call of `generator`.
    @usableFromInline let runner: (SSignal, SSubscriber) -> SDisposable?
    /// What kind of library signal this is (`SignalStage`, SignalSync): what a start of it
    /// builds (`plan(for:)`) and what a `map` or `filter` after it joins.
    @usableFromInline package let stage: SignalStage
    #if DEBUG
        /// Its name in the chain of a recorded start (`LiveSubscriptionReport`): the
        /// function that made it (`#function` where a generator signal is made: an
        /// operator's name, or your function's), or its stage's own. Debug builds only.
        @usableFromInline let origin: StaticString
        /// A name given with `named(_:)`, which the chain shows instead.
        @usableFromInline var label: String?
    #endif

    /// Wraps a generator; nothing runs until the signal is started. The generator may
    /// send events before it returns, and may return nil when it holds no resources.
    /// `function` names it in the live-subscription report (`LiveSubscriptionReport`, SignalSync) of
    /// a debug build.
    ///
    /// The generator runs on the thread that starts the signal, which may be any thread:
    /// it is `@Sendable` (`@preconcurrency`: checked in Swift 6 mode, as a warning; Swift 5
    /// code gets no new diagnostic).
    @inlinable @preconcurrency
    public init(_ generator: @escaping @Sendable (SSubscriber) -> SDisposable?, function: StaticString = #function) {
        self.generator = generator
        runner = { signal, subscriber in signal.generator(subscriber) }
        stage = .generator
        #if DEBUG
            origin = function
        #endif
    }

    /// A signal whose subclass runs it through `runner`; `origin` names its stage.
    @inlinable
    init(runner: @escaping (SSignal, SSubscriber) -> SDisposable?, stage: SignalStage = .generator, origin: StaticString = "") {
        generator = { _ in nil }
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
                return (self as! HubSSignal).sourceName
            case .steps:
                return (self as! FusedSSignal).steps.names.joined(separator: ".")
            case .origin:
                return StartRecords.stageName(of: origin)
            }
        }
    #endif

    /// The value of a signal made by `single`, where a start plan says `sendSingleValue`
    /// (`SignalStage.plan(for:)`). The meta operators' inners and `SVariable.set` read it
    /// instead of subscribing: what that subscription would send, without building it.
    @inlinable
    package final var singleValue: Any? {
        (self as! SingleSSignal).value
    }

    /// This signal as the hot source's signal it is, where a start plan says `joinHub`
    /// (`SignalStage.plan(for:)`): the one conversion to `HubSSignal`. Records the stage
    /// in a debug build's start chain, as a start of the signal would.
    @inlinable @inline(__always)
    final var joinedHub: HubSSignal {
        #if DEBUG
            StartRecords.stage(stageName)
        #endif
        // Safety: only `HubSSignal`'s initializer stores the stage `.hub`, the only stage
        // whose plans say `joinHub` (a checked cast here would be a run-time call per
        // start); `unsafeDowncast` checks it in debug builds. Pinned by SignalStageTests,
        // SSignalPipeTests and SVariableTests.
        return unsafeDowncast(self, to: HubSSignal.self)
    }

    deinit {
        // An operator's signal holds its upstream signal through the generator, so dropping
        // a long chain releases signal after signal, nested: go on from a fresh stack when
        // this thread's is nearly used up.
        if StackGuard.isLow {
            var released: ((SSubscriber) -> SDisposable?)? = generator
            generator = { _ in nil }
            StackGuard.onFreshStack { released = nil }
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
    ///
    /// Disfavored: `SSignalKit` adds the optional-handle `start` that Swift code written
    /// against the original expects, and Swift then picks that one wherever an optional
    /// fits (`let d = signal.start(...)`). Without `import SSignalKit` there is no other
    /// `start` and nothing changes.
    ///
    /// In a debug build of the library, a start made by your code is recorded with `file`
    /// and `line` while the subscription lives (`LiveSubscriptionReport`, SignalSync).
    ///
    /// Always inlined: called out of line, a start passed its three closures through one
    /// more call (a retain and a release each, about 3% of subscribing to a pipe).
    @inlinable @inline(__always) @discardableResult @_disfavoredOverload @preconcurrency
    public final func start(
        next: (@Sendable (Any?) -> Void)? = nil, error: (@Sendable (Any?) -> Void)? = nil, completed: (@Sendable () -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> SDisposable & Sendable {
        StartRecords.recording(site: SubscriptionStartSite(fileID: file.description, line: Int(line)), separator: ".") {
            subscription(next: next, error: error, completed: completed)
        }
    }

    /// Subscribes like `start` and returns the subscription itself, which is also its
    /// handle (the bridge hands it to the typed API as is, without a wrapper).
    ///
    /// Always inlined, like `start`: with `start`'s callbacks `@Sendable` and these plain,
    /// the optimizer stopped inlining it there, and the call cost a start a retain and a
    /// release per callback (about 3% of subscribing to a pipe, S10).
    @inlinable @inline(__always)
    package final func subscription(next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) -> SubscriptionCore<
        Any?, Any?, SSignalKitRules
    > {
        switch stage.plan(for: .closures) {
        case .joinHub:
            return joinedHub.subscribe(next: next, error: error, completed: completed)
        case .mapStartsClosures, .stepsStartClosures, .stepsRunInHub:
            return FusedSSignal.subscription(of: self, next: next, error: error, completed: completed)
        default:
            return start(SSubscriptionState(next: next, error: error, completed: completed))
        }
    }

    /// Subscribes an operator stage's callbacks (the bridge's conversions) and
    /// returns the subscription, which is also its handle.
    @inlinable
    package final func subscription(callbacks: StageCallbacks<Any?, Any?>) -> SubscriptionCore<Any?, Any?, SSignalKitRules> {
        start(SSubscriptionState(callbacks: callbacks))
    }

    /// Like `start`, but the handle is an `SStrictDisposable`: in debug builds, dropping
    /// it without calling `dispose()` asserts with "Leaked disposable from
    /// <file>:<line>: " and what to do (keep the handle and dispose it, or use `start`).
    ///
    /// Disfavored for the reason `start` is (`SSignalKit`'s optional-handle form).
    @_disfavoredOverload @preconcurrency
    public final func startStrict(
        next: (@Sendable (Any?) -> Void)? = nil, error: (@Sendable (Any?) -> Void)? = nil, completed: (@Sendable () -> Void)? = nil, file: StaticString = #file,
        line: Int = #line
    ) -> SDisposable & Sendable {
        let handle = StartRecords.recording(site: SubscriptionStartSite(fileID: file.description, line: line), separator: ".") {
            subscription(next: next, error: error, completed: completed)
        }
        return SStrictDisposable(handle, file: file, line: line)
    }

    /// Subscribes with a prepared state (operators that need the upstream handle before
    /// the upstream generator runs) and returns it as the handle.
    @inlinable @discardableResult
    final func start(_ state: SSubscriptionState) -> SSubscriptionState {
        if stage.plan(for: .callbacks) == .joinHub {
            let hub = joinedHub
            state.assign(GenerationScope.run(state) { hub.join(state) })
            return state
        }
        let subscriber = SSubscriber(state: state)
        state.assign(GenerationScope.run(state) { run(subscriber) })
        return state
    }

    /// Runs the generator with `subscriber` and returns its disposable.
    @inlinable @inline(__always)
    final func run(_ subscriber: SSubscriber) -> SDisposable? {
        #if DEBUG
            StartRecords.stage(stageName)
        #endif
        return runner(self, subscriber)
    }
}
