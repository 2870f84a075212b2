import SignalSync

/// The receiving end of one subscription: where a signal's generator sends events.
///
/// Events follow `next* (error | completion)?`. The first terminal event wins, even
/// under racing threads; everything after it is dropped. On termination the
/// subscriber releases its callbacks, calls the terminal callback, then disposes the
/// disposable its generator returned (so upstream is torn down right after the
/// terminal event reaches downstream). Callbacks always run outside the lock, on the
/// thread that sent the event; `putNext` from several threads at once may run the
/// `next` callback concurrently.
///
/// A subscriber can also be made directly and used as a plain event sink.
public final class Subscriber<T, E>: CustomStringConvertible, @unchecked Sendable {
    // Safety: all state lives in the core, which guards it itself. The subscriber owns
    // one reference to it, held unmanaged so that events borrow it without a retain and
    // `deinit` can ask whether the handle still holds it: taken in `init`, given up once,
    // by `deinit` (`subscriberReleasedItsReference`), so the core lives as long as the
    // subscriber. Pinned by SubscriberLifetimeTests
    // (testSubscriberDroppedAfterTheHandleReleasesDisposableKeptObjectsThenCallbacks,
    // testSubscriberDroppedWhileTheHandleLivesReleasesKeptObjectsThenCallbacks).
    @usableFromInline package let core: Unmanaged<SubscriptionCore<T, E, SwiftSignalKitRules>>

    /// The subscription's state, which is also the handle `start` returns.
    @inlinable
    var state: SubscriptionState<T, E> {
        core.takeUnretainedValue()
    }

    /// Creates a subscriber; a nil callback ignores that event (a terminal event still
    /// terminates).
    @inlinable
    public init(next: ((T) -> Void)! = nil, error: ((E) -> Void)! = nil, completed: (() -> Void)! = nil) {
        // Safety: the subscriber's own reference (see `core`).
        core = Unmanaged.passRetained(SubscriptionState(next: next, error: error, completed: completed))
    }

    /// Creates the subscriber of a prepared subscription state.
    @inlinable
    init(state: SubscriptionState<T, E>) {
        // Safety: the subscriber's own reference (see `core`).
        core = Unmanaged.passRetained(state)
    }

    deinit {
        // Nobody can send events any more: release what the subscription holds (not
        // disposing). When no handle holds the state either, the generator's disposable
        // goes first.
        // Safety: hands the subscriber's reference over to the core, which releases it.
        core._withUnsafeGuaranteedRef { $0.subscriberReleasedItsReference() }
    }

    /// Delivers a value unless the subscriber has terminated.
    @inlinable @inline(__always)
    public func putNext(_ next: T) {
        // Safety: the core lives as long as this subscriber (see `core`).
        core._withUnsafeGuaranteedRef { $0.putNext(next) }
    }

    /// Terminates with an error: releases the callbacks, calls the error callback, then
    /// disposes the generator's disposable. Ignored after termination.
    @inlinable
    public func putError(_ error: E) {
        // Safety: the core lives as long as this subscriber (see `core`).
        core._withUnsafeGuaranteedRef { $0.putError(error) }
    }

    /// Terminates with completion, like `putError`. A value sent from inside the
    /// completion callback is dropped.
    @inlinable
    public func putCompletion() {
        // Safety: the core lives as long as this subscriber (see `core`).
        core._withUnsafeGuaranteedRef { $0.putCompletion() }
    }

    /// True once the subscription ended (a terminal event, or the handle's disposal, even
    /// before the generator returned): what a loop inside a generator asks before each
    /// step (`share(replay:)`'s replay).
    @inlinable package var hasEnded: Bool {
        state.hasEnded
    }

    /// Keeps `object` alive until the subscription ends (terminal event, disposal of
    /// the handle, or deallocation of the subscriber). An object added after the
    /// subscription ended is not retained.
    public func keepAlive(_ object: AnyObject) {
        state.keepAlive(object)
    }

    /// `Subscriber { next: hasValue|nil, error: ..., completed: ..., disposable: ...,
    /// terminated: true|false }`.
    public var description: String {
        state.subscriberDescription
    }
}

/// The state of one typed subscription, which is also the handle `start` returns.
@usableFromInline
typealias SubscriptionState<T, E> = SubscriptionCore<T, E, SwiftSignalKitRules>

/// Any subscription is a `Disposable`: its handle disposes it (an untyped one too, so
/// the bridge hands it over without a wrapper).
extension SubscriptionCore: Disposable {}

extension SubscriptionCore: CustomStringConvertible where Face == SwiftSignalKitRules {
    /// `SubscriberDisposable { disposable: hasValue|nil }`.
    @usableFromInline package var description: String {
        handleDescription
    }
}
