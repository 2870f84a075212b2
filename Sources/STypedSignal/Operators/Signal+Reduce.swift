import SignalSync

/// Folds all values into one, emitted when the source completes.
///
/// Starts from `value` (afresh for each subscription) and computes
/// `accumulator = f(accumulator, next)` for each value. On completion emits the
/// accumulator (the initial value if there were no values), then completes. An error
/// is forwarded and the accumulator dropped. Values pushed from several threads at
/// once are folded one at a time, never concurrently and never lost (the original
/// assumed a serial source); `f` runs on the thread of one of the pushing sources.
///
/// ```swift
/// let total = numbers |> reduceLeft(value: 0, f: +)   // one value: the sum
/// ```
@inlinable
@preconcurrency public func reduceLeft<T, E>(value: T, f: @escaping @Sendable (T, T) -> T) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    reduceLeft(value: value, f: { accumulator, next, _ in f(accumulator, next) })
}

/// Folds all values into one like `reduceLeft(value:f:)`, but `f` also receives an
/// `emit` function that sends intermediate values downstream at once.
///
/// The final accumulator is still emitted on completion, after everything `f`
/// emitted. Values that `emit` sends downstream after the output ended are dropped.
///
/// ```swift
/// let runningTotal = numbers |> reduceLeft(value: 0, f: { sum, next, emit in
///     emit(sum + next)
///     return sum + next
/// })
/// // 1, 2, 3 → 1, 3, 6, then 6 again on completion
/// ```
///
/// Inlinable, so that its drain runs specialized for `T` (code not specialized for it
/// looks up the run-time metadata of the drain's generic events at every value).
///
/// `f` is `@Sendable` (it runs on the delivering thread); the emitting function it gets
/// is a plain one, called synchronously inside `f` only.
@inlinable
@preconcurrency public func reduceLeft<T, E>(value: T, f: @escaping @Sendable (T, T, (T) -> Void) -> T) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    // Safety: the seed is only read, by each subscription (a signal hands values of any
    // type to the thread that starts it).
    nonisolated(unsafe) let value = value
    return { signal in
        Signal { subscriber in
            // Only the drain's handlers touch `accumulator`, one event at a time; errors
            // bypass the drain (they close it and go downstream at once), so its failure
            // type is `Never`.
            let accumulator = FoldAccumulator<T?>(value)
            let emit: (T) -> Void = { value in subscriber.putNext(value) }
            let drain = SerialDrainEngine<T, Never>(
                value: { next in
                    if let current = accumulator.value {
                        accumulator.value = f(current, next, emit)
                    }
                },
                end: { _ in
                    // Only the completion reaches the drain: errors close it.
                    let result = accumulator.value
                    accumulator.value = nil
                    if let result {
                        subscriber.putNext(result)
                    }
                    subscriber.putCompletion()
                })
            return signal.start(
                next: { next in
                    drain.putNext(next)
                },
                error: { error in
                    if drain.close() {
                        subscriber.putError(error)
                    }
                },
                completed: {
                    drain.put(.completed)
                })
        }
    }
}

/// What a step of `reduceLeft(_:generator:)` sends downstream besides updating the
/// accumulator: nothing, or one value.
public enum Passthrough<T> {
    /// Emit nothing.
    case None
    /// Emit the associated value.
    case Some(T)
}

/// A sequential, asynchronous fold: each value is combined with the accumulator by a
/// signal that `generator` makes.
///
/// For each source value, `generator(accumulator, value)` returns a signal of
/// `(newAccumulator, passthrough)` pairs; every pair stores the new accumulator and,
/// when `passthrough` is `.Some(v)`, emits `v`. These signals run one at a time, in
/// arrival order; for a value that had to wait, `generator` is called only when its
/// turn comes, with the accumulator left by the previous ones. When the source
/// completes, the accumulator is emitted and the output completes, once the running
/// and waiting steps are done. An error of the source or of any step is forwarded and
/// stops everything. Disposal disposes the running step, then the source.
/// Synchronously completing steps run in a loop, never recursively.
///
/// ```swift
/// let saved = edits |> reduceLeft(Document.empty, generator: { document, edit in
///     save(document.applying(edit)) |> map { ($0, .Some($0.version)) }
/// })
/// // the version of each saved document, then the final document on completion
/// ```
@preconcurrency public func reduceLeft<T, E>(_ value: T, generator: @escaping @Sendable (T, T) -> Signal<(T, Passthrough<T>), E>) -> (_ signal: Signal<T, E>) ->
    Signal<T, E>
{
    // Safety: the seed is only read, by each subscription (a signal hands values of any
    // type to the thread that starts it).
    nonisolated(unsafe) let value = value
    return { signal in
        Signal { subscriber in
            let accumulator = Atomic(value: value)
            return startInnerQueue(
                signal, mode: .queue, subscriber: subscriber,
                transform: { next in
                    // Safety: as `value`: the inner signal only reads it.
                    nonisolated(unsafe) let next = next
                    return Signal<T, E> { step in
                        let current = accumulator.with { $0 }
                        return generator(current, next).start(
                            next: { pair in
                                // The previous accumulator is released here, outside the lock.
                                let previous = accumulator.swap(pair.0)
                                withExtendedLifetime(previous) {}
                                if case .Some(let emitted) = pair.1 {
                                    step.putNext(emitted)
                                }
                            },
                            error: { error in
                                step.putError(error)
                            },
                            completed: {
                                step.putCompletion()
                            })
                    }
                }, mapError: { $0 },
                complete: {
                    subscriber.putNext(accumulator.with { $0 })
                    subscriber.putCompletion()
                })
        }
    }
}
