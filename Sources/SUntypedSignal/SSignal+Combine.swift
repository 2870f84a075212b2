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
    /// everything; completion comes once every signal has completed. An empty `signals`
    /// completes at once without emitting (the original never terminated). Values are
    /// emitted outside the lock, on the emitting thread.
    public static func combineSignals(_ signals: [SSignal], withInitialStates initialStates: [Any?]?) -> SSignal {
        if signals.isEmpty {
            return complete()
        }
        return SSignal { subscriber in
            let state = CombineSignalsState(count: signals.count, initialStates: initialStates ?? [])
            for (index, signal) in signals.enumerated() {
                state.subscribe(index, to: signal, for: subscriber)
            }
            return state
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

/// The untyped face of one `combineSignals` subscription over the shared
/// `CombineLatestEngine`; it is the disposable the generator returns.
///
/// The engine decides (which slots have a value, completion, first error, disposal); the
/// face keeps the values, stores them and copies the output array under the engine's
/// lock, and sends events after unlocking (a replaced value is released after unlocking
/// too). Only the sources' callbacks hold the subscriber, as in the original: a
/// subscription whose sources are all gone is released even if nobody disposes it.
private final class CombineSignalsState: SDisposable, @unchecked Sendable {
    // Safety: `values` is guarded by the engine's lock; the engine is immutable.
    private let engine: CombineLatestEngine
    private var values: [Any?]

    init(count: Int, initialStates: [Any?]) {
        let seeded = min(count, initialStates.count)
        engine = CombineLatestEngine(count: count, seeded: seeded)
        values = Array(initialStates.prefix(seeded)) + Array(repeating: nil, count: count - seeded)
    }

    /// Subscribes signal number `index` on behalf of `subscriber`, unless the state is
    /// disposed.
    func subscribe(_ index: Int, to signal: SSignal, for subscriber: SSubscriber) {
        if engine.isDisposed {
            return
        }
        let handle = signal.start(
            next: { value in
                if let combined = self.store(value, at: index) {
                    subscriber.putNext(combined)
                }
            },
            error: { error in
                if self.engine.sourceFailed() {
                    subscriber.putError(error)
                }
            },
            completed: {
                if self.engine.sourceCompleted(at: index) {
                    subscriber.putCompletion()
                }
            })
        engine.attach(handle, at: index)
    }

    func dispose() {
        engine.dispose()
    }

    /// Stores `value` in slot `index`; returns the array of every slot once all are
    /// filled.
    private func store(_ value: Any?, at index: Int) -> [Any?]? {
        let (replaced, combined) = engine.state.withLock { machine -> (Any?, [Any?]?) in
            switch machine.valueArrived(at: index) {
            case .drop:
                return (nil, nil)
            case .hold:
                return (swapValue(value, at: index), nil)
            case .emit:
                let replaced = swapValue(value, at: index)
                return (replaced, values)
            }
        }
        withExtendedLifetime(replaced) {}  // released outside the lock
        return combined
    }

    /// Puts `value` in slot `index` and returns the value it replaced; under the lock.
    private func swapValue(_ value: Any?, at index: Int) -> Any? {
        var replaced = value
        swap(&values[index], &replaced)
        return replaced
    }
}
