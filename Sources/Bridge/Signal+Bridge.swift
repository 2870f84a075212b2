import STypedSignal
import SUntypedSignal
import SignalSync

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
            self.subscription(callbacks: ConvertingCallbacks(conversion: TypedToUntyped<T, E>(), downstream: subscriber, core: subscriber.core))
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
        let conversion = UntypedToTyped<T, E, R>(upstream: upstream, mismatch: mismatch)
        return Signal { subscriber in
            self.subscription(callbacks: ConvertingCallbacks(conversion: conversion, downstream: subscriber, core: subscriber.core))
        }
    }
}

/// A typed subscription's events as untyped ones: values and errors boxed as `Any?`.
@usableFromInline
struct TypedToUntyped<T, E>: EventConversion {
    @inlinable
    init() {}

    @inlinable
    func convert(_ value: T) -> ConvertedValue<Any?, Any?> {
        .value(value)
    }

    @inlinable
    func convert(failure: E) -> Any? {
        failure
    }
}

/// An untyped subscription's events as typed ones: a value that is not a `T` ends the
/// subscription with `mismatch`, an error that is an `E` arrives through `upstream`, any
/// other error through `mismatch`.
@usableFromInline
struct UntypedToTyped<T, E, R>: EventConversion {
    @usableFromInline let upstream: (E) -> R
    @usableFromInline let mismatch: (SSignalTypeError) -> R

    @inlinable
    init(upstream: @escaping (E) -> R, mismatch: @escaping (SSignalTypeError) -> R) {
        self.upstream = upstream
        self.mismatch = mismatch
    }

    @inlinable
    func convert(_ value: Any?) -> ConvertedValue<T, R> {
        if let typed = cast(value, to: T.self) {
            return .value(typed)
        }
        return .failure(mismatch(SSignalTypeError(expected: typeName(T.self), value: value)))
    }

    @inlinable
    func convert(failure: Any?) -> R {
        if let typed = cast(failure, to: E.self) {
            return upstream(typed)
        }
        return mismatch(SSignalTypeError(expected: typeName(E.self), value: failure))
    }
}
