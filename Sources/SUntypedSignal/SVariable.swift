import SignalSync

/// The latest value of a signal that can be replaced, offered as a signal that never
/// ends.
///
/// `signal()` gives every subscriber the current value at once (if there is one) and
/// then every later value. `set(source)` clears the current value (it is no longer
/// replayed) and subscribes to `source`; each of its values becomes current and is
/// broadcast, outside the lock, on the source's thread. Errors and completion of a source
/// are ignored (subscribers just stop getting updates). The previous source subscription
/// is disposed after the new one has been started. The source subscription holds the
/// variable weakly; deallocation disposes it. The signal, and each live subscription,
/// keeps the variable alive.
public final class SVariable: @unchecked Sendable {
    // Safety: `value`, `hasValue` and `subscribers` are guarded by `mutex`;
    // `sourceDisposable` is thread-safe.
    private let mutex = PosixLock()
    private var value: Any?
    private var hasValue = false
    private let subscribers = Bag<SSubscriber>()
    private let sourceDisposable = SMetaDisposable()

    /// Creates an empty variable.
    public init() {}

    /// Feeds the variable from `signal`, replacing the previous source.
    public func set(_ signal: SSignal) {
        mutex.lock()
        let released = value
        value = nil
        hasValue = false
        mutex.unlock()
        withExtendedLifetime(released) {}  // the old value is released outside the lock
        let subscription = signal.start(next: { [weak self] value in
            self?.update(value)
        })
        sourceDisposable.setDisposable(subscription)
    }

    /// A signal of the current value (if any) and every later one; never completes.
    ///
    /// As in the original, a value arriving from another thread while a subscriber is
    /// being registered may reach that subscriber before its replay of the previous
    /// value.
    public func signal() -> SSignal {
        SSignal { [self] subscriber in
            mutex.lock()
            let key = subscribers.add(subscriber)
            let current: Any?? = hasValue ? .some(value) : nil
            mutex.unlock()
            if case .some(let currentValue) = current {
                subscriber.putNext(currentValue)
            }
            return SBlockDisposable { [self] in
                mutex.lock()
                let removed = subscribers.get(key)
                subscribers.remove(key)
                mutex.unlock()
                withExtendedLifetime(removed) {}
            }
        }
    }

    private func update(_ newValue: Any?) {
        mutex.lock()
        let released = value
        value = newValue
        hasValue = true
        let targets = subscribers.copyItems()
        mutex.unlock()
        withExtendedLifetime(released) {}
        for target in targets {
            target.putNext(newValue)
        }
    }

    deinit {
        sourceDisposable.dispose()
    }
}
