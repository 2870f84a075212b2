import SignalSync

/// Emits `f(value)` for every value; error and completion pass unchanged.
///
/// ```swift
/// single(2, NoError.self) |> map { $0 * 10 }   // 20, completed
/// ```
///
/// A `map` that keeps the value's type, after another such `map` or a `filter`, runs in
/// one subscription with it, step after step, instead of a subscription each; what each
/// step sees and when it runs stay those of separate stages (a step that disposes the
/// subscription stops the steps after it).
@inlinable
@preconcurrency public func map<T, E, R>(_ f: @escaping @Sendable (T) -> R) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        if T.self == R.self, signal.stage.stepJoin != .newStage {
            // Safety: `R` is `T` (the `if`): the same function type and the same signal type.
            // Pinned by FusedStagesTests.testATypeChangingMapBetweenSameTypeMapsSendsWhatSeparateStagesSend.
            let step = StatelessStep<T>.map(unsafeBitCast(f, to: (@Sendable (T) -> T).self))
            return FusedSignal.appending(step, to: signal) as! Signal<R, E>
        }
        return MapSignal(upstream: signal, transform: f)
    }
}

/// Forwards the values for which `f` returns true; terminal events pass unchanged. Joins
/// the subscription of a `map` keeping the type or a `filter` right before it (see `map`).
@inlinable
@preconcurrency public func filter<T, E>(_ f: @escaping @Sendable (T) -> Bool) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        FusedSignal.appending(StatelessStep.filter(f), to: signal)
    }
}

/// Maps the wrapped value of an optional signal: `.some(v)` becomes `f(v)`, `nil` stays
/// `nil` (it is not dropped). Not a signal-flattening operator.
@inlinable
@preconcurrency public func flatMap<T, E, R>(_ f: @escaping @Sendable (T) -> R) -> (Signal<T?, E>) -> Signal<R?, E> {
    { signal in
        signal |> map { $0.map(f) }
    }
}

/// Transforms the error; values and completion pass unchanged.
@inlinable
@preconcurrency public func mapError<T, E, R>(_ f: @escaping @Sendable (E) -> R) -> (Signal<T, E>) -> Signal<T, R> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: subscriber.putNext,
                error: { subscriber.putError(f($0)) },
                completed: subscriber.putCompletion)
        }
    }
}

/// Gives a signal that cannot fail any error type.
@inlinable
public func castError<T, E>(_ type: E.Type) -> (Signal<T, NoError>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            signal.start(next: subscriber.putNext, completed: subscriber.putCompletion)
        }
    }
}

/// Drops a value equal to the last emitted one; the first value always passes.
///
/// ```swift
/// [1, 1, 2, 2, 1] → 1, 2, 1
/// ```
@inlinable
public func distinctUntilChanged<T: Equatable, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    signal |> distinctUntilChanged(isEqual: equatableEqual(_:_:) as @Sendable (T, T) -> Bool)
}

/// `==` as a `@Sendable` function: a closure literal or `==` itself would capture `T`'s
/// metatype, which Swift 6 cannot prove `Sendable`; a global function's reference does not.
@usableFromInline @Sendable
func equatableEqual<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
    lhs == rhs
}

/// Drops a value when `isEqual(lastEmitted, value)` is true; the first value always
/// passes, and the reference changes only when a value passes. State is per
/// subscription (the shared engine `DistinctEngine`, the one under the untyped
/// `ignoreRepeated` too).
///
/// `isEqual` runs outside any lock, so it may do anything. Values arriving concurrently
/// are each compared with the latest value that passed (a value is compared again when
/// another one passed while `isEqual` ran); the order in which concurrent values that
/// pass reach the subscriber is not defined.
///
/// ```swift
/// [10, 11, 12, 13, 20] |> distinctUntilChanged(isEqual: { abs($0 - $1) < 2 })   // 10, 12, 20
/// ```
///
/// Inlinable, so that its engine runs specialized for `T`.
@inlinable
@preconcurrency public func distinctUntilChanged<T, E>(isEqual: @escaping @Sendable (T, T) -> Bool) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let distinct = DistinctEngine<T>(isEqual: isEqual)
            return signal.start(
                next: { value in
                    if distinct.shouldPass(value) {
                        subscriber.putNext(value)
                    }
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}
