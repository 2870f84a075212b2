/// An ordered collection of items under stable integer keys.
///
/// Keys start at 0 and grow by one with each `add`; a key is never reused, not even
/// after `removeAll`. Iteration and snapshots follow insertion order. Adding and removing
/// cost the same (amortized) whatever the number of items: the items live in
/// `OrderedSlots`. Not thread-safe: the owner guards it with its own lock, and snapshots
/// with `copyItems()` before calling out.
public final class Bag<T> {
    /// The key of an item.
    public typealias Index = Int

    private var slots = OrderedSlots<T>()

    /// Creates an empty bag.
    public init() {}

    /// Appends `item` and returns its key.
    @discardableResult
    public func add(_ item: T) -> Index {
        slots.append(item)
    }

    /// The item stored under `index`, or nil when there is none.
    public func get(_ index: Index) -> T? {
        slots[index]
    }

    /// Removes the item stored under `index`; an unknown key is ignored.
    public func remove(_ index: Index) {
        slots.remove(index)
    }

    /// Removes every item; keys handed out later still continue upwards.
    public func removeAll() {
        _ = slots.removeAll()
    }

    /// A snapshot of the items in insertion order.
    public func copyItems() -> [T] {
        slots.values
    }

    /// A snapshot of the keys and items in insertion order.
    public func copyItemsWithIndices() -> [(Index, T)] {
        slots.keyedValues.map { ($0.key, $0.element) }
    }

    /// True when the bag holds nothing.
    public var isEmpty: Bool {
        slots.isEmpty
    }

    /// The number of items.
    public var count: Int {
        slots.count
    }

    /// The earliest remaining entry.
    public var first: (Index, T)? {
        slots.first.map { ($0.key, $0.element) }
    }
}
