import SignalSync

/// `Signal.single(value)`: the value in a field of the signal instead of a generator's
/// closure context (one allocation less per signal).
///
/// The field is optional so that `deinit` can hand the value to a fresh stack; the
/// unspecialized `deinit` pays a run-time lookup of `Optional<T>`'s metadata for it (about
/// what the allocation saved costs; an `Any` field instead costs more, in the cast back).
@usableFromInline
final class SingleSignal<T, E>: Signal<T, E>, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var value: T?

    @inlinable
    init(_ value: T) {
        self.value = value
        super.init(
            runner: { signal, subscriber in
                subscriber.putNext(unsafeDowncast(signal, to: SingleSignal.self).value.unsafelyUnwrapped)
                subscriber.putCompletion()
                return EmptyDisposable
            }, isSingle: true)
    }

    deinit {
        // The value may be a signal, holding others: release it from a fresh stack when
        // this thread's is nearly used up (as `Signal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&value)
    }
}

/// `signal |> map(transform)`: the upstream signal and the transform in fields of the
/// signal instead of a generator's closure context (one allocation less per signal). Each
/// subscription subscribes upstream with `ForwardingCallbacks`.
@usableFromInline
final class MapSignal<T, R, E>: Signal<R, E>, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: Signal<T, E>?
    @usableFromInline let transform: (T) -> R

    @inlinable
    init(upstream: Signal<T, E>, transform: @escaping (T) -> R) {
        self.upstream = upstream
        self.transform = transform
        super.init(runner: { signal, subscriber in
            let stage = unsafeDowncast(signal, to: MapSignal.self)
            return stage.upstream.unsafelyUnwrapped.startForwarding(to: subscriber, transform: stage.transform)
        })
    }

    deinit {
        // A chain of maps releases signal after signal, nested: go on from a fresh stack
        // when this thread's is nearly used up (as `Signal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}
