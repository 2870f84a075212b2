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
    ///
    /// Converted back with `toTyped`, directly or after a `map`, it is subscribed once:
    /// this signal's subscription converts each event and hands it on, without an untyped
    /// subscription in between. A typed `single` becomes an untyped `single` of the same
    /// value (the same events, and nothing to dispose).
    @inlinable
    public func toUntyped() -> SSignal {
        if stage.plan(for: .forwarder) == .sendSingleValue {
            return SSignal.single(singleValue)
        }
        // Both closures capture only this signal: no closure context of their own.
        return ConvertedSSignal<Disposable>(
            runner: { _, subscriber in
                self.subscription(callbacks: Stage(ConversionHead(TypedToUntyped<T, E>()), SubscriptionTail(subscriber, subscriber.core)))
            },
            subscribeSource: { callbacks in
                self.subscription(callbacks: Stage(ConversionHead(TypedToUntyped<T, E>()), CallbacksTail(callbacks)))
            })
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
        // Captures only the signal (a closure context of its own would cost an allocation
        // per conversion); the conversion's functions have no context.
        Signal { subscriber in
            self.subscription(
                convertingTo: subscriber,
                with: UntypedToTyped<T, E, BridgeError<E>>(upstream: BridgeError<E>.upstream, mismatch: BridgeError<E>.typeMismatch))
        }
    }

    /// The same signal as a `Signal<T, E>`, with a mismatch turned into an `E` by
    /// `mismatch`: the variant for callers whose error type can describe a mismatch.
    @inlinable
    @preconcurrency public func toTyped<T, E>(
        _ valueType: T.Type = T.self, _ errorType: E.Type = E.self,
        mismatch: @escaping @Sendable (SSignalTypeError) -> E
    ) -> Signal<T, E> {
        // Safety: the conversion is immutable and its closures are `{ $0 }` and the
        // `@Sendable` `mismatch`; each start only reads it.
        nonisolated(unsafe) let conversion = UntypedToTyped<T, E, E>(upstream: { $0 }, mismatch: mismatch)
        return Signal { subscriber in
            self.subscription(convertingTo: subscriber, with: conversion)
        }
    }

    /// Subscribes this signal with callbacks that convert each event with `conversion` and
    /// send it straight into `subscriber`'s subscription; returns the subscription.
    ///
    /// Over a `map`, subscribes the map's upstream itself, with callbacks that map and then
    /// convert: the conversion then takes no subscription of its own (the same events, in
    /// the same order, on the same thread; the transform and `subscriber` are released
    /// when that subscription ends, as the map's subscription would have released them).
    /// Over a typed signal's `toUntyped` (directly or under that `map`), hands those
    /// callbacks to the typed signal's subscription (`ConvertedSSignal`): the round trip
    /// takes one subscription. Over an untyped `single` (directly or under that `map`),
    /// sends what its subscription would have sent, converted, without building it.
    @inlinable
    func subscription<T, E, R>(convertingTo subscriber: Subscriber<T, R>, with conversion: UntypedToTyped<T, E, R>) -> Disposable {
        switch stage.plan(for: .converter) {
        case .sendSingleValue:
            return Self.send(conversion.convert(singleValue), to: subscriber)
        case .convertThroughMap:
            let map = self as! MapSSignal
            let mapped = MappedUntypedToTyped(transform: map.transform, then: conversion)
            let upstream = map.upstreamSignal
            switch upstream.stage.plan(for: .converter) {
            case .sendSingleValue:
                return Self.send(mapped.convert(upstream.singleValue), to: subscriber)
            case .convertSource:
                let callbacks = Stage(ConversionHead(mapped), SubscriptionTail(subscriber, subscriber.core))
                return (upstream as! ConvertedSSignal<Disposable>).subscriptionOfSource(callbacks: callbacks)
            default:
                return map.subscriptionOfUpstream(callbacks: Stage(ConversionHead(mapped), SubscriptionTail(subscriber, subscriber.core)))
            }
        case .convertSource:
            let callbacks = Stage(ConversionHead(conversion), SubscriptionTail(subscriber, subscriber.core))
            return (self as! ConvertedSSignal<Disposable>).subscriptionOfSource(callbacks: callbacks)
        default:
            return subscription(callbacks: Stage(ConversionHead(conversion), SubscriptionTail(subscriber, subscriber.core)))
        }
    }

    /// What a converting subscription of a `single` sends: the converted value, then
    /// completion; or the failure its conversion ended with. Nothing is left to dispose.
    @inlinable
    static func send<T, R>(_ converted: ConvertedValue<T, R>, to subscriber: Subscriber<T, R>) -> Disposable {
        switch converted {
        case .value(let value):
            subscriber.putNext(value)
            subscriber.putCompletion()
        case .failure(let failure):
            subscriber.putError(failure)
        }
        return EmptyDisposable
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

/// A `map`'s transform, then `UntypedToTyped`: what a `toTyped` over a `map` converts with.
@usableFromInline
struct MappedUntypedToTyped<T, E, R>: EventConversion {
    @usableFromInline let transform: (Any?) -> Any?
    @usableFromInline let then: UntypedToTyped<T, E, R>

    @inlinable
    init(transform: @escaping (Any?) -> Any?, then: UntypedToTyped<T, E, R>) {
        self.transform = transform
        self.then = then
    }

    @inlinable
    func convert(_ value: Any?) -> ConvertedValue<T, R> {
        then.convert(transform(value))
    }

    @inlinable
    func convert(failure: Any?) -> R {
        then.convert(failure: failure)
    }
}
