import Dispatch
import SignalSync

// MARK: - Flattening

/// Flattens a signal of signals, keeping only the newest inner signal.
///
/// Each inner signal is subscribed as soon as the outer emits it; the previous inner
/// is disposed right after (new first, then old). Events of a replaced inner are
/// dropped from the moment its successor arrives.
/// Completes when the outer has completed and no inner runs (at once if the outer
/// completes while idle, otherwise when the current inner completes). The first error
/// of the outer or of the current inner is forwarded and everything is torn down
/// (inner, then outer). Events arrive on the threads the inners send them from.
///
/// ```swift
/// let searches = ValuePipe<String>()   // any hot source of queries
/// let results = searches.signal() |> map { query in search(query) } |> switchToLatest
/// // a new query cancels the search still running for the previous one
/// ```
@inlinable
public func switchToLatest<T, E>(_ signal: Signal<Signal<T, E>, E>) -> Signal<T, E> {
    flatten(signal, mode: .switchToLatest, transform: { $0 }, mapError: { $0 })
}

/// Flattens a signal of signals by running the inner signals one at a time, in
/// arrival order.
///
/// Inners that arrive while one runs are buffered (without bound); when the running
/// inner completes, the next one is subscribed (before the finished one is disposed).
/// Synchronously completing inners are run in a loop, never recursively. Completes
/// when the outer has completed, nothing runs and the buffer is empty. An error of
/// the outer or of an inner is forwarded and stops everything: buffered inners are
/// never subscribed. Disposal drops the buffer. Safe under concurrent outer
/// emission: every inner runs exactly once and never overlaps another.
///
/// ```swift
/// let uploads: Signal<Signal<Progress, UploadError>, UploadError> = ...
/// let sequential = uploads |> queue   // one upload at a time, in order
/// ```
@inlinable
public func queue<T, E>(_ signal: Signal<Signal<T, E>, E>) -> Signal<T, E> {
    flatten(signal, mode: .queue, transform: { $0 }, mapError: { $0 })
}

/// Flattens a signal of signals like `queue`, but keeps at most one inner waiting:
/// a newly arriving inner replaces the pending one, which is never subscribed.
///
/// An idle `throttled` starts an arriving inner at once. Completion, errors and
/// disposal behave as in `queue`.
@inlinable
public func throttled<T, E>(_ signal: Signal<Signal<T, E>, E>) -> Signal<T, E> {
    flatten(signal, mode: .throttled, transform: { $0 }, mapError: { $0 })
}

/// Maps every value to a signal and keeps only the newest one running: `map(f)`
/// followed by `switchToLatest`.
///
/// `f` runs on the emitting thread for every outer value, even after the output has
/// already failed during a synchronous outer run. Completion, errors and disposal as
/// in `switchToLatest`.
///
/// ```swift
/// let profile = userId.signal |> mapToSignal { id in loadProfile(id) }
/// ```
@inlinable
@preconcurrency public func mapToSignal<T, R, E>(_ f: @escaping @Sendable (T) -> Signal<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        flatten(signal, mode: .switchToLatest, transform: f, mapError: { $0 })
    }
}

/// `mapToSignal` for a source that cannot fail: the inner signals' errors become the
/// output's errors.
@inlinable
@preconcurrency public func mapToSignalPromotingError<T, R, E>(_ f: @escaping @Sendable (T) -> Signal<R, E>) -> (Signal<T, NoError>) -> Signal<R, E> {
    { signal in
        flatten(signal, mode: .switchToLatest, transform: f, mapError: nil)
    }
}

/// Maps every value to a signal and runs those signals one at a time, in order:
/// `map(f)` followed by `queue`.
///
/// `f` runs as soon as a value arrives; the signals it returns wait their turn.
@inlinable
@preconcurrency public func mapToQueue<T, R, E>(_ f: @escaping @Sendable (T) -> Signal<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        flatten(signal, mode: .queue, transform: f, mapError: { $0 })
    }
}

/// Maps every value to a signal and runs them one at a time, keeping only the newest
/// waiting one: `map(f)` followed by `throttled`.
///
/// `f` runs for every value; signals replaced while waiting are never subscribed.
@inlinable
@preconcurrency public func mapToThrottled<T, R, E>(_ f: @escaping @Sendable (T) -> Signal<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        flatten(signal, mode: .throttled, transform: f, mapError: { $0 })
    }
}

/// Builds the flattening signal shared by the operators above; `mapError` is nil for
/// an outer signal that cannot fail; `operator` (the calling operator) names the signal in
/// the live-subscription report.
@inlinable
func flatten<U, OuterError, T, E>(
    _ outer: Signal<U, OuterError>, mode: InnerQueueMode, transform: @escaping @Sendable (U) -> Signal<T, E>, mapError: (@Sendable (OuterError) -> E)?,
    operator: StaticString = #function
) -> Signal<T, E> {
    Signal(
        { subscriber in
            startInnerQueue(outer, mode: mode, subscriber: subscriber, transform: transform, mapError: mapError) {
                subscriber.putCompletion()
            }
        }, function: `operator`)
}

/// The typed face of the shared inner queue engine (`InnerQueueEngine` in SignalSync):
/// subscribes to `outer` for `subscriber` and returns the engine as the subscription's
/// disposable.
///
/// Each outer value becomes an inner through `transform` (called on the emitting thread,
/// for every value, even after the output terminated); outer errors become downstream
/// errors through `mapError` (nil when the outer cannot fail); inner values and errors go
/// straight downstream; `complete` sends the final events. Inners start through
/// `TypedInnerRun.start` (an inner made by `single` is not subscribed: its value goes
/// downstream as the subscription would send it). The engine holds the inners as
/// `AnyObject`, so its steps need no runtime metadata lookup for `T` and `E`. An outer (or
/// inner) that is a hot source's signal is not subscribed: the engine joins its hub.
@inlinable
func startInnerQueue<U, OuterError, T, E>(
    _ outer: Signal<U, OuterError>, mode: InnerQueueMode, subscriber: Subscriber<T, E>, transform: @escaping @Sendable (U) -> Signal<T, E>,
    mapError: (@Sendable (OuterError) -> E)?, complete: @escaping () -> Void
) -> Disposable {
    let engine = InnerQueueEngine(
        mode: mode, downstream: subscriber,
        start: TypedInnerRun<T, E>.start, complete: complete)
    // Each closure captures only `callbacks`, which is then its context: one object
    // rather than a closure context for the value and one for the error.
    let callbacks = FlattenOuterCallbacks(engine: engine, transform: transform, mapError: mapError)
    if outer.stage.plan(for: .valueReceiver) == .joinHub {
        // A hot source's signal: its hub hands each value to the callbacks, instead of a
        // subscription of the source's own (a hub sends no terminal event); the
        // membership is the outer handle. Pinned by
        // SignalMetaTests.testMapToSignalOverHotSourcesJoinsTheirHubs.
        engine.setOuter(outer.joinedHub.join(PipeHubClosureReceiver { callbacks.next($0) }))
        return engine
    }
    engine.setOuter(
        outer.start(
            next: { callbacks.next($0) },
            error: mapError == nil ? nil : { @Sendable in callbacks.error($0) },
            completed: { callbacks.completed() }))
    return engine
}

/// What the outer signal of a typed meta operator (`startInnerQueue`) calls back with:
/// each value becomes an inner of `engine` through `transform`, an error goes downstream
/// through `mapError`, the completion to the engine.
@usableFromInline
final class FlattenOuterCallbacks<U, OuterError, T, E>: Sendable {
    @usableFromInline let engine: InnerQueueEngine
    @usableFromInline let transform: @Sendable (U) -> Signal<T, E>
    @usableFromInline let mapError: (@Sendable (OuterError) -> E)?

    /// The outer callbacks of `engine`, whose downstream is a `Subscriber<T, E>`.
    @inlinable
    init(engine: InnerQueueEngine, transform: @escaping @Sendable (U) -> Signal<T, E>, mapError: (@Sendable (OuterError) -> E)?) {
        self.engine = engine
        self.transform = transform
        self.mapError = mapError
    }

    /// The outer signal sent `value`: its inner goes to the engine.
    @inlinable
    func next(_ value: U) {
        engine.outerNext(transform(value))
    }

    /// The outer signal failed: downstream, through `mapError`, if the engine forwards it.
    @inlinable
    func error(_ error: OuterError) {
        guard let mapError, engine.outerFailed() else { return }
        // Safety: `startInnerQueue` makes the engine with a `Subscriber<T, E>` as its
        // downstream. Pinned by
        // SignalMetaTests.testSwitchToLatestOuterErrorIsForwardedAndTearsDownInnerThenOuter.
        unsafeDowncast(engine.downstream, to: Subscriber<T, E>.self).putError(mapError(error))
    }

    /// The outer signal completed.
    @inlinable
    func completed() {
        engine.outerCompleted()
    }
}

/// The engine is the disposable a meta operator's generator returns.
extension InnerQueueEngine: Disposable {}

// MARK: - Sequencing

/// Drops every value and forwards only the error or the completion.
///
/// ```swift
/// let done = upload |> ignoreValues   // Signal<Never, UploadError>
/// ```
@inlinable
public func ignoreValues<T, E>(_ signal: Signal<T, E>) -> Signal<Never, E> {
    Signal { subscriber in
        signal.start(
            error: { error in
                subscriber.putError(error)
            },
            completed: {
                subscriber.putCompletion()
            })
    }
}

/// Concatenation: forwards the values of the source, and when it completes,
/// subscribes to `nextSignal` and forwards all of its events, completion included.
///
/// `nextSignal` is subscribed from inside the source's completion, so before the
/// source is disposed. An error of the source is forwarded and `nextSignal` is never
/// subscribed. Disposal disposes whichever subscriptions are live.
///
/// `nextSignal` sends straight to the downstream subscriber (`HandOver`), so a recursion
/// such as `single(page) |> then(deferred { next(page + 1) })` costs the same per value
/// at any depth.
///
/// ```swift
/// let both = Signal<Int, NoError>.single(1) |> then(.single(2))   // 1, 2, completed
/// ```
@inlinable
public func then<T, E>(_ nextSignal: Signal<T, E>) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let disposables = DisposableSet()
            let first = signal.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    if let second = HandOver.continuation(of: subscriber.state, { nextSignal.run(subscriber) }) {
                        disposables.add(second)
                    }
                })
            disposables.add(first)
            return disposables
        }
    }
}

/// The disposable of a `then`'s second signal is a `Disposable`.
extension HandedOverDisposable: Disposable {}

/// A signal that calls `generator` anew for each subscription, at subscription time,
/// and mirrors the signal it returns.
///
/// The returned signal runs with the subscriber of this one (`HandOver`): no forwarding
/// subscription in between.
///
/// ```swift
/// let now = deferred { Signal<Double, NoError>.single(currentTime()) }
/// // each subscriber gets the time at which it subscribed
/// ```
@inlinable
@preconcurrency public func deferred<T, E>(_ generator: @escaping @Sendable () -> Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        let signal = generator()
        return GenerationScope.run(subscriber.state) { signal.run(subscriber) }
    }
}

// MARK: - Diagnostics

/// Passes everything through unchanged and prints how long the first value took to
/// arrive after subscription: `measureTimeToFirstEvent(<label>: <ms> ms`.
///
/// Only the first value that reaches the returned signal, across all of its
/// subscriptions, is measured (as in the original, the "first" flag belongs to the
/// returned signal; here it is updated atomically). Printing happens in every build
/// configuration, on the thread that delivers the value, before the value is
/// forwarded.
public func debug_measureTimeToFirstEvent<T, E>(label: String) -> (Signal<T, E>) -> Signal<T, E> {
    measureTimeToFirstEvent(label: label, report: { print($0) })
}

/// `debug_measureTimeToFirstEvent` with the printing replaced by `report` (for tests).
@preconcurrency package func measureTimeToFirstEvent<T, E>(label: String, report: @escaping @Sendable (String) -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        let reported = Atomic(value: false)
        return Signal { subscriber in
            let startTime = DispatchTime.now().uptimeNanoseconds
            return signal.start(
                next: { value in
                    if !reported.swap(true) {
                        let elapsed = DispatchTime.now().uptimeNanoseconds &- startTime
                        report("measureTimeToFirstEvent(\(label): \(Double(elapsed) / 1_000_000.0) ms")
                    }
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }
}
