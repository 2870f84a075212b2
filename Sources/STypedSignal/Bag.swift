import SignalSync

/// Items under stable, increasing integer keys, in insertion order; not thread-safe.
/// Shared with the untyped library; see `SignalSync.Bag`.
public typealias Bag<T> = SignalSync.Bag<T>

/// A box holding an object weakly.
public final class Weak<T: AnyObject> {
    private weak var object: T?

    /// Wraps `value` without retaining it.
    public init(_ value: T) {
        object = value
    }

    /// The object, or nil once it has been deallocated.
    public var value: T? {
        object
    }
}

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

/// Counts live registrations: `add()` returns 1, 2, 3, ... (never reused). Not
/// thread-safe.
public final class CounterBag {
    private var nextIndex = 1
    private var live = Set<Int>()

    /// Creates an empty counter bag.
    public init() {}

    /// Registers one more entry and returns its key.
    @discardableResult
    public func add() -> Int {
        let key = nextIndex
        nextIndex += 1
        live.insert(key)
        return key
    }

    /// Unregisters `index`; an unknown key is ignored.
    public func remove(_ index: Int) {
        live.remove(index)
    }

    /// True when nothing is registered.
    public var isEmpty: Bool {
        live.isEmpty
    }
}
