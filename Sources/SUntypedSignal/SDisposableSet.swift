import SignalSync

/// A group of disposables torn down together.
///
/// `dispose()` disposes every entry once, in insertion order, outside the lock. After
/// that, `add` disposes its argument at once. `add(nil)` is ignored; the same object may
/// be added twice (it is then disposed twice, which idempotent disposables tolerate).
/// `remove` takes entries out without disposing them. An empty set disposes fine.
/// Deallocation releases the entries without disposing them.
public final class SDisposableSet: SDisposable, @unchecked Sendable {
    // Safety: `items` and `disposed` are guarded by `mutex`.
    private let mutex = Mutex()
    private var items: [SDisposable] = []
    private var disposed = false

    /// Creates an empty set.
    public init() {}

    /// Adds `disposable`, or disposes it at once when the set is already disposed;
    /// nil is ignored.
    public func add(_ disposable: SDisposable?) {
        guard let disposable else { return }
        mutex.lock()
        if disposed {
            mutex.unlock()
            disposable.dispose()
            return
        }
        items.append(disposable)
        mutex.unlock()
    }

    /// Removes every entry identical to `disposable`, without disposing it.
    public func remove(_ disposable: SDisposable) {
        mutex.lock()
        var removed: [SDisposable] = []
        items.removeAll { item in
            guard item === disposable else { return false }
            removed.append(item)
            return true
        }
        mutex.unlock()
        _ = removed  // released here, outside the lock
    }

    /// Disposes every entry in insertion order; later calls do nothing.
    public func dispose() {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        disposed = true
        let entries = items
        items = []
        mutex.unlock()
        for entry in entries {
            entry.dispose()
        }
    }

    /// The number of entries currently held (test hook).
    package var count: Int {
        mutex.withLock { items.count }
    }
}
