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
            let state = CombineState(count: signals.count, initialStates: initialStates ?? [])
            let disposables = SDisposableSet()
            for (index, signal) in signals.enumerated() {
                disposables.add(
                    signal.start(
                        next: { value in
                            if let combined = state.store(value, at: index) {
                                subscriber.putNext(combined)
                            }
                        },
                        error: { error in
                            subscriber.putError(error)
                        },
                        completed: {
                            if state.complete(index) {
                                subscriber.putCompletion()
                            }
                        }))
            }
            return disposables
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

/// The slots of one `combineSignals` subscription.
private final class CombineState: @unchecked Sendable {
    // Safety: every `var` is guarded by `mutex`.
    private let mutex = PosixLock()
    private var values: [Any?]
    private var filled: [Bool]
    private var filledCount = 0
    private var completed: [Bool]
    private var completedCount = 0

    init(count: Int, initialStates: [Any?]) {
        values = Array(repeating: nil, count: count)
        filled = Array(repeating: false, count: count)
        completed = Array(repeating: false, count: count)
        for index in 0..<min(count, initialStates.count) {
            values[index] = initialStates[index]
            filled[index] = true
            filledCount += 1
        }
    }

    /// Stores `value` in slot `index`; returns the combined array once every slot is full.
    func store(_ value: Any?, at index: Int) -> [Any?]? {
        mutex.lock()
        let replaced = values[index]
        values[index] = value
        if !filled[index] {
            filled[index] = true
            filledCount += 1
        }
        let combined = filledCount == values.count ? values : nil
        mutex.unlock()
        withExtendedLifetime(replaced) {}  // released outside the lock
        return combined
    }

    /// Marks signal `index` completed; true when that makes every signal completed.
    func complete(_ index: Int) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        guard !completed[index] else { return false }
        completed[index] = true
        completedCount += 1
        return completedCount == completed.count
    }
}
