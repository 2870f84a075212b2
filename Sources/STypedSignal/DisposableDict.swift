import SignalSync

/// Disposables stored under keys; setting a key disposes what it held before.
///
/// `set(d, forKey:)` stores `d` and disposes the previous value for that key (even
/// when it is the same object). `set(nil, forKey:)` disposes the previous value once
/// and removes the key (the original left it stored and disposed it again later).
/// After `dispose()`, a newly set value is disposed at once. Deallocation releases the
/// values without disposing them.
public final class DisposableDict<T: Hashable>: Disposable, @unchecked Sendable {
    // Safety: `items` and `disposed` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var items: [T: Disposable] = [:]
    private var disposed = false

    /// Creates an empty dictionary.
    public init() {}

    /// Stores `disposable` under `key` (nil removes the key) and disposes the value the
    /// key held before.
    public func set(_ disposable: Disposable?, forKey key: T) {
        mutex.lock()
        if disposed {
            mutex.unlock()
            disposable?.dispose()
            return
        }
        let previous: Disposable?
        if let disposable {
            previous = items.updateValue(disposable, forKey: key)
        } else {
            previous = items.removeValue(forKey: key)
        }
        mutex.unlock()
        previous?.dispose()
    }

    /// Disposes every value (in no particular order); later calls do nothing.
    public func dispose() {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        disposed = true
        let values = Array(items.values)
        items = [:]
        mutex.unlock()
        for value in values {
            value.dispose()
        }
    }
}
