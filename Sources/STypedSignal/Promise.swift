import SignalSync

/// The latest value of its current source signal, replayed to every subscriber.
///
/// `set(signal)` switches to a new source: the current value is cleared (subscribers
/// are not told), the new source is subscribed before the old subscription is
/// disposed, and every value it emits becomes current and reaches every subscriber,
/// in subscription order, on the emitting thread. Source completion is ignored: the
/// last value stays. `get()` emits the current value (if any) on subscription, then
/// every later one; it never completes. The source does not keep the promise alive;
/// each subscription of `get()` does.
///
/// ```swift
/// let name = Promise<String>("anonymous")
/// let _ = name.get().start(next: { print($0) })   // anonymous
/// name.set(.single("alice"))                      // alice
/// ```
public final class Promise<T>: @unchecked Sendable {
    // Safety: `value`, `subscribers` and `initializer` are guarded by `mutex`;
    // subscribers are called after it is released.
    private let mutex = PosixLock()
    private var value: T?
    private let subscribers = Bag<(T) -> Void>()
    private var initializer: Signal<T, NoError>?
    private let source = MetaDisposable()

    /// Called first when the promise is deallocated (then the source is disposed).
    public var onDeinit: (() -> Void)?

    /// Creates an empty promise that calls `set(initializeOnFirstAccess)` when `get()`
    /// is first subscribed to (after emitting any value set before). Nil is `init()`.
    public init(initializeOnFirstAccess: Signal<T, NoError>?) {
        initializer = initializeOnFirstAccess
    }

    /// Creates a promise whose current value is `value`.
    public init(_ value: T) {
        self.value = value
    }

    /// Creates an empty promise.
    public init() {}

    deinit {
        onDeinit?()
        source.dispose()
    }

    /// Switches to `signal` as the source of values.
    public func set(_ signal: Signal<T, NoError>) {
        clearValue()
        source.set(
            signal.start(next: { [weak self] next in
                self?.receive(next)
            }))
    }

    /// Forgets the current value; it is released before this returns (so before a new
    /// source starts).
    private func clearValue() {
        let cleared = mutex.withLock { value.take() }
        withExtendedLifetime(cleared) {}
    }

    /// The current value, then every later one; never completes.
    public func get() -> Signal<T, NoError> {
        Signal { subscriber in
            self.mutex.lock()
            let current = self.value
            let key = self.subscribers.add(subscriber.putNext)
            let initializer = self.initializer
            self.initializer = nil
            self.mutex.unlock()

            if let current {
                subscriber.putNext(current)
            }
            if let initializer {
                self.set(initializer)
            }
            return ActionDisposable {
                self.mutex.withLock { self.subscribers.remove(key) }
            }
        }
    }

    private func receive(_ next: T) {
        mutex.lock()
        value = next
        let targets = subscribers.copyItems()
        mutex.unlock()
        for target in targets {
            target(next)
        }
    }
}
