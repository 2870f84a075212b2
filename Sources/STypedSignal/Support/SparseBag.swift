/// Items under integer keys with O(1) removal; iteration order is unspecified.
/// Not thread-safe.
public final class SparseBag<T>: Sequence {
    /// The key of an item.
    public typealias Index = Int

    private var nextIndex: Index = 0
    private var items: [Index: T] = [:]

    /// Creates an empty bag.
    public init() {}

    /// Stores `item` and returns its key (keys start at 0 and are never reused).
    @discardableResult
    public func add(_ item: T) -> Index {
        let key = nextIndex
        nextIndex += 1
        items[key] = item
        return key
    }

    /// The item under `index`, or nil.
    public func get(_ index: Index) -> T? {
        items[index]
    }

    /// Removes the item under `index`; an unknown key is ignored.
    public func remove(_ index: Index) {
        items.removeValue(forKey: index)
    }

    /// Removes every item.
    public func removeAll() {
        items.removeAll()
    }

    /// True when the bag holds nothing.
    public var isEmpty: Bool {
        items.isEmpty
    }

    /// Iterates the items in no particular order.
    public func makeIterator() -> AnyIterator<T> {
        AnyIterator(items.values.makeIterator())
    }
}
