import SignalSync

/// The receiving end of one subscription: where a signal's generator sends events.
///
/// Events follow `next* (error | completion)?`; `nil` is a legal value and a legal
/// error. The first terminal event wins, even under racing threads; everything after it
/// is dropped. On termination the subscriber releases its callbacks, calls the terminal
/// callback, then disposes the disposable its generator returned. Callbacks run outside
/// the lock, on the thread that sent the event; concurrent `putNext` calls are not
/// serialized.
///
/// A subscriber can also be made directly and used as a plain event sink.
public class SSubscriber: @unchecked Sendable {
    // Safety: all state lives in the core, which guards it itself. The subscriber owns
    // one reference to it, held unmanaged so that events borrow it without a retain and
    // `deinit` can ask whether the handle still holds it: taken in `init`, given up once,
    // by `deinit` (`subscriberReleasedItsReference`), so the core lives as long as the
    // subscriber. Pinned by SSubscriberLifetimeTests.testSubscriberDroppedAfterTheHandleReleasesDisposableBeforeCallbacks
    // and SSubscriberTests.testDeinitReleasesCallbacks.
    @usableFromInline package let core: Unmanaged<SubscriptionCore<Any?, Any?, SSignalKitRules>>

    /// The subscription's state, which is also the handle `start` returns.
    @inlinable
    var state: SSubscriptionState {
        core.takeUnretainedValue()
    }

    /// Creates a subscriber; a nil callback ignores that event (a terminal event still
    /// terminates).
    public init(next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) {
        // Safety: the subscriber's own reference (see `core`).
        core = Unmanaged.passRetained(SSubscriptionState(next: next, error: error, completed: completed))
    }

    @inlinable
    init(state: SSubscriptionState) {
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

    /// Delivers `value` (nil allowed) unless the subscriber has terminated.
    @inlinable @inline(__always)
    public final func putNext(_ value: Any?) {
        // Safety: the core lives as long as this subscriber (see `core`).
        core._withUnsafeGuaranteedRef { $0.putNext(value) }
    }

    /// Terminates with `error` (nil allowed): calls the error callback, then disposes the
    /// generator's disposable. Ignored after termination.
    @inlinable
    public final func putError(_ error: Any?) {
        // Safety: the core lives as long as this subscriber (see `core`).
        core._withUnsafeGuaranteedRef { $0.putError(error) }
    }

    /// Terminates with completion, like `putError`. Ignored after termination.
    @inlinable
    public final func putCompletion() {
        // Safety: the core lives as long as this subscriber (see `core`).
        core._withUnsafeGuaranteedRef { $0.putCompletion() }
    }

    /// Hands over the generator's disposable: disposed at once when the subscriber has
    /// already terminated, stored otherwise (`_assignDisposable:` in the original).
    package final func assignDisposable(_ disposable: SDisposable?) {
        state.assign(disposable)
    }

    /// Ends the subscription silently: no callback runs, the callbacks are released and
    /// the stored disposable is forgotten without being disposed
    /// (`_markTerminatedWithoutDisposal` in the original).
    package final func markTerminatedWithoutDisposal() {
        state.end()
    }

    /// True once a terminal event arrived or the subscription was disposed.
    package final var isTerminated: Bool {
        state.isTerminated
    }
}
