import SUntypedSignal

// The names Swift's Clang importer gives SSignalKit's `SSignal` selectors, where they differ
// from SUntypedSignal's spelling. Each one forwards to the declaration named in its
// comment; none has an implementation of its own. The names were checked against the
// Swift 6.3 importer itself (a header declaring the selectors, imported with Objective-C
// interoperability on), not only derived by hand.

extension SSignal {
    /// `initWithGenerator:` as Swift imports it: forwards to ``SSignal/init(_:)``.
    ///
    /// Disfavored, so that `SSignal { subscriber in ... }` (a trailing closure, which
    /// could fill either initializer) keeps meaning `init(_:)`; the two are the same.
    @_disfavoredOverload
    @preconcurrency public convenience init(generator: @escaping @Sendable (SSubscriber) -> SDisposable?) {
        self.init(generator)
    }

    /// `startWithNext:error:completed:`, `startWithNext:` and `startWithNext:completed:` as
    /// Swift imports them: the handle comes back optional (the selectors return a nullable
    /// `id<SDisposable>`), so `let d = signal.start(...)` followed by `d?.dispose()`
    /// compiles as it does against SSignalKit. Forwards to
    /// ``SSignal/start(next:error:completed:file:line:)``, whose handle is never nil.
    ///
    /// Where only a non-optional handle fits (`signal.start().dispose()`,
    /// `let d: SDisposable = signal.start()`), Swift picks SUntypedSignal's `start`, which
    /// is marked as the disfavored overload for exactly this.
    @discardableResult @preconcurrency
    public func start(
        next: (@Sendable (Any?) -> Void)? = nil, error: (@Sendable (Any?) -> Void)? = nil, completed: (@Sendable () -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> SDisposable? {
        let handle: SDisposable = start(next: next, error: error, completed: completed, file: file, line: line)
        return handle
    }

    /// `startStrictWithNext:error:completed:file:line:` and its two shorter forms as Swift
    /// imports them: an optional handle, for the reason the optional-handle `start` above
    /// gives. Forwards to ``SSignal/startStrict(next:error:completed:file:line:)``
    /// (`#file` and `#line` literals fit both).
    @preconcurrency
    public func startStrict(
        next: (@Sendable (Any?) -> Void)? = nil, error: (@Sendable (Any?) -> Void)? = nil, completed: (@Sendable () -> Void)? = nil, file: StaticString = #file,
        line: Int = #line
    ) -> SDisposable? {
        let handle: SDisposable = startStrict(next: next, error: error, completed: completed, file: file, line: line)
        return handle
    }

    /// `mapToSignal:` as Swift imports it: forwards to ``SSignal/mapToSignal(_:)``.
    ///
    /// Disfavored, so that `signal.map { ... }` (a trailing closure, which could fill this
    /// label too) keeps meaning ``SSignal/map(_:)``: otherwise a closure returning a signal
    /// would pick this one (its type matches exactly) and flatten silently. Write the label
    /// to get this one.
    @_disfavoredOverload
    @preconcurrency public func map(toSignal f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
        mapToSignal(f)
    }

    /// `mapToQueue:` as Swift imports it: forwards to ``SSignal/mapToQueue(_:)``
    /// (disfavored like ``map(toSignal:)``).
    @_disfavoredOverload
    @preconcurrency public func map(toQueue f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
        mapToQueue(f)
    }

    /// `mapToThrottled:` as Swift imports it: forwards to ``SSignal/mapToThrottled(_:)``
    /// (disfavored like ``map(toSignal:)``).
    @_disfavoredOverload
    @preconcurrency public func map(toThrottled f: @escaping @Sendable (Any?) -> SSignal) -> SSignal {
        mapToThrottled(f)
    }

    /// `reduceLeftWithPassthrough:with:` as Swift imports it: forwards to
    /// ``SSignal/reduceLeftWithPassthrough(_:with:)``.
    @preconcurrency public func reduceLeft(withPassthrough initial: Any?, with f: @escaping @Sendable (Any?, Any?, @escaping (Any?) -> Void) -> Any?) -> SSignal
    {
        reduceLeftWithPassthrough(initial, with: f)
    }

    /// `takeUntilReplacement:` as Swift imports it: forwards to
    /// ``SSignal/takeUntilReplacement(_:)``.
    public func take(untilReplacement replacement: SSignal) -> SSignal {
        takeUntilReplacement(replacement)
    }

    /// `delay:onQueue:` as Swift imports it: forwards to ``SSignal/delay(_:onQueue:)``.
    public func delay(_ seconds: Double, on queue: SQueue) -> SSignal {
        delay(seconds, onQueue: queue)
    }

    /// `timeout:onQueue:orSignal:` as Swift imports it (the importer keeps `orSignal`: it
    /// does not prune a label down to a bare "or"): forwards to
    /// ``SSignal/timeout(_:onQueue:orSignal:)``.
    public func timeout(_ seconds: Double, on queue: SQueue, orSignal alternate: SSignal) -> SSignal {
        timeout(seconds, onQueue: queue, orSignal: alternate)
    }

    /// `deliverOn:` as Swift imports it: forwards to ``SSignal/deliverOn(_:)-(SQueue)``.
    public func deliver(on queue: SQueue) -> SSignal {
        deliverOn(queue)
    }

    /// `deliverOnThreadPool:` as Swift imports it: forwards to
    /// ``SSignal/deliverOnThreadPool(_:)``.
    public func deliver(on threadPool: SThreadPool) -> SSignal {
        deliverOnThreadPool(threadPool)
    }

    /// `startOn:` as Swift imports it: forwards to ``SSignal/startOn(_:)-(SQueue)``.
    public func start(on queue: SQueue) -> SSignal {
        startOn(queue)
    }

    /// `startOnThreadPool:` as Swift imports it: forwards to
    /// ``SSignal/startOnThreadPool(_:)``.
    public func start(on threadPool: SThreadPool) -> SSignal {
        startOnThreadPool(threadPool)
    }

    /// `throttleOn:delay:` as Swift imports it: forwards to
    /// ``SSignal/throttleOn(_:delay:)``.
    public func throttle(on queue: SQueue, delay: Double) -> SSignal {
        throttleOn(queue, delay: delay)
    }

    /// `trace:` (older SSignalKit versions only) as Swift imports it. As in the original,
    /// it traces only in debug builds (of this module): there it forwards to
    /// ``SSignal/debug(_:log:)`` with `name` as the label; otherwise it returns the signal
    /// unchanged. Events pass through unchanged either way.
    public func trace(_ name: String) -> SSignal {
        #if DEBUG
            debug(name)
        #else
            self
        #endif
    }
}
