import SignalSync

/// `Signal.single(value)`: the value in the signal object itself instead of a generator's
/// closure context (one allocation less per signal).
///
/// The value lives in raw storage of three words, initialized and destroyed by hand,
/// when it fits there (most values: numbers, strings, references, small structs), else
/// in a box that the storage holds. Not an optional field: the `deinit` of a generic
/// class runs unspecialized, and destroying a `T?` field there looks up `Optional<T>`'s
/// run-time metadata (about 330 instructions per single, a sixth of a subscription's
/// own cost), while destroying a `T` in place needs only `T`'s own type. The `deinit`
/// still hands a value to a fresh stack when this thread's is nearly used up (a single
/// of singles nested a hundred thousand deep).
@usableFromInline
final class SingleSignal<T, E>: Signal<T, E>, @unchecked Sendable {
    // Safety: the storage is written in `init` and destroyed in `deinit`; in between it
    // is only read.
    @usableFromInline @exclusivity(unchecked) var storage: (UInt, UInt, UInt) = (0, 0, 0)

    /// True when a `T` fits in `storage` and may be read from a bitwise copy of it (the
    /// getter reads without an exclusive access, so that concurrent starts do not race);
    /// otherwise the storage holds a `SingleValueBox`.
    @inlinable
    static var storesInline: Bool {
        MemoryLayout<T>.size <= MemoryLayout<(UInt, UInt, UInt)>.size && MemoryLayout<T>.alignment <= MemoryLayout<UInt>.alignment
            && _isBitwiseTakable(T.self)
    }

    @inlinable
    init(_ value: consuming T) {
        super.init(
            runner: { signal, subscriber in
                subscriber.putNext(unsafeDowncast(signal, to: SingleSignal.self).value)
                subscriber.putCompletion()
                return EmptyDisposable
            }, isSingle: true)
        let value = value
        withUnsafeMutableBytes(of: &storage) { raw in
            if Self.storesInline {
                raw.baseAddress.unsafelyUnwrapped.initializeMemory(as: T.self, to: value)
            } else {
                raw.storeBytes(of: Unmanaged.passRetained(SingleValueBox(value)), as: Unmanaged<SingleValueBox<T>>.self)
            }
        }
    }

    /// The value (a copy). A read, not an exclusive access: any number of threads may
    /// start the signal at once.
    @inlinable
    var value: T {
        withUnsafeBytes(of: storage) { raw in
            if Self.storesInline {
                return raw.load(as: T.self)
            }
            return raw.load(as: Unmanaged<SingleValueBox<T>>.self).takeUnretainedValue().value
        }
    }

    deinit {
        withUnsafeMutableBytes(of: &storage) { raw in
            if Self.storesInline {
                let value = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: T.self)
                if StackGuard.isLow {
                    // The value may be a signal, holding others: release it from a fresh
                    // stack (as `Signal` does with its generator), in place (a `T?` to
                    // move it into would cost the metadata lookup this storage avoids).
                    StackGuard.onFreshStack { _ = value.deinitialize(count: 1) }
                } else {
                    value.deinitialize(count: 1)
                }
            } else {
                let box = raw.load(as: Unmanaged<SingleValueBox<T>>.self)
                if StackGuard.isLow {
                    StackGuard.onFreshStack { box.release() }
                } else {
                    box.release()
                }
            }
        }
    }
}

/// The value of a `SingleSignal` too large for the signal's own storage.
@usableFromInline
final class SingleValueBox<T> {
    @usableFromInline let value: T

    @inlinable
    init(_ value: T) {
        self.value = value
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
            // The stage holds its upstream while it runs: borrowed, not retained.
            return Unmanaged.passUnretained(stage.upstream.unsafelyUnwrapped)._withUnsafeGuaranteedRef { upstream in
                guard upstream.isSingle else {
                    return upstream.startForwarding(to: subscriber, transform: stage.transform)
                }
                return upstream.sendSingleValue(to: subscriber, transform: stage.transform)
            }
        })
    }

    deinit {
        // A chain of maps releases signal after signal, nested: go on from a fresh stack
        // when this thread's is nearly used up (as `Signal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}

extension Signal {
    /// `single(value) |> map(transform)` started: what the single's subscription would
    /// send (the mapped value, then completion, and nothing to dispose), without building
    /// it: three allocations less per subscription. Only when `isSingle`.
    ///
    /// Not inlinable: specialized for an uninhabited `T` (a map of a `Signal<Never, E>`,
    /// where this is never reached), the release compiler of Swift 6.3.1 with
    /// `-enable-testing` crashed on this body inlined into the map's runner (invalid SIL in
    /// its lifetime completion).
    @usableFromInline @inline(never)
    final func sendSingleValue<R>(to subscriber: Subscriber<R, E>, transform: (T) -> R) -> Disposable {
        subscriber.putNext(transform(singleValue))
        subscriber.putCompletion()
        return EmptyDisposable
    }
}

/// `signal |> filter(isIncluded)`: the upstream signal and the test in fields of the
/// signal instead of a generator's closure context, and each subscription's callbacks a
/// `SteppingCallbacks` with the one step instead of three closures (one allocation less
/// per subscription, as measured: 7 → 6 for `single |> filter` with a sink).
@usableFromInline
final class FilterSignal<T, E>: Signal<T, E>, @unchecked Sendable {
    // Safety: set in `init`, read until `deinit`, which may hand it to a fresh stack.
    @usableFromInline @exclusivity(unchecked) var upstream: Signal<T, E>?
    @usableFromInline let step: StatelessStep<T>

    @inlinable
    init(upstream: Signal<T, E>, isIncluded: @escaping (T) -> Bool) {
        self.upstream = upstream
        step = StatelessStep(filter: isIncluded)
        super.init(runner: { signal, subscriber in
            let stage = unsafeDowncast(signal, to: FilterSignal.self)
            // The stage holds its upstream while it runs: borrowed, not retained.
            return Unmanaged.passUnretained(stage.upstream.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                $0.startStepping(to: subscriber, steps: stage.step)
            }
        })
    }

    deinit {
        // A chain of filters releases signal after signal, nested: go on from a fresh
        // stack when this thread's is nearly used up (as `Signal` does with its generator).
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }
}
