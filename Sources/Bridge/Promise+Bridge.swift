import STypedSignal
import SUntypedSignal
import SignalSync

extension Promise {
    /// An `SVariable` that follows this promise: its signal replays the promise's
    /// current value and every later one. The variable keeps the promise alive.
    public func toUntyped() -> SVariable {
        let variable = SVariable()
        variable.set(get().toUntyped())
        return variable
    }
}

extension ValuePromise {
    /// An `SVariable` that follows this promise: its signal replays the promise's
    /// current value and every later one. The variable keeps the promise alive.
    public func toUntyped() -> SVariable {
        let variable = SVariable()
        variable.set(get().toUntyped())
        return variable
    }
}

extension SVariable {
    /// A `Promise<T>` that follows this variable.
    ///
    /// A value that is not a `T` cannot travel through a promise (it never fails):
    /// it is skipped and reported to `onMismatch`, and the promise keeps its value.
    @preconcurrency public func toTypedPromise<T>(_ type: T.Type = T.self, onMismatch: @escaping @Sendable (SSignalTypeError) -> Void = { _ in }) -> Promise<T>
    {
        let promise = Promise<T>()
        promise.set(typedValues(of: signal(), as: type, onMismatch: onMismatch))
        return promise
    }

    /// A `ValuePromise<T>` that follows this variable; values that are not a `T` are
    /// skipped and reported to `onMismatch`.
    @preconcurrency public func toTypedValuePromise<T: Equatable>(
        _ type: T.Type = T.self, ignoreRepeated: Bool = false,
        onMismatch: @escaping @Sendable (SSignalTypeError) -> Void = { _ in }
    ) -> (ValuePromise<T>, Disposable) {
        let promise = ValuePromise<T>(ignoreRepeated: ignoreRepeated)
        // Safety: the closure holds the promise weakly and calls `set`, which any thread may
        // call. (A `@Sendable` closure calling it would capture `T`'s `Equatable`
        // conformance, which Swift 6 does not take to be `Sendable`.) Pinned by
        // PromiseAndPipeBridgeTests.testVariableAsValuePromise.
        let set = UncheckedSendable({ [weak promise] (value: T) -> Void in promise?.set(value) })
        let subscription = typedValues(of: signal(), as: type, onMismatch: onMismatch).start(next: calling(set))
        return (promise, subscription)
    }
}

/// The `T` values of `signal`; others are reported to `onMismatch` and skipped.
func typedValues<T>(of signal: SSignal, as type: T.Type, onMismatch: @escaping @Sendable (SSignalTypeError) -> Void) -> Signal<T, NoError> {
    Signal { subscriber in
        signal.start(
            next: { value in
                if let typed = cast(value, to: T.self) {
                    subscriber.putNext(typed)
                } else {
                    onMismatch(SSignalTypeError(expected: typeName(T.self), value: value))
                }
            },
            completed: {
                subscriber.putCompletion()
            }
        ).toTyped()
    }
}

/// A `@Sendable` callback that calls the carried closure: made where `T` has no
/// conformance to capture.
private func calling<T>(_ closure: UncheckedSendable<(T) -> Void>) -> @Sendable (T) -> Void {
    { closure.value($0) }
}
