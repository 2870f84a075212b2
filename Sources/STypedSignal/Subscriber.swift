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
final class SubscriptionState<T, E>: Disposable, CustomStringConvertible, @unchecked Sendable {
    // Safety: every `var` is guarded by `mutex`; callbacks run after it is released.
    private let mutex = Mutex()
    private var next: ((T) -> Void)?
    private var error: ((E) -> Void)?
    private var completed: (() -> Void)?
    private var terminated = false
    private var disposable: Disposable?
    private var handleDisposed = false
    private var keptAlive: [AnyObject] = []

    init(next: ((T) -> Void)?, error: ((E) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
    }

    @inline(__always)
    func putNext(_ value: T) {
        mutex.lock()
        let callback = terminated ? nil : next
        mutex.unlock()
        callback?(value)
    }

    func putError(_ value: E) {
        mutex.lock()
        guard !terminated else {
            mutex.unlock()
            return
        }
        terminated = true
        let callback = error
        (next, error, completed) = (nil, nil, nil)
        mutex.unlock()
        callback?(value)
        finishTermination()
    }

    func putCompletion() {
        mutex.lock()
        guard !terminated else {
            mutex.unlock()
            return
        }
        terminated = true
        let callback = completed
        (next, error, completed) = (nil, nil, nil)
        mutex.unlock()
        callback?()
        finishTermination()
    }

    /// After the terminal callback: disposes the generator's disposable (unless the
    /// handle, disposed from inside the callback, already did), then releases the
    /// kept objects.
    private func finishTermination() {
        mutex.lock()
        let upstream = disposable
        let objects = keptAlive
        (disposable, keptAlive) = (nil, [])
        mutex.unlock()
        upstream?.dispose()
        withExtendedLifetime(objects) {}
    }

    func keepAlive(_ object: AnyObject) {
        mutex.lock()
        if !terminated {
            keptAlive.append(object)
        }
        mutex.unlock()
    }

    /// Hands over the generator's disposable: disposed at once if the subscription
    /// already ended inside the generator, kept otherwise.
    func assign(_ generated: Disposable) {
        mutex.lock()
        if terminated || handleDisposed {
            mutex.unlock()
            generated.dispose()
            return
        }
        disposable = generated
        mutex.unlock()
    }

    /// The handle's `dispose()`: disposes the generator's disposable first (events it
    /// emits while being disposed are still delivered), then ends the subscription
    /// without calling any callback.
    func dispose() {
        mutex.lock()
        if handleDisposed {
            mutex.unlock()
            return
        }
        handleDisposed = true
        let upstream = disposable
        disposable = nil
        mutex.unlock()
        upstream?.dispose()

        mutex.lock()
        let wasTerminated = terminated
        terminated = true
        let released = (next, error, completed, keptAlive)
        (next, error, completed, keptAlive) = (nil, nil, nil, [])
        mutex.unlock()
        if !wasTerminated {
            withExtendedLifetime(released) {}
        }
    }

    /// Called when the `Subscriber` is deallocated: nothing can arrive any more, so the
    /// callbacks and kept objects go; the generator's disposable stays for the handle.
    func releaseCallbacks() {
        mutex.lock()
        let released = (next, error, completed, keptAlive)
        (next, error, completed, keptAlive) = (nil, nil, nil, [])
        mutex.unlock()
        withExtendedLifetime(released) {}
    }

    var subscriberDescription: String {
        mutex.withLock {
            "Subscriber { next: \(Self.show(next)), error: \(Self.show(error)), completed: \(Self.show(completed)), disposable: \(Self.show(disposable)), terminated: \(terminated) }"
        }
    }

    var description: String {
        mutex.withLock { "SubscriberDisposable { disposable: \(handleDisposed ? "nil" : "hasValue") }" }
    }

    private static func show(_ value: Any?) -> String {
        value == nil ? "nil" : "hasValue"
    }
}
