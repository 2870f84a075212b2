import STypedSignal
import SUntypedSignal

extension Signal {
    /// The same signal as an `SSignal`: values and errors are boxed as `Any?`.
    ///
    /// Events keep their order and their thread; subscribing and disposing the untyped
    /// signal subscribes and disposes this one, in the same order.
    ///
    /// ```swift
    /// let untyped = Signal<Int, NoError>.single(1).toUntyped()
    /// untyped.start(next: { print($0 as! Int) })   // 1
    /// ```
    @inlinable
    public func toUntyped() -> SSignal {
        SSignal { subscriber in
            self.subscription(
                next: { subscriber.putNext($0) },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() }
            )
        }
    }
}

extension SSignal {
    /// The same signal as a `Signal<T, BridgeError<E>>`.
    ///
    /// A value that is not a `T`, or an error that is not an `E`, ends the subscription
    /// with `.typeMismatch` naming the expected and the actual type (and disposes the
    /// untyped subscription); an `E` error arrives as `.upstream(e)`. Events keep their
    /// order and thread.
    ///
    /// ```swift
    /// let typed = SSignal.single(3).toTyped(Int.self, String.self)
    /// typed.start(next: { print($0 + 1) })   // 4
    /// ```
    @inlinable
    public func toTyped<T, E>(_ valueType: T.Type = T.self, _ errorType: E.Type = E.self) -> Signal<T, BridgeError<E>> {
        toTyped(valueType, errorType, upstream: BridgeError<E>.upstream, mismatch: BridgeError<E>.typeMismatch)
    }

    /// The same signal as a `Signal<T, E>`, with a mismatch turned into an `E` by
    /// `mismatch`: the variant for callers whose error type can describe a mismatch.
    @inlinable
    public func toTyped<T, E>(
        _ valueType: T.Type = T.self, _ errorType: E.Type = E.self,
        mismatch: @escaping (SSignalTypeError) -> E
    ) -> Signal<T, E> {
        toTyped(valueType, errorType, upstream: { $0 }, mismatch: mismatch)
    }

    @inlinable
    func toTyped<T, E, R>(
        _ valueType: T.Type, _ errorType: E.Type, upstream: @escaping (E) -> R,
        mismatch: @escaping (SSignalTypeError) -> R
    ) -> Signal<T, R> {
        Signal { subscriber in
            self.subscription(
                next: { value in
                    if let typed = cast(value, to: T.self) {
                        subscriber.putNext(typed)
                    } else {
                        subscriber.putError(mismatch(SSignalTypeError(expected: typeName(T.self), value: value)))
                    }
                },
                error: { error in
                    if let typed = cast(error, to: E.self) {
                        subscriber.putError(upstream(typed))
                    } else {
                        subscriber.putError(mismatch(SSignalTypeError(expected: typeName(E.self), value: error)))
                    }
                },
                completed: {
                    subscriber.putCompletion()
                }
            )
        }
    }
}
