import SignalSync

extension SSignal {
    /// Folds the values into an accumulator and emits it when the source completes.
    ///
    /// The accumulator starts at `initial` for each subscription; each value replaces it
    /// with `f(accumulator, value)`. Nothing is emitted per value. On completion the
    /// accumulator is emitted only if it is not nil (an empty source emits `initial` if
    /// that is not nil), then the signal completes. An error is forwarded and the
    /// accumulator is dropped. Values are folded one at a time even when the source sends
    /// them from several threads at once; `f` never runs under a lock.
    @preconcurrency public func reduceLeft(_ initial: Any?, with f: @escaping @Sendable (Any?, Any?) -> Any?) -> SSignal {
        reduceLeftWithPassthrough(initial) { accumulator, value, _ in
            f(accumulator, value)
        }
    }

    /// Like `reduceLeft`, but `f` also receives an `emit` function that sends a value
    /// downstream at once (any number of times during the fold); the final accumulator is
    /// still emitted on completion if it is not nil.
    ///
    /// `f` is `@Sendable` (it runs on the delivering thread); the `emit` function it gets
    /// stays a plain one: it is meant to be called synchronously inside `f`.
    @preconcurrency public func reduceLeftWithPassthrough(_ initial: Any?, with f: @escaping @Sendable (Any?, Any?, @escaping (Any?) -> Void) -> Any?)
        -> SSignal
    {
        // Safety: the seed is only read, by each subscription (a signal hands values of any
        // type to the thread that starts it).
        nonisolated(unsafe) let initial = initial
        return SSignal { subscriber in
            // Only the drain's handlers touch `accumulator`, one event at a time.
            let accumulator = FoldAccumulator<Any?>(initial)
            let emit: (Any?) -> Void = { value in subscriber.putNext(value) }
            let drain = SerialDrainEngine<Any?, Any?>(
                value: { value in accumulator.value = f(accumulator.value, value, emit) },
                end: { event in
                    if case .error(let error) = event {
                        // The accumulator is released before the error goes downstream.
                        accumulator.value = nil
                        subscriber.putError(error)
                        return
                    }
                    let result = accumulator.value
                    accumulator.value = nil
                    if !isNilValue(result) {
                        subscriber.putNext(result)
                    }
                    subscriber.putCompletion()
                })
            return self.start(
                next: { value in
                    drain.putNext(value)
                },
                error: { error in
                    drain.put(.error(error))
                },
                completed: {
                    drain.put(.completed)
                })
        }
    }
}
