import SignalSync

/// A group of disposables torn down together.
///
/// `dispose()` disposes every entry once, in insertion order. After that, `add`
/// disposes its argument at once. The same object may be added twice (it is then
/// disposed twice, which idempotent disposables tolerate). `remove` and `removeLast`
/// take entries out without disposing them; on an empty or disposed set they do
/// nothing. Deallocation releases the entries without disposing them.
public final class DisposableSet: Disposable, @unchecked Sendable {
    // Safety: `items` and `disposed` are guarded by `mutex`.
    private let mutex = Mutex()
    private var items: [Disposable] = []
    private var disposed = false

    /// Creates an empty set.
    public init() {}

    /// Adds `disposable`, or disposes it at once when the set is already disposed.
    public func add(_ disposable: Disposable) {
        mutex.lock()
        if disposed {
            mutex.unlock()
            disposable.dispose()
            return
        }
        items.append(disposable)
        mutex.unlock()
    }

    /// Removes the first entry identical to `disposable`, without disposing it.
    public func remove(_ disposable: Disposable) {
        mutex.lock()
        let removed = items.firstIndex { $0 === disposable }.map { items.remove(at: $0) }
        mutex.unlock()
        _ = removed
    }

    /// Removes the most recently added entry without disposing it; does nothing when
    /// the set is empty (the original trapped here).
    public func removeLast() {
        mutex.lock()
        let removed = items.popLast()
        mutex.unlock()
        _ = removed
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
}
