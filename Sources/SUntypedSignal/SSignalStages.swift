import SignalSync

/// `SSignal.single(value)`: the value in a field of the signal instead of a generator's
/// closure context (one allocation less per signal).
@usableFromInline
final class SingleSSignal: SSignal, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var value: Any?

    @inlinable
    init(_ value: Any?) {
        self.value = value
        super.init(
            runner: { signal, subscriber in
                subscriber.putNext(unsafeDowncast(signal, to: SingleSSignal.self).value)
                subscriber.putCompletion()
                return nil
            }, isSingle: true)
    }

    deinit {
        // The value may be a signal, holding others: release it from a fresh stack when
        // this thread's is nearly used up (as `SSignal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&value)
    }
}

/// `signal.map(transform)`: the upstream signal and the transform in fields of the signal
/// instead of a generator's closure context (one allocation less per signal). Each
/// subscription subscribes upstream with `ForwardingCallbacks`.
@usableFromInline
final class MapSSignal: SSignal, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: SSignal?
    @usableFromInline let transform: (Any?) -> Any?

    @inlinable
    init(upstream: SSignal, transform: @escaping (Any?) -> Any?) {
        self.upstream = upstream
        self.transform = transform
        super.init(runner: { signal, subscriber in
            let stage = unsafeDowncast(signal, to: MapSSignal.self)
            return stage.upstream.unsafelyUnwrapped.start(
                SSubscriptionState(callbacks: ForwardingCallbacks(transform: stage.transform, downstream: subscriber, core: subscriber.core)))
        })
    }

    deinit {
        // A chain of maps releases signal after signal, nested: go on from a fresh stack
        // when this thread's is nearly used up (as `SSignal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}
