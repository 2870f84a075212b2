import SignalSync

// Transforming operators beyond SwiftSignalKit: `scan`, `startWith`, `compactMap`,
// `replaceError(with:)`, `skip`, `take(while:)`, `buffer(count:)`, `collect`, `throttle`.
// The stateful ones run on SignalSync's engines (`FoldEngine`, `ThrottleEngine`), shared
// with the untyped methods of the same names.

/// Emits every accumulated value: `accumulator = f(accumulator, value)` for each value,
/// starting from `initial` (afresh for each subscription). Beyond SwiftSignalKit, whose
/// `reduceLeft` emits only at the end.
///
/// Completion and errors pass as they come (no value is added at completion). Values
/// pushed from several threads at once are folded one at a time, never concurrently, never
/// lost, and each accumulation goes downstream in the order it was folded (the guarantees
/// of `reduceLeft`, over the same serial drain); `f` runs on the thread of one of the
/// pushing sources, never under a lock. A value pushed back re-entrantly from downstream is
/// folded after the current one. An error drops values still waiting to be folded.
/// Disposal disposes upstream.
///
/// ```swift
/// let totals = numbers |> scan(0, +)   // 1, 2, 3 → 1, 3, 6
/// ```
///
/// Inlinable, so that its engine runs specialized for `T` and `A`.
@inlinable
@preconcurrency public func scan<T, A, E>(_ initial: A, _ f: @escaping @Sendable (A, T) -> A) -> (_ signal: Signal<T, E>) -> Signal<A, E> {
    // Safety: the seed is only read, by each subscription (a signal hands values of any
    // type to the thread that starts it).
    nonisolated(unsafe) let initial = initial
    return { signal in
        Signal { subscriber in
            let fold = FoldEngine<T, A, A>.scan(initial, f, emit: subscriber.putNext, complete: subscriber.putCompletion)
            return signal.start(
                next: fold.next,
                error: { error in
                    if fold.failed() {
                        subscriber.putError(error)
                    }
                }, completed: fold.completed)
        }
    }
}

/// Emits `values` first, then `signal`'s events. Beyond SwiftSignalKit.
///
/// At each subscription the values are sent synchronously, in order, then `signal` is
/// subscribed. When the subscription ends while the values are being sent (downstream
/// disposes or completes from inside a value, as `take(1)` does), the remaining values
/// are not sent and `signal` is never subscribed: "ended" counts a subscription further
/// down whose generator is still running, as the synchronous loops ask it
/// (`GenerationScope`). Errors and completion are `signal`'s.
///
/// ```swift
/// let withPlaceholder = results |> startWith(0)   // 0, then the results
/// ```
@preconcurrency public func startWith<T, E>(_ values: T...) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    // Safety: the values are only read, by each subscription.
    nonisolated(unsafe) let values = values
    return { signal in
        Signal { subscriber in
            // Ended: this subscription, or one further down whose generator still runs (a
            // `take(1)` that completed on a value: its upstream is disposed only once the
            // generators return).
            let ended = { subscriber.hasEnded || GenerationScope.enclosingHasEnded }
            for value in values {
                guard !ended() else { return EmptyDisposable }
                subscriber.putNext(value)
            }
            guard !ended() else { return EmptyDisposable }
            return signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Emits `f(value)` for each value where it is not nil; drops the values where it is.
/// Beyond SwiftSignalKit (its `flatMap` over optionals maps without dropping), the name
/// Combine users know.
///
/// Completion and errors pass. `f` runs on the delivering thread, for each value.
///
/// ```swift
/// let numbers = texts |> compactMap { Int($0) }   // "1", "x", "3" → 1, 3
/// ```
@inlinable
@preconcurrency public func compactMap<T, R, E>(_ f: @escaping @Sendable (T) -> R?) -> (_ signal: Signal<T, E>) -> Signal<R, E> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: { value in
                    if let result = f(value) {
                        subscriber.putNext(result)
                    }
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Replaces an error with `value`: on error, emits `value`, then completes. Beyond
/// SwiftSignalKit. The result cannot fail (`NoError`).
///
/// Values and completion pass.
///
/// ```swift
/// let safe = request |> replaceError(with: Response.empty)   // Signal<Response, NoError>
/// ```
@inlinable
@preconcurrency public func replaceError<T, E>(with value: T) -> (_ signal: Signal<T, E>) -> Signal<T, NoError> {
    // Safety: the replacement is only read, by each subscription.
    nonisolated(unsafe) let value = value
    return { signal in
        Signal { subscriber in
            signal.start(
                next: subscriber.putNext,
                error: { _ in
                    subscriber.putNext(value)
                    subscriber.putCompletion()
                }, completed: subscriber.putCompletion)
        }
    }
}

/// Drops the first `count` values, then passes every value. Beyond SwiftSignalKit.
///
/// A `count` of zero or less skips nothing. Completion and errors pass. Under concurrent
/// values exactly `count` are dropped (one atomic count).
///
/// ```swift
/// let afterTheFirstTwo = numbers |> skip(2)   // 1, 2, 3, 4 → 3, 4
/// ```
@inlinable
public func skip<T, E>(_ count: Int) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        guard count > 0 else { return signal }
        return Signal { subscriber in
            let seen = Atomic(value: 0)
            return signal.start(
                next: { value in
                    guard seen.modify({ $0 == Int.max ? $0 : $0 + 1 }) > count else { return }
                    subscriber.putNext(value)
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Drops values while `predicate` holds; from the first value for which it fails, passes
/// every value (`predicate` is no longer asked). Beyond SwiftSignalKit.
///
/// Completion and errors pass. Values that arrive on other threads while the first
/// failing answer is being given may still be asked about.
///
/// ```swift
/// let fromFirstPositive = numbers |> skip(while: { $0 <= 0 })   // -1, 2, -3 → 2, -3
/// ```
@inlinable
@preconcurrency public func skip<T, E>(while predicate: @escaping @Sendable (T) -> Bool) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let passing = Atomic(value: false)
            return signal.start(
                next: { value in
                    if !passing.with({ $0 }) {
                        guard !predicate(value) else { return }
                        _ = passing.swap(true)
                    }
                    subscriber.putNext(value)
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Passes values while `predicate` holds; at the first value for which it fails,
/// completes without forwarding that value (which disposes upstream). Beyond
/// SwiftSignalKit.
///
/// Upstream's completion and errors before that pass. `predicate` is not asked again
/// after it failed (values of a synchronous source that keeps sending are dropped).
///
/// ```swift
/// let belowTen = numbers |> take(while: { $0 < 10 })   // 1, 5, 12, 3 → 1, 5, completed
/// ```
@inlinable
@preconcurrency public func take<T, E>(while predicate: @escaping @Sendable (T) -> Bool) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let done = Atomic(value: false)
            return signal.start(
                next: { value in
                    guard !done.with({ $0 }) else { return }
                    guard predicate(value) else {
                        if !done.swap(true) {
                            subscriber.putCompletion()
                        }
                        return
                    }
                    subscriber.putNext(value)
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Emits the values in arrays of `count`; at completion, the partial remainder (if not
/// empty), then the completion. Beyond SwiftSignalKit.
///
/// An error drops the partial array and is forwarded. Values pushed from several threads
/// at once are batched one at a time (each value in exactly one array, the arrays emitted
/// in the order they fill), over the same serial drain as `scan`. A `count` below 1 is a
/// programming error: it stops the program when the operator is built (in every build).
///
/// ```swift
/// let pairs = numbers |> buffer(count: 2)   // 1, 2, 3 → [1, 2], [3]
/// ```
///
/// Inlinable, so that its engine runs specialized for `T`.
@inlinable
public func buffer<T, E>(count: Int) -> (_ signal: Signal<T, E>) -> Signal<[T], E> {
    if count < 1 {
        // `fatalError`, not `precondition`: an optimized build prints its message too.
        fatalError(bufferCountFailure(count))
    }
    return { signal in
        Signal { subscriber in
            let fold = FoldEngine<T, [T], [T]>.buffer(count: count, emit: subscriber.putNext, complete: subscriber.putCompletion)
            return signal.start(
                next: fold.next,
                error: { error in
                    if fold.failed() {
                        subscriber.putError(error)
                    }
                }, completed: fold.completed)
        }
    }
}

/// The message of `buffer(count:)` built with a count below 1.
@usableFromInline
func bufferCountFailure(_ count: Int) -> String {
    "buffer(count: \(count)): the count must be at least 1"
}

/// Emits every value in one array when `signal` completes (an empty array when there were
/// none), then completes. Beyond SwiftSignalKit.
///
/// An error drops the values and is forwarded. Values pushed from several threads at
/// once are each collected once, over the same serial drain as `scan`.
///
/// ```swift
/// let all = numbers |> collect   // 1, 2, 3, completed → [1, 2, 3], completed
/// ```
///
/// Inlinable, so that its engine runs specialized for `T`.
@inlinable
public func collect<T, E>(_ signal: Signal<T, E>) -> Signal<[T], E> {
    Signal { subscriber in
        let fold = FoldEngine<T, [T], [T]>.collect(emit: subscriber.putNext, complete: subscriber.putCompletion)
        return signal.start(
            next: fold.next,
            error: { error in
                if fold.failed() {
                    subscriber.putError(error)
                }
            }, completed: fold.completed)
    }
}

/// Throttles on `queue`: emits a value at once, then at most one value per `interval`
/// seconds. Beyond SwiftSignalKit (whose `debounce` waits for quiet instead).
///
/// Events are handled on `queue` (through `deliverOn(queue)`), and go downstream there. A
/// value that arrives when no interval is open is emitted at once and opens an interval of
/// `interval` seconds on the queue's timer. Values that arrive inside the interval are
/// held: when it ends, the held one is emitted (the last of them when `latest`, the first
/// when not) and opens a new interval; when none arrived, the next value is emitted at
/// once; a value that arrives as an interval ends goes out then, whether the interval's end
/// or the value is handled first. Completion emits the held value at once (if any), then
/// completes. An error drops the held value and is forwarded at once. Disposal stops the
/// timer. A negative or NaN `interval` counts as zero (an interval ends on the queue's next
/// turn). The state is the shared engine `ThrottleEngine` (SignalSync).
///
/// ```swift
/// // source: a (0 s), b (0.3 s), c (0.6 s), d (2 s)
/// source |> throttle(1.0, latest: true, on: queue)    // a at 0 s, c at 1 s, d at 2 s
/// source |> throttle(1.0, latest: false, on: queue)   // a at 0 s, b at 1 s, d at 2 s
/// ```
///
/// Inlinable, so that its engine runs specialized for `T`.
@inlinable
public func throttle<T, E>(_ interval: Double, latest: Bool, on queue: Queue) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let throttle = ThrottleEngine<T, E>(
                interval: interval, latest: latest, queue: queue.executionQueue, emit: subscriber.putNext,
                fail: subscriber.putError, complete: subscriber.putCompletion)
            throttle.attach(
                (signal |> deliverOn(queue)).start(next: throttle.next, error: throttle.failed, completed: throttle.completed))
            return throttle
        }
    }
}
