import SignalSync

/// A group of disposables torn down together.
///
/// `dispose()` disposes every entry once, in insertion order, outside the lock. After
/// that, `add` disposes its argument at once. `add(nil)` is ignored; the same object may
/// be added twice (it is then disposed twice, which idempotent disposables tolerate).
/// `remove` takes entries out without disposing them. An empty set disposes fine.
/// Deallocation releases the entries without disposing them.
public final class SDisposableSet: SDisposable, @unchecked Sendable {
    // Safety: the list locks.
    // Internal, not private: counted by the test hook in SDisposableSet+Testing.swift.
    let items = ClosableList()

    /// Creates an empty set.
    public init() {}

    /// Adds `disposable`, or disposes it at once when the set is already disposed;
    /// nil is ignored.
    public func add(_ disposable: SDisposable?) {
        guard let disposable else { return }
        items.append(disposable)?.dispose()
    }

    /// Removes every entry identical to `disposable`, without disposing it.
    public func remove(_ disposable: SDisposable) {
        _ = items.remove(identicalTo: disposable, onlyFirst: false)
    }

    /// Disposes every entry in insertion order; later calls do nothing.
    public func dispose() {
        for entry in items.close() {
            entry.dispose()
        }
    }
}
