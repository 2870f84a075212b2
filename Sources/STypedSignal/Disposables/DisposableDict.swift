import SignalSync

/// Disposables stored under keys; setting a key disposes what it held before.
///
/// `set(d, forKey:)` stores `d` and disposes the previous value for that key (even
/// when it is the same object). `set(nil, forKey:)` disposes the previous value once
/// and removes the key (the original left it stored and disposed it again later).
/// After `dispose()`, a newly set value is disposed at once. Deallocation releases the
/// values without disposing them.
public final class DisposableDict<T: Hashable>: Disposable, @unchecked Sendable {
    // Safety: the contents are reached only through `state.withLock`.
    private enum Contents {
        /// Values are stored under their keys.
        case open([T: Disposable])
        /// Disposed: a value set now is disposed at once.
        case disposed
    }

    private let state = LockedState(Contents.open([:]))

    /// Creates an empty dictionary.
    public init() {}

    /// Stores `disposable` under `key` (nil removes the key) and disposes the value the
    /// key held before.
    public func set(_ disposable: Disposable?, forKey key: T) {
        // What to dispose once unlocked: the previous value, or the new one when disposed.
        let toDispose: Disposable? = state.withLock { contents in
            guard case .open(var items) = contents else { return disposable }
            contents = .disposed  // so that `items` is held uniquely and changes in place
            defer { contents = .open(items) }
            if let disposable {
                return items.updateValue(disposable, forKey: key)
            }
            return items.removeValue(forKey: key)
        }
        toDispose?.dispose()
    }

    /// Disposes every value (in no particular order); later calls do nothing.
    public func dispose() {
        let values: [T: Disposable] = state.withLock { contents in
            guard case .open(let items) = contents else { return [:] }
            contents = .disposed
            return items
        }
        for value in values.values {
            value.dispose()
        }
    }
}
