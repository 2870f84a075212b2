import SignalSync

// `merge`, `zip` and `withLatestFrom`: operators over several signals, on SignalSync's
// `MergeEngine`, `ZipEngine` and `WithLatestFromEngine` (the same engines as the typed
// module's `merge`, `zip` and `withLatestFrom`).

extension MergeEngine: SDisposable {}
extension ZipEngine: SDisposable {}
extension WithLatestFromEngine: SDisposable {}

extension SSignal {
    // MARK: - merge

    /// Forwards the values of all `signals` as they come, in one signal.
    ///
    /// - Values: every value of every signal, as it arrives (nothing is reordered or
    ///   buffered), on the thread of the signal that sent it; signals that emit on several
    ///   threads at once deliver concurrently, as `mergeSignals` does.
    /// - Subscription: in order, synchronously, when the result is started.
    /// - Completion: once every signal has completed; an empty array completes at once.
    /// - Error: the first error is forwarded and ends it; every signal is then disposed,
    ///   in order. A signal that fails while being subscribed stops the signals after it
    ///   from being subscribed (the one difference from `mergeSignals`, which subscribes
    ///   them anyway).
    /// - Disposal: disposes every signal, in order. A subscriber may dispose inside a value.
    ///
    /// ```swift
    /// SSignal.merge([SSignal.single(1), SSignal.single(2)]).start(next: { print($0 ?? "nil") })
    /// // 1, 2
    /// ```
    public static func merge(_ signals: [SSignal]) -> SSignal {
        if signals.isEmpty {
            return complete()
        }
        return SSignal { subscriber in
            let engine = MergeEngine(count: signals.count)
            for (index, signal) in signals.enumerated() {
                guard engine.isRunning else { break }
                let handle = signal.start(
                    next: { subscriber.putNext($0) },
                    error: { error in engine.sourceFailed { subscriber.putError(error) } },
                    completed: { engine.sourceCompleted { subscriber.putCompletion() } })
                engine.attach(handle, at: index)
            }
            return engine
        }
    }

    /// `merge` of the given signals: see `merge(_: [SSignal])`.
    ///
    /// ```swift
    /// SSignal.merge(taps, keyPresses)
    /// ```
    public static func merge(_ signals: SSignal...) -> SSignal {
        merge(signals)
    }

    /// Merges this signal with `other`: `SSignal.merge([self, other])` (this one is
    /// subscribed first).
    ///
    /// ```swift
    /// taps.merge(with: keyPresses)
    /// ```
    public func merge(with other: SSignal) -> SSignal {
        SSignal.merge([self, other])
    }

    // MARK: - zip

    /// Pairs the n-th values of every signal into arrays (`[Any?]`, in the order of
    /// `signals`).
    ///
    /// - Values: the n-th row is emitted when the last of its n-th values arrives, on that
    ///   value's thread; a value waits in its signal's buffer (first in, first out) until
    ///   its partners arrive. Each value is in exactly one row, also when signals emit on
    ///   several threads at once (rows completed at the same moment on two threads may
    ///   reach downstream in either order). `nil` is a value like any other.
    /// - Subscription: in order, synchronously, when the result is started (signals after
    ///   one that ended the output while being subscribed are not subscribed).
    /// - Completion: once a signal has completed and none of its values waits: at its
    ///   completion when its buffer is empty, otherwise right after the row that takes its
    ///   last value; the others are then disposed, in order. An empty array completes at
    ///   once.
    /// - Error: the first error is forwarded and ends it; the signals are disposed, in
    ///   order.
    /// - Disposal: disposes every signal, in order, and releases the waiting values.
    ///
    /// ```swift
    /// SSignal.zip([SSignal.single(1), SSignal.single("a")]).start(next: { print($0 ?? "nil") })
    /// // [Optional(1), Optional("a")]
    /// ```
    public static func zip(_ signals: [SSignal]) -> SSignal {
        if signals.isEmpty {
            return complete()
        }
        return SSignal { subscriber in
            let engine = ZipEngine<Any?>(count: signals.count)
            for (index, signal) in signals.enumerated() {
                guard engine.isRunning else { break }
                let handle = signal.start(
                    next: { value in
                        engine.receive(value, at: index, emit: { subscriber.putNext($0) }, complete: { subscriber.putCompletion() })
                    },
                    error: { error in engine.sourceFailed { subscriber.putError(error) } },
                    completed: { engine.sourceCompleted(at: index) { subscriber.putCompletion() } })
                engine.attach(handle, at: index)
            }
            return engine
        }
    }

    /// Pairs the n-th values of this signal and `other` into arrays of two (`[Any?]`):
    /// `SSignal.zip([self, other])` (see there).
    ///
    /// ```swift
    /// requests.zip(with: responses)   // [request, response] pairs
    /// ```
    public func zip(with other: SSignal) -> SSignal {
        SSignal.zip([self, other])
    }

    // MARK: - withLatestFrom

    /// Emits `combine(value, latest)` for each value of this signal, where `latest` is the
    /// latest value of `other`.
    ///
    /// - Subscription: `other` first, then this signal.
    /// - Values: a value of this signal emits with `other`'s latest value (`nil` is a
    ///   value), on this signal's thread; while `other` has not emitted, it is dropped.
    ///   `combine` runs outside any lock.
    /// - Completion: this signal's completion ends it; `other`'s completion is ignored (its
    ///   latest value stays).
    /// - Error: an error of either ends it.
    /// - Disposal (and the end): `other` is disposed first, then this signal.
    ///
    /// ```swift
    /// taps.withLatestFrom(text) { _, text in "sent \(text ?? "")" }
    /// ```
    @preconcurrency public func withLatestFrom(_ other: SSignal, _ combine: @escaping @Sendable (Any?, Any?) -> Any?) -> SSignal {
        SSignal { subscriber in
            let engine = WithLatestFromEngine<Any?>()
            let otherHandle = other.start(
                next: { engine.otherValue($0) },
                error: { error in engine.end { subscriber.putError(error) } })
            engine.attach(otherHandle, .other)
            guard engine.isRunning else { return engine }
            let handle = self.start(
                next: { value in engine.sourceValue { subscriber.putNext(combine(value, $0)) } },
                error: { error in engine.end { subscriber.putError(error) } },
                completed: { engine.end { subscriber.putCompletion() } })
            engine.attach(handle, .source)
            return engine
        }
    }

    /// Emits the latest value of `other` for each value of this signal:
    /// `withLatestFrom(other) { _, latest in latest }` (see there).
    ///
    /// ```swift
    /// saveTaps.withLatestFrom(document)   // the document at each tap
    /// ```
    public func withLatestFrom(_ other: SSignal) -> SSignal {
        withLatestFrom(other) { _, latest in latest }
    }
}
