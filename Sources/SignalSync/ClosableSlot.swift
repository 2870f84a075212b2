/// One replaceable item behind a lock, that can be closed once: the state under both
/// APIs' meta disposables.
///
/// The methods only move items in and out; the caller disposes what they return,
/// after the lock is released, so disposal may come back to the slot.
package final class ClosableSlot<Item>: @unchecked Sendable {
    // Safety: `item` and `closed` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var item: Item?
    private var closed = false

    package init() {}

    /// Stores `newItem` and returns what the caller must now dispose: the previous item,
    /// or `newItem` itself when the slot is closed.
    package func replace(with newItem: Item?) -> Item? {
        mutex.lock()
        defer { mutex.unlock() }
        if closed {
            return newItem
        }
        let previous = item
        item = newItem
        return previous
    }

    /// Closes the slot; the first call returns the item to dispose, later calls nil.
    package func close() -> Item? {
        mutex.lock()
        defer { mutex.unlock() }
        if closed {
            return nil
        }
        closed = true
        let previous = item
        item = nil
        return previous
    }

    /// True once `close()` has been called.
    package var isClosed: Bool {
        mutex.withLock { closed }
    }
}

/// Items in insertion order behind a lock, closed once: the state under both APIs'
/// disposable sets. As with `ClosableSlot`, the caller disposes what comes out.
package final class ClosableList<Item>: @unchecked Sendable {
    // Safety: `items` and `closed` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var items: [Item] = []
    private var closed = false

    package init() {}

    /// Appends `item`; returns it back (for the caller to dispose) when the list is closed.
    package func append(_ item: Item) -> Item? {
        mutex.lock()
        defer { mutex.unlock() }
        if closed {
            return item
        }
        items.append(item)
        return nil
    }

    /// Takes out the items matching `matches` (only the first one when `onlyFirst`).
    package func remove(onlyFirst: Bool, where matches: (Item) -> Bool) -> [Item] {
        mutex.lock()
        defer { mutex.unlock() }
        if onlyFirst {
            guard let index = items.firstIndex(where: matches) else { return [] }
            return [items.remove(at: index)]
        }
        var removed: [Item] = []
        items.removeAll { item in
            guard matches(item) else { return false }
            removed.append(item)
            return true
        }
        return removed
    }

    /// Takes out the most recently appended item, if any.
    package func removeLast() -> Item? {
        mutex.withLock { items.popLast() }
    }

    /// Closes the list; the first call returns every item in insertion order.
    package func close() -> [Item] {
        mutex.lock()
        defer { mutex.unlock() }
        if closed {
            return []
        }
        closed = true
        let all = items
        items = []
        return all
    }

    /// The number of items held.
    package var count: Int {
        mutex.withLock { items.count }
    }
}
