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
public func reduceLeft<T, E>(value: T, f: @escaping (T, T) -> T) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
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
public func reduceLeft<T, E>(value: T, f: @escaping (T, T, (T) -> Void) -> T) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let fold = ReduceLeftState(initial: value, subscriber: subscriber, f: f)
            return signal.start(
                next: { next in
                    fold.putNext(next)
                },
                error: { error in
                    fold.putError(error)
                },
                completed: {
                    fold.putCompletion()
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
public func reduceLeft<T, E>(_ value: T, generator: @escaping (T, T) -> Signal<(T, Passthrough<T>), E>) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let accumulator = Atomic(value: value)
            return startInnerQueue(
                signal, mode: .queue, subscriber: subscriber,
                transform: { next in
                    Signal<T, E> { step in
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

/// The per-subscription state of `reduceLeft(value:f:)`: folds values one at a time.
///
/// The thread that finds the fold idle becomes the drainer: it runs `f` for its value
/// and for every value pushed meanwhile (by other threads or re-entrantly from `f`),
/// in a loop, outside the lock. Only the drainer touches the accumulator.
final class ReduceLeftState<T, E>: @unchecked Sendable {
    // Safety: `pending`, `draining`, `completionPending` and `finished` are guarded by
    // `mutex`; `accumulator` is touched only by the single drainer (ownership passes
    // through `mutex`) or, once idle and finished, by the one thread that finishes.
    private let mutex = PosixLock()
    private var pending = FIFO<T>()
    private var draining = false
    private var completionPending = false
    private var finished = false
    private var accumulator: T?
    private let subscriber: Subscriber<T, E>
    private let f: (T, T, (T) -> Void) -> T
    private let emit: (T) -> Void

    init(initial: T, subscriber: Subscriber<T, E>, f: @escaping (T, T, (T) -> Void) -> T) {
        accumulator = initial
        self.subscriber = subscriber
        self.f = f
        emit = { value in subscriber.putNext(value) }
    }

    func putNext(_ value: T) {
        mutex.lock()
        if finished {
            mutex.unlock()
            return
        }
        if draining {
            pending.append(value)
            mutex.unlock()
            return
        }
        draining = true
        mutex.unlock()

        var next = value
        while true {
            if let current = accumulator {
                accumulator = f(current, next, emit)
            }
            mutex.lock()
            if !finished, let queued = pending.popFirst() {
                mutex.unlock()
                next = queued
                continue
            }
            draining = false
            let complete = completionPending && !finished
            if complete {
                finished = true
            }
            mutex.unlock()
            if complete {
                finish()
            }
            return
        }
    }

    func putError(_ error: E) {
        mutex.lock()
        if finished {
            mutex.unlock()
            return
        }
        finished = true
        let dropped = pending.removeAll()
        mutex.unlock()
        withExtendedLifetime(dropped) {}
        subscriber.putError(error)
    }

    func putCompletion() {
        mutex.lock()
        if finished {
            mutex.unlock()
            return
        }
        if draining {
            completionPending = true
            mutex.unlock()
            return
        }
        finished = true
        mutex.unlock()
        finish()
    }

    /// Emits the accumulator and completes; the caller has just set `finished` while
    /// nobody drains.
    private func finish() {
        let result = accumulator
        accumulator = nil
        if let result {
            subscriber.putNext(result)
        }
        subscriber.putCompletion()
    }
}
