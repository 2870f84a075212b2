import SignalSync

/// A settable current value, replayed to every subscriber.
///
/// `set(value)` stores it and calls every subscriber in subscription order,
/// synchronously, on the calling thread. With `ignoreRepeated`, a value equal to the
/// current one is dropped. `get()` emits the current value (if any) on subscription,
/// then every later one; it never completes and keeps the promise alive while
/// subscribed. A `set` from inside a subscriber reaches every subscriber before the
/// outer delivery continues, so later subscribers may see values out of order (as in
/// the original).
public final class ValuePromise<T: Equatable>: @unchecked Sendable {
    // Safety: `value` and `subscribers` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var value: T?
    private let subscribers = Bag<(T) -> Void>()

    /// Whether `set` drops a value equal to the current one.
    public let ignoreRepeated: Bool

    /// Creates a promise holding `value`.
    public init(_ value: T, ignoreRepeated: Bool = false) {
        self.value = value
        self.ignoreRepeated = ignoreRepeated
    }

    /// Creates an empty promise.
    public init(ignoreRepeated: Bool = false) {
        self.ignoreRepeated = ignoreRepeated
    }

    /// Stores `value` and delivers it to every subscriber (unless it repeats the current
    /// value and `ignoreRepeated` is set).
    public func set(_ value: T) {
        guard let targets = store(value) else { return }
        for target in targets {
            target(value)
        }
    }

    /// Stores `value` and returns the subscribers to notify, or nil when the value is
    /// ignored as a repeat. The previous value is released before this returns, so
    /// before any subscriber is notified.
    private func store(_ value: T) -> [(T) -> Void]? {
        mutex.lock()
        if ignoreRepeated, let current = self.value, current == value {
            mutex.unlock()
            return nil
        }
        let previous = self.value.take()
        self.value = value
        let targets = subscribers.copyItems()
        mutex.unlock()
        withExtendedLifetime(previous) {}
        return targets
    }

    /// The current value, then every later one; never completes.
    public func get() -> Signal<T, NoError> {
        Signal { subscriber in
            self.mutex.lock()
            let current = self.value
            let key = self.subscribers.add(subscriber.putNext)
            self.mutex.unlock()
            if let current {
                subscriber.putNext(current)
            }
            return ActionDisposable {
                self.mutex.withLock { self.subscribers.remove(key) }
            }
        }
    }
}
