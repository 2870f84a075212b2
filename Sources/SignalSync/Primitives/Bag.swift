/// An ordered collection of items under stable integer keys.
///
/// Keys start at 0 and grow by one with each `add`; a key is never reused, not even
/// after `removeAll`. Iteration and snapshots follow insertion order. Adding and removing
/// cost the same (amortized) whatever the number of items: the items live in
/// `OrderedSlots`. Its methods are inlinable, so that they run specialized for the item
/// type where the caller knows it (unspecialized, every call looked up the run-time
/// metadata of the slot arrays). Not thread-safe: the owner guards it with its own lock, and snapshots
/// with `copyItems()` before calling out.
public final class Bag<T> {
    /// The key of an item.
    public typealias Index = Int

    /// The items under their keys.
    @usableFromInline var slots = OrderedSlots<T>()

    /// Creates an empty bag.
    public init() {}

    /// Appends `item` and returns its key.
    @discardableResult
    @inlinable public func add(_ item: T) -> Index {
        slots.append(item)
    }

    /// The item stored under `index`, or nil when there is none.
    @inlinable public func get(_ index: Index) -> T? {
        slots[index]
    }

    /// Removes the item stored under `index`; an unknown key is ignored.
    @inlinable public func remove(_ index: Index) {
        slots.remove(index)
    }

    /// Removes every item; keys handed out later still continue upwards.
    @inlinable public func removeAll() {
        _ = slots.removeAll()
    }

    /// A snapshot of the items in insertion order.
    @inlinable public func copyItems() -> [T] {
        slots.values
    }

    /// A snapshot of the keys and items in insertion order.
    @inlinable public func copyItemsWithIndices() -> [(Index, T)] {
        slots.keyedValues.map { ($0.key, $0.element) }
    }

    /// True when the bag holds nothing.
    @inlinable public var isEmpty: Bool {
        slots.isEmpty
    }

    /// The number of items.
    @inlinable package var count: Int {
        slots.count
    }

    /// The earliest remaining entry.
    @inlinable public var first: (Index, T)? {
        slots.first.map { ($0.key, $0.element) }
    }
}
