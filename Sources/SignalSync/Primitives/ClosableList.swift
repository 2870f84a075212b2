/// Disposables in insertion order behind a lock, closed once: the state under both APIs'
/// disposable sets. As with `ClosableSlot`, the caller disposes what comes out.
///
/// Not generic: it holds any `UpstreamDisposable` (the typed `Disposable` and the untyped
/// `SDisposable` both are), so its code and its `deinit` run with concrete types. A
/// generic list, used from the two API modules, ran unspecialized there and looked up the
/// run-time metadata of its contents, its array and its optionals: about 2,000
/// instructions per `then` subscription.
package final class ClosableList: @unchecked Sendable {
    /// One disposable of the list.
    package typealias Item = any UpstreamDisposable

    // Safety: all state is inside `state`, reached only under its lock.
    private struct Contents {
        var items: [Item] = []
        var closed = false
    }

    private let state = LockedState(Contents())

    package init() {}

    /// Appends `item`; returns it back (for the caller to dispose) when the list is closed.
    package func append(_ item: Item) -> Item? {
        state.withLock { contents in
            if contents.closed {
                return item
            }
            contents.items.append(item)
            return nil
        }
    }

    /// Takes out the items matching `matches` (only the first one when `onlyFirst`).
    /// `matches` runs under the lock: it must only compare.
    package func remove(onlyFirst: Bool, where matches: (Item) -> Bool) -> [Item] {
        state.withLock { contents in
            if onlyFirst {
                guard let index = contents.items.firstIndex(where: matches) else { return [] }
                return [contents.items.remove(at: index)]
            }
            var removed: [Item] = []
            contents.items.removeAll { item in
                guard matches(item) else { return false }
                removed.append(item)
                return true
            }
            return removed
        }
    }

    /// Takes out the most recently appended item, if any.
    package func removeLast() -> Item? {
        state.withLock { $0.items.popLast() }
    }

    /// Closes the list; the first call returns every item in insertion order.
    package func close() -> [Item] {
        state.withLock { contents in
            if contents.closed {
                return []
            }
            contents.closed = true
            defer { contents.items = [] }
            return contents.items
        }
    }

    /// The number of items held.
    package var count: Int {
        state.withLock { $0.items.count }
    }
}
