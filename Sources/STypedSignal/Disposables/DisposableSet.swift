import SignalSync

/// A group of disposables torn down together.
///
/// `dispose()` disposes every entry once, in insertion order. After that, `add`
/// disposes its argument at once. The same object may be added twice (it is then
/// disposed twice, which idempotent disposables tolerate). `remove` and `removeLast`
/// take entries out without disposing them; on an empty or disposed set they do
/// nothing. Deallocation releases the entries without disposing them.
public final class DisposableSet: Disposable, @unchecked Sendable {
    // Safety: the list locks.
    private let items = ClosableList()

    /// Creates an empty set.
    public init() {}

    /// Adds `disposable`, or disposes it at once when the set is already disposed.
    public func add(_ disposable: Disposable) {
        items.append(disposable)?.dispose()
    }

    /// Removes the first entry identical to `disposable`, without disposing it.
    public func remove(_ disposable: Disposable) {
        _ = items.remove(identicalTo: disposable, onlyFirst: true)
    }

    /// Removes the most recently added entry without disposing it; does nothing when
    /// the set is empty (the original trapped here).
    public func removeLast() {
        _ = items.removeLast()
    }

    /// Disposes every entry in insertion order; later calls do nothing.
    public func dispose() {
        for entry in items.close() {
            entry.dispose()
        }
    }
}
