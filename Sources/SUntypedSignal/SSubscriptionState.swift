import SignalSync

/// The state of one subscription, shared by the `SSubscriber` a generator sees and the
/// handle that `SSignal.start` returns (this object is that handle).
///
/// The handle holds the state strongly but not the `SSubscriber`; when a source lets go
/// of its subscriber, the subscriber's deinit releases the callbacks even while the
/// handle lives. That replaces the original's weak reference from handle to subscriber.
final class SSubscriptionState: SDisposable, SubscriptionProbe, @unchecked Sendable {
    // Safety: every `var` is guarded by `mutex`; callbacks run after it is released.
    private let mutex = Mutex()
    private var next: ((Any?) -> Void)?
    private var error: ((Any?) -> Void)?
    private var completed: (() -> Void)?
    private var terminated = false
    private var disposable: SDisposable?
    private var handleDisposed = false

    init(next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
    }

    @inline(__always)
    func putNext(_ value: Any?) {
        mutex.lock()
        let callback = terminated ? nil : next
        mutex.unlock()
        callback?(value)
    }

    func putError(_ value: Any?) {
        terminate { callbacks in callbacks.error?(value) }
    }

    func putCompletion() {
        terminate { callbacks in callbacks.completed?() }
    }

    /// The first terminal event wins: marks the subscription terminated, moves the
    /// callbacks out, calls `deliver` with them outside the lock, then disposes upstream.
    /// The callbacks are released after the lock is dropped: releasing them can run
    /// arbitrary deinit code that comes back to this subscription.
    private func terminate(_ deliver: ((next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?)) -> Void) {
        mutex.lock()
        guard !terminated else {
            mutex.unlock()
            return
        }
        terminated = true
        let callbacks = (next: next, error: error, completed: completed)
        (next, error, completed) = (nil, nil, nil)
        mutex.unlock()
        deliver(callbacks)
        disposeUpstreamAfterTermination()
        withExtendedLifetime(callbacks) {}
    }

    /// After the terminal callback: disposes the generator's disposable unless the
    /// handle's `dispose()` (typically called from inside that callback, by the downstream
    /// tearing down) already took and disposed it. Keeping it stored during the callback is
    /// what makes an operator's upstream go down before the operator's own teardown
    /// continues, as in the original (`onDispose`: source first, then the hook).
    private func disposeUpstreamAfterTermination() {
        mutex.lock()
        let upstream = disposable
        disposable = nil
        mutex.unlock()
        upstream?.dispose()
    }

    /// Hands over the generator's disposable: disposed at once if the subscription has
    /// already ended, stored otherwise (replacing, without disposing, an earlier one).
    func assign(_ generated: SDisposable?) {
        guard let generated else { return }
        mutex.lock()
        if terminated || handleDisposed {
            mutex.unlock()
            generated.dispose()
            return
        }
        let replaced = disposable
        disposable = generated
        mutex.unlock()
        _ = replaced
    }

    /// Ends the subscription without a callback and forgets (without disposing) the
    /// generator's disposable.
    func markTerminatedWithoutDisposal() {
        mutex.lock()
        guard !terminated else {
            mutex.unlock()
            return
        }
        terminated = true
        let released = (next, error, completed, disposable)
        (next, error, completed, disposable) = (nil, nil, nil, nil)
        mutex.unlock()
        withExtendedLifetime(released) {}
    }

    /// Ends the subscription without a callback but keeps the generator's disposable for
    /// the handle's `dispose()`; a disposable handed over later is disposed at once. Used
    /// by operators that stop listening while the upstream generator may still be running.
    func silence() {
        mutex.lock()
        guard !terminated else {
            mutex.unlock()
            return
        }
        terminated = true
        let released = (next, error, completed)
        (next, error, completed) = (nil, nil, nil)
        mutex.unlock()
        withExtendedLifetime(released) {}
    }

    /// True once the subscription has received a terminal event, been disposed or been
    /// silenced.
    /// `isTerminated`, for `GenerationScope`.
    var hasEnded: Bool {
        isTerminated
    }

    var isTerminated: Bool {
        mutex.withLock { terminated }
    }

    /// The handle's `dispose()`: disposes the generator's disposable first (events it
    /// emits while being disposed still arrive, as in the original), then ends the
    /// subscription without calling any callback and releases the callbacks.
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
        markTerminatedWithoutDisposal()
    }

    /// Called when the `SSubscriber` is deallocated: nothing can arrive any more, so the
    /// callbacks go; the generator's disposable stays for the handle.
    func releaseCallbacks() {
        mutex.lock()
        let released = (next, error, completed)
        (next, error, completed) = (nil, nil, nil)
        mutex.unlock()
        withExtendedLifetime(released) {}
    }
}
