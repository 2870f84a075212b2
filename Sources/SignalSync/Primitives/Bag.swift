/// An ordered collection of items under stable integer keys.
///
/// Keys start at 0 and grow by one with each `add`; a key is never reused, not even
/// after `removeAll`. Iteration and snapshots follow insertion order. Not thread-safe:
/// the owner guards it with its own lock, and snapshots with `copyItems()` before
/// calling out.
public final class Bag<T> {
    /// The key of an item.
    public typealias Index = Int

    private var nextIndex: Index = 0
    private var keys: [Index] = []
    private var items: [T] = []

    /// Creates an empty bag.
    public init() {}

    /// Appends `item` and returns its key.
    @discardableResult
    public func add(_ item: T) -> Index {
        let key = nextIndex
        nextIndex += 1
        keys.append(key)
        items.append(item)
        return key
    }

    /// The item stored under `index`, or nil when there is none.
    public func get(_ index: Index) -> T? {
        guard let position = position(of: index) else { return nil }
        return items[position]
    }

    /// Removes the item stored under `index`; an unknown key is ignored.
    public func remove(_ index: Index) {
        guard let position = position(of: index) else { return }
        keys.remove(at: position)
        items.remove(at: position)
    }

    /// Removes every item; keys handed out later still continue upwards.
    public func removeAll() {
        keys.removeAll()
        items.removeAll()
    }

    /// A snapshot of the items in insertion order.
    public func copyItems() -> [T] {
        items
    }

    /// A snapshot of the keys and items in insertion order.
    public func copyItemsWithIndices() -> [(Index, T)] {
        Array(zip(keys, items))
    }

    /// True when the bag holds nothing.
    public var isEmpty: Bool {
        keys.isEmpty
    }

    /// The number of items.
    public var count: Int {
        keys.count
    }

    /// The earliest remaining entry.
    public var first: (Index, T)? {
        guard let key = keys.first else { return nil }
        return (key, items[0])
    }

    private func position(of index: Index) -> Int? {
        // Keys are sorted, so a binary search finds the slot.
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == index ? low : nil
    }
}
