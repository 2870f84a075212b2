import SignalSync

// `merge`, `zip` and `withLatestFrom`: operators over several sources, on SignalSync's
// `MergeEngine`, `ZipEngine` and `WithLatestFromEngine` (the same engines as the untyped
// module's `SSignal.merge`, `SSignal.zip` and `SSignal.withLatestFrom`).

extension MergeEngine: Disposable {}
extension ZipEngine: Disposable {}
extension WithLatestFromEngine: Disposable {}

// MARK: - merge

/// Forwards the values of all `signals` as they come, in one signal.
///
/// - Values: every value of every source, as it arrives (nothing is reordered or
///   buffered), on the thread of the source that sent it; sources that emit on several
///   threads at once deliver concurrently (as untyped `mergeSignals` does): serialize
///   downstream (`deliverOn`) when that matters.
/// - Subscription: the sources are subscribed in order, synchronously, when the result is
///   started; a synchronous source runs to its end before the next is subscribed.
/// - Completion: once every source has completed. An empty list completes at once.
/// - Error: the first error is forwarded and ends it; every source is then disposed, in
///   order. A source that fails while being subscribed stops the sources after it from
///   being subscribed (SSignalKit's `mergeSignals` still subscribes them).
/// - Disposal: disposes every source, in order. A subscriber may dispose inside a value.
///
/// ```swift
/// let pipe = ValuePipe<Int>()
/// merge(pipe.signal(), Signal<Int, NoError>.single(0)).start(next: { print($0) })
/// pipe.putNext(1)
/// // 0, 1
/// ```
@inlinable
public func merge<T, E>(_ signals: Signal<T, E>...) -> Signal<T, E> {
    merge(signals)
}

/// `merge` of an array of signals: see `merge(_:)` (variadic).
///
/// ```swift
/// merge([a, b, c]).start(next: { print($0) })
/// ```
@inlinable
public func merge<T, E>(_ signals: [Signal<T, E>]) -> Signal<T, E> {
    if signals.isEmpty {
        return Signal<T, E>.complete()
    }
    return Signal { subscriber in
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

/// Merges the signal with `other`: `merge([signal, other])` (the signal is subscribed
/// first). Values, completion, error and disposal as in `merge(_:)`.
///
/// ```swift
/// taps |> merge(with: keyPresses) |> map { _ in "input" }
/// ```
@inlinable
public func merge<T, E>(with other: Signal<T, E>) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in merge([signal, other]) }
}

// MARK: - zip

/// Pairs the n-th values of every signal into arrays (`[T]`, in the order of `signals`).
///
/// - Values: the n-th row is emitted when the last of its n-th values arrives, on that
///   value's thread; a value waits in its source's buffer (first in, first out) until
///   its partners arrive. Each value is in exactly one row, also when sources emit on
///   several threads at once (rows completed at the same moment on two threads may
///   reach downstream in either order).
/// - Subscription: in order, synchronously, when the result is started (sources after one
///   that ended the output while being subscribed are not subscribed).
/// - Completion: once a source has completed and none of its values waits: at its
///   completion when its buffer is empty, otherwise right after the row that takes its
///   last value. The other sources are then disposed, in order. An empty array completes
///   at once.
/// - Error: the first error is forwarded and ends it; the sources are disposed, in order.
/// - Disposal: disposes every source, in order, and releases the waiting values. A
///   subscriber may dispose inside a row.
///
/// ```swift
/// let letters = ValuePipe<String>()
/// let numbers = ValuePipe<String>()
/// zip([letters.signal(), numbers.signal()]).start(next: { print($0) })
/// letters.putNext("a"); letters.putNext("b"); numbers.putNext("1")
/// // ["a", "1"]
/// ```
@inlinable
public func zip<T, E>(_ signals: [Signal<T, E>]) -> Signal<[T], E> {
    if signals.isEmpty {
        return Signal<[T], E>.complete()
    }
    return Signal { subscriber in
        let engine = ZipEngine<T>(count: signals.count)
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

/// One value of a tuple `zip`'s source number 1...6, in the one element type the
/// engine's buffers hold; the tuple arities read them back with `first`...`sixth`.
@usableFromInline
enum ZipElement<T1, T2, T3, T4, T5, T6> {
    case first(T1)
    case second(T2)
    case third(T3)
    case fourth(T4)
    case fifth(T5)
    case sixth(T6)

    @inlinable var v1: T1 {
        guard case .first(let value) = self else { preconditionFailure("zip: row element 1 is from another source") }
        return value
    }
    @inlinable var v2: T2 {
        guard case .second(let value) = self else { preconditionFailure("zip: row element 2 is from another source") }
        return value
    }
    @inlinable var v3: T3 {
        guard case .third(let value) = self else { preconditionFailure("zip: row element 3 is from another source") }
        return value
    }
    @inlinable var v4: T4 {
        guard case .fourth(let value) = self else { preconditionFailure("zip: row element 4 is from another source") }
        return value
    }
    @inlinable var v5: T5 {
        guard case .fifth(let value) = self else { preconditionFailure("zip: row element 5 is from another source") }
        return value
    }
    @inlinable var v6: T6 {
        guard case .sixth(let value) = self else { preconditionFailure("zip: row element 6 is from another source") }
        return value
    }
}

/// Pairs the n-th values of `a` and `b` into tuples: the array `zip(_:)` (same values,
/// completion, error, disposal and threads) with the exact tuple as output.
///
/// ```swift
/// let a = Signal<Int, NoError> { s in s.putNext(1); s.putNext(2); s.putCompletion(); return EmptyDisposable }
/// let b = Signal<String, NoError> { s in s.putNext("x"); s.putCompletion(); return EmptyDisposable }
/// zip(a, b).start(next: { print($0) }, completed: { print("done") })
/// // (1, "x"), done: b completed with nothing waiting
/// ```
@inlinable
public func zip<A, B, E>(_ a: Signal<A, E>, _ b: Signal<B, E>) -> Signal<(A, B), E> {
    typealias Part = ZipElement<A, B, Never, Never, Never, Never>
    return zip([a |> map { Part.first($0) }, b |> map { Part.second($0) }]) |> map { ($0[0].v1, $0[1].v2) }
}

/// `zip` of three sources: see `zip(_:_:)`.
@inlinable
public func zip<A, B, C, E>(_ a: Signal<A, E>, _ b: Signal<B, E>, _ c: Signal<C, E>) -> Signal<(A, B, C), E> {
    typealias Part = ZipElement<A, B, C, Never, Never, Never>
    return zip([a |> map { Part.first($0) }, b |> map { Part.second($0) }, c |> map { Part.third($0) }])
        |> map { ($0[0].v1, $0[1].v2, $0[2].v3) }
}

/// `zip` of four sources: see `zip(_:_:)`.
@inlinable
public func zip<A, B, C, D, E>(
    _ a: Signal<A, E>, _ b: Signal<B, E>, _ c: Signal<C, E>, _ d: Signal<D, E>
) -> Signal<(A, B, C, D), E> {
    typealias Part = ZipElement<A, B, C, D, Never, Never>
    return zip([a |> map { Part.first($0) }, b |> map { Part.second($0) }, c |> map { Part.third($0) }, d |> map { Part.fourth($0) }])
        |> map { ($0[0].v1, $0[1].v2, $0[2].v3, $0[3].v4) }
}

/// `zip` of five sources: see `zip(_:_:)`.
@inlinable
public func zip<A, B, C, D, F, E>(
    _ a: Signal<A, E>, _ b: Signal<B, E>, _ c: Signal<C, E>, _ d: Signal<D, E>, _ f: Signal<F, E>
) -> Signal<(A, B, C, D, F), E> {
    typealias Part = ZipElement<A, B, C, D, F, Never>
    return zip([
        a |> map { Part.first($0) }, b |> map { Part.second($0) }, c |> map { Part.third($0) }, d |> map { Part.fourth($0) },
        f |> map { Part.fifth($0) },
    ])
        |> map { ($0[0].v1, $0[1].v2, $0[2].v3, $0[3].v4, $0[4].v5) }
}

/// `zip` of six sources: see `zip(_:_:)`.
@inlinable
public func zip<A, B, C, D, F, G, E>(
    _ a: Signal<A, E>, _ b: Signal<B, E>, _ c: Signal<C, E>, _ d: Signal<D, E>, _ f: Signal<F, E>, _ g: Signal<G, E>
) -> Signal<(A, B, C, D, F, G), E> {
    typealias Part = ZipElement<A, B, C, D, F, G>
    return zip([
        a |> map { Part.first($0) }, b |> map { Part.second($0) }, c |> map { Part.third($0) }, d |> map { Part.fourth($0) },
        f |> map { Part.fifth($0) }, g |> map { Part.sixth($0) },
    ])
        |> map { ($0[0].v1, $0[1].v2, $0[2].v3, $0[3].v4, $0[4].v5, $0[5].v6) }
}

// MARK: - withLatestFrom

/// Emits `combine(value, latest)` for each value of the signal, where `latest` is the
/// latest value of `other`.
///
/// - Subscription: `other` is subscribed first, then the signal (so a synchronous value
///   of `other` is there for the signal's first value).
/// - Values: a value of the signal emits with `other`'s latest value, on the signal's
///   thread; while `other` has not emitted, the value is dropped. `combine` runs outside
///   any lock.
/// - Completion: the signal's completion ends it; `other`'s completion is ignored (its
///   latest value stays).
/// - Error: an error of either ends it.
/// - Disposal (and the end): `other` is disposed first, then the signal. A subscriber may
///   dispose inside a value.
///
/// ```swift
/// let taps = ValuePipe<Void>()
/// let text = ValuePipe<String>()
/// taps.signal() |> withLatestFrom(text.signal()) { _, text in "sent \(text)" }
/// ```
@inlinable
@preconcurrency public func withLatestFrom<T, U, R, E>(
    _ other: Signal<U, E>, _ combine: @escaping @Sendable (T, U) -> R
) -> (_ signal: Signal<T, E>) -> Signal<R, E> {
    { signal in
        Signal { subscriber in
            let engine = WithLatestFromEngine<U>()
            let otherHandle = other.start(
                next: { engine.otherValue($0) },
                error: { error in engine.end { subscriber.putError(error) } })
            engine.attach(otherHandle, .other)
            guard engine.isRunning else { return engine }
            let handle = signal.start(
                next: { value in engine.sourceValue { subscriber.putNext(combine(value, $0)) } },
                error: { error in engine.end { subscriber.putError(error) } },
                completed: { engine.end { subscriber.putCompletion() } })
            engine.attach(handle, .source)
            return engine
        }
    }
}

/// Emits the latest value of `other` for each value of the signal:
/// `withLatestFrom(other) { _, latest in latest }` (see there).
///
/// ```swift
/// saveTaps |> withLatestFrom(document)   // the document at each tap
/// ```
@inlinable
public func withLatestFrom<T, U, E>(_ other: Signal<U, E>) -> (_ signal: Signal<T, E>) -> Signal<U, E> {
    withLatestFrom(other) { (_: T, latest: U) in latest }
}
