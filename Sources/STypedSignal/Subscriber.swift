import Synchronization
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
    // Safety: all state lives in `state`, which guards it with its own lock.
    let state: SubscriptionState<T, E>

    /// Creates a subscriber; a nil callback ignores that event (a terminal event still
    /// terminates).
    public init(next: ((T) -> Void)! = nil, error: ((E) -> Void)! = nil, completed: (() -> Void)! = nil) {
        state = SubscriptionState(next: next, error: error, completed: completed)
    }

    deinit {
        // Nobody can send events any more: release the callbacks (not disposing).
        state.releaseCallbacks()
    }

    /// Delivers a value unless the subscriber has terminated.
    @inline(__always)
    public func putNext(_ next: T) {
        state.putNext(next)
    }

    /// Terminates with an error: releases the callbacks, calls the error callback, then
    /// disposes the generator's disposable. Ignored after termination.
    public func putError(_ error: E) {
        state.putError(error)
    }

    /// Terminates with completion, like `putError`. A value sent from inside the
    /// completion callback is dropped.
    public func putCompletion() {
        state.putCompletion()
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

/// The state of one subscription, shared by the `Subscriber` the generator sees and
/// the handle that `start` returns (this object is that handle).
///
/// The handle holds the state strongly but not the `Subscriber`, so when a source lets
/// go of its subscriber the callbacks are released even while the handle lives.
///
/// How events stay cheap: one atomic word holds a "terminated" bit, a "released" bit
/// and the number of calls currently reading the callbacks. `putNext` enters (adds one
/// reader), calls `next` if not terminated, and leaves; no lock, no retain. A terminal
/// event sets the terminated bit as it enters, so later events are dropped at once; the
/// callbacks are released by whoever leaves last once terminated, so a callback is
/// never released while it runs (re-entrant `putCompletion` from inside `next`
/// included). The rarer state (the generator's disposable, kept-alive objects) sits
/// behind an inline spin lock.
final class SubscriptionState<T, E>: Disposable, SubscriptionProbe, CustomStringConvertible, @unchecked Sendable {
    // Safety: `callbacks` is written only in `init` and by
    // the single winner of the release claim on `word`, after every reader has left;
    // readers only read it between entering and leaving. `slot`, `handleDisposed`
    // and `keptAlive` are guarded by `spin`.
    private static var terminatedBit: Int { 1 << 62 }
    private static var releasedBit: Int { 1 << 61 }

    private let word = Synchronization.Atomic<Int>(0)
    private var callbacks: Unmanaged<Callbacks>?
    private let spin = SpinLock()
    private var slot: Disposable?
    private var slotClosed = false
    private var handleDisposed = false
    private var keptAlive: [AnyObject] = []

    /// The three callbacks, immutable; released as a whole.
    private final class Callbacks {
        let next: ((T) -> Void)?
        let error: ((E) -> Void)?
        let completed: (() -> Void)?

        init(next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) {
            self.next = next
            self.error = error
            self.completed = completed
        }
    }

    init(next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) {
        if next != nil || error != nil || completed != nil {
            callbacks = Unmanaged.passRetained(Callbacks(next: next, error: error, completed: completed))
        }
    }

    deinit {
        callbacks?.release()
    }

    var hasEnded: Bool {
        word.load(ordering: .acquiring) & Self.terminatedBit != 0
    }

    // MARK: Events

    @inline(__always)
    func putNext(_ value: T) {
        let before = word.wrappingAdd(1, ordering: .acquiring).oldValue
        if before & Self.terminatedBit == 0, let callbacks {
            callbacks._withUnsafeGuaranteedRef { $0.next?(value) }
        }
        leave()
    }

    func putError(_ value: E) {
        guard enterTerminating() else { return }
        if let callbacks {
            callbacks._withUnsafeGuaranteedRef { $0.error?(value) }
        }
        leave()
        finishTermination()
    }

    func putCompletion() {
        guard enterTerminating() else { return }
        if let callbacks {
            callbacks._withUnsafeGuaranteedRef { $0.completed?() }
        }
        leave()
        finishTermination()
    }

    /// Sets the terminated bit and enters as a reader in one step; false when the
    /// subscription had already ended.
    private func enterTerminating() -> Bool {
        var current = word.load(ordering: .relaxed)
        while current & Self.terminatedBit == 0 {
            let (exchanged, original) = word.compareExchange(
                expected: current, desired: (current | Self.terminatedBit) + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    @inline(__always)
    private func leave() {
        let after = word.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
        if after == Self.terminatedBit {
            releaseIfUnclaimed()
        }
    }

    /// Releases the callbacks if the subscription has ended, nobody reads them, and
    /// nobody released them yet.
    private func releaseIfUnclaimed() {
        let claimed = word.compareExchange(
            expected: Self.terminatedBit, desired: Self.terminatedBit | Self.releasedBit,
            ordering: .acquiringAndReleasing).exchanged
        guard claimed, let released = callbacks else { return }
        callbacks = nil
        released.release()
    }

    /// After the terminal callback: disposes the generator's disposable (unless the
    /// handle, disposed from inside the callback, already did), then releases the
    /// kept objects.
    private func finishTermination() {
        spin.lock()
        let upstream = slot
        let objects = keptAlive
        slot = nil
        slotClosed = true
        keptAlive = []
        spin.unlock()
        upstream?.dispose()
        _ = objects
    }

    // MARK: Lifetime

    func keepAlive(_ object: AnyObject) {
        spin.lock()
        let accepted = !slotClosed && !hasEnded
        if accepted {
            keptAlive.append(object)
        }
        spin.unlock()
    }

    /// Hands over the generator's disposable: disposed at once if the subscription
    /// already ended inside the generator, kept otherwise.
    func assign(_ generated: Disposable) {
        spin.lock()
        if slotClosed || handleDisposed {
            spin.unlock()
            generated.dispose()
            return
        }
        slot = generated
        spin.unlock()
    }

    /// The handle's `dispose()`: disposes the generator's disposable first (events it
    /// emits while being disposed are still delivered), then ends the subscription
    /// without calling any callback.
    func dispose() {
        spin.lock()
        if handleDisposed {
            spin.unlock()
            return
        }
        handleDisposed = true
        let upstream = slot
        slot = nil
        spin.unlock()
        upstream?.dispose()
        end()
    }

    /// Called when the `Subscriber` is deallocated: nothing can arrive any more, so the
    /// callbacks and kept objects go; the generator's disposable stays for the handle.
    func releaseCallbacks() {
        end()
    }

    /// Ends the subscription without calling back or disposing: later events are
    /// dropped at once, and the callbacks and kept objects are released (by the last
    /// call still running one, if any). Used by the handle's `dispose()` and when the
    /// `Subscriber` goes away.
    func end() {
        let after = word.bitwiseOr(Self.terminatedBit, ordering: .acquiringAndReleasing).newValue
        if after == Self.terminatedBit {
            releaseIfUnclaimed()
        }
        spin.lock()
        let objects = keptAlive
        keptAlive = []
        spin.unlock()
        _ = objects
    }

    // MARK: Description

    var subscriberDescription: String {
        word.wrappingAdd(1, ordering: .acquiring)
        let current = callbacks?.takeUnretainedValue()
        let text = "next: \(Self.show(current?.next)), error: \(Self.show(current?.error)), completed: \(Self.show(current?.completed))"
        let terminated = word.load(ordering: .relaxed) & Self.terminatedBit != 0
        leave()
        let disposable = spin.withLock { slot != nil }
        return "Subscriber { \(text), disposable: \(disposable ? "hasValue" : "nil"), terminated: \(terminated) }"
    }

    var description: String {
        spin.withLock { "SubscriberDisposable { disposable: \(handleDisposed ? "nil" : "hasValue") }" }
    }

    private static func show(_ value: Any?) -> String {
        value == nil ? "nil" : "hasValue"
    }
}
