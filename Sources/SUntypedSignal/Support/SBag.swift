import SignalSync

/// An ordered collection of untyped items under stable integer keys.
///
/// Keys start at 0 and grow by one with each `addItem`; a key is never reused.
/// Enumeration and snapshots follow insertion order. Not thread-safe: the owner guards
/// it with its own lock (as in the original), and snapshots with `copyItems()` before
/// calling out.
public final class SBag {
    private let bag = Bag<Any>()

    /// Creates an empty bag.
    public init() {}

    /// Appends `item` and returns its key; a nil item is not added and returns -1.
    @discardableResult
    public func addItem(_ item: Any?) -> Int {
        guard let item else { return -1 }
        return bag.add(item)
    }

    /// Calls `f` with every item in insertion order (over a snapshot, so `f` may change
    /// the bag).
    public func enumerateItems(_ f: (Any) -> Void) {
        for item in bag.copyItems() {
            f(item)
        }
    }

    /// Removes the item stored under `key`; an unknown key is ignored.
    public func removeItem(_ key: Int) {
        bag.remove(key)
    }

    /// True when the bag holds nothing.
    public var isEmpty: Bool {
        bag.isEmpty
    }

    /// A snapshot of the items in insertion order.
    public func copyItems() -> [Any] {
        bag.copyItems()
    }
}
