import SignalSync

extension SSignal {
    /// Combines the latest values of `signals` into arrays; an empty array emits `[]`
    /// and completes.
    ///
    /// Otherwise the same as `combineSignals(signals, withInitialStates: nil)`.
    public static func combineSignals(_ signals: [SSignal]) -> SSignal {
        if signals.isEmpty {
            return single([Any?]())
        }
        return combineSignals(signals, withInitialStates: nil)
    }

    /// Combines the latest values of `signals` into arrays (`[Any?]`), starting from
    /// seed values.
    ///
    /// The signals are subscribed in array order (a synchronous early signal may emit
    /// before later ones are subscribed). Slot `i` starts with `initialStates[i]` when
    /// there is one (extra seeds are ignored). Each value of signal `i` fills slot `i`;
    /// once every slot has a value, each value emits a fresh array of all slots in index
    /// order. Seeds alone never emit. `nil` is a value like any other: it fills its slot
    /// (the original cleared the slot). The first error is forwarded and ends
    /// everything; completion comes once every signal has completed. A signal that
    /// completes is disposed by its own subscriber, and again at the teardown, as in
    /// SSignalKit. An empty `signals`
    /// completes at once without emitting (the original never terminated). Values are
    /// emitted outside the lock, on the emitting thread.
    public static func combineSignals(_ signals: [SSignal], withInitialStates initialStates: [Any?]?) -> SSignal {
        if signals.isEmpty {
            return complete()
        }
        // Safety: the seeds are only read, by each start (a signal hands values of any type
        // to the thread that starts it).
        nonisolated(unsafe) let initialStates = initialStates
        return SSignal { subscriber in
            let seeds = initialStates ?? []
            let values = CombineLatestValues(count: signals.count, seeds: seeds)
            // `Any?` out: the array goes to the subscriber as its value, as it is.
            let engine = CombineLatestEngine<Any?>(
                count: signals.count, seeded: min(signals.count, seeds.count), completedSourceDisposal: .atTeardown
            ) {
                $0.initialize(to: values.combined)
            }
            for (index, signal) in signals.enumerated() {
                subscribe(index, to: signal, keptIn: values, engine: engine, for: subscriber)
            }
            return engine
        }
    }

    /// `combineSignals` for an untyped array: every element must be an `SSignal`,
    /// otherwise subscribing fails with an `SSignalTypeError` naming the first bad
    /// element's type.
    public static func combineSignals(_ signals: [Any?]) -> SSignal {
        switch castSignals(signals) {
        case .success(let typed): return combineSignals(typed)
        case .failure(let error): return fail(error)
        }
    }

    /// `combineSignals(_:withInitialStates:)` for an untyped array (see
    /// `combineSignals(_: [Any?])`).
    public static func combineSignals(_ signals: [Any?], withInitialStates initialStates: [Any?]?) -> SSignal {
        switch castSignals(signals) {
        case .success(let typed): return combineSignals(typed, withInitialStates: initialStates)
        case .failure(let error): return fail(error)
        }
    }

    /// Forwards the values of all `signals` as they arrive (interleaved, on the emitting
    /// threads); the first error is forwarded and ends everything; completes when every
    /// signal has completed. An empty array completes at once.
    public static func mergeSignals(_ signals: [SSignal]) -> SSignal {
        if signals.isEmpty {
            return complete()
        }
        return SSignal { subscriber in
            let remaining = Atomic(value: signals.count)
            let disposables = SDisposableSet()
            for signal in signals {
                disposables.add(
                    signal.start(
                        next: { value in
                            subscriber.putNext(value)
                        },
                        error: { error in
                            subscriber.putError(error)
                        },
                        completed: {
                            if remaining.modify({ $0 - 1 }) == 0 {
                                subscriber.putCompletion()
                            }
                        }))
            }
            return disposables
        }
    }

    /// `mergeSignals` for an untyped array (see `combineSignals(_: [Any?])`).
    public static func mergeSignals(_ signals: [Any?]) -> SSignal {
        switch castSignals(signals) {
        case .success(let typed): return mergeSignals(typed)
        case .failure(let error): return fail(error)
        }
    }

    private static func castSignals(_ values: [Any?]) -> Result<[SSignal], SSignalTypeError> {
        var signals: [SSignal] = []
        signals.reserveCapacity(values.count)
        for value in values {
            guard let signal = value as? SSignal else {
                return .failure(SSignalTypeError(expected: "SSignal", value: value))
            }
            signals.append(signal)
        }
        return .success(signals)
    }
}

/// The shared engine (SignalSync's `Engines/CombineLatest/`) is the disposable that a
/// `combineSignals` generator returns.
extension CombineLatestEngine: SDisposable {}

/// Subscribes signal number `index` of a `combineSignals` subscription, handing its
/// events to `engine` with what goes to `subscriber`; does nothing once the engine is
/// disposed. Only the sources' callbacks hold the subscriber, as in the original: a
/// subscription whose sources are all gone is released even if nobody disposes it.
private func subscribe(
    _ index: Int, to signal: SSignal, keptIn values: CombineLatestValues, engine: CombineLatestEngine<Any?>, for subscriber: SSubscriber
) {
    if engine.isDisposed {
        return
    }
    if signal.stage.plan(for: .valueReceiver) == .joinHub {
        // A hot source's signal: its hub calls a `CombineLatestHubSource`, which hands each
        // value to the engine, instead of a subscription of the source's own; its
        // membership (none when the hub is closed) is the source's disposable. Pinned by
        // SSignalCombineTests.
        let hub = signal.joinedHub
        let source = CombineLatestValuesHubSource(index, store: values, engine: engine, downstream: subscriber, core: subscriber.core)
        if let membership = hub.join(source) {
            engine.attach(membership, at: index)
        }
        return
    }
    // Each closure captures only `callbacks`, which is then its context: one object per
    // source rather than three closure contexts.
    let callbacks = SCombineSourceCallbacks(index, values: values, engine: engine, subscriber: subscriber)
    let handle = signal.start(
        next: { callbacks.next($0) }, error: { callbacks.error($0) }, completed: { callbacks.completed() })
    engine.attach(handle, at: index)
}

/// What one source of a `combineSignals` subscription calls back with: its values go to
/// the engine, at `index` in `values`; its terminal events end the subscription as the
/// engine says.
private final class SCombineSourceCallbacks: Sendable {
    let index: Int
    let values: CombineLatestValues
    let engine: CombineLatestEngine<Any?>
    let subscriber: SSubscriber

    init(_ index: Int, values: CombineLatestValues, engine: CombineLatestEngine<Any?>, subscriber: SSubscriber) {
        self.index = index
        self.values = values
        self.engine = engine
        self.subscriber = subscriber
    }

    func next(_ value: Any?) {
        engine.receive(value, into: values, at: index) { subscriber.putNext($0) }
    }

    func error(_ error: Any?) {
        engine.sourceFailed { subscriber.putError(error) }
    }

    func completed() {
        engine.sourceCompleted(at: index) { subscriber.putCompletion() }
    }
}
