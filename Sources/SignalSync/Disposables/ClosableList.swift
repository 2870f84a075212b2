/// Disposables in insertion order behind a lock, closed once: the state under both APIs'
/// disposable sets. As with `ClosableSlot`, the caller disposes what comes out.
///
/// Adding and removing cost the same (amortized) whatever the number of items: the items
/// live in `OrderedSlots`, and an index from each object's identity to its key
/// (`IdentityIndex`: one cache line read per lookup) finds an item to remove without a
/// scan. The same object may be held more than once (it then has one key per addition,
/// oldest first, kept in `repeated`).
///
/// Not generic: it holds any `UpstreamDisposable` (the typed `Disposable` and the untyped
/// `SDisposable` both are), so its code and its `deinit` run with concrete types. A
/// generic list, used from the two API modules, would run unspecialized there and look up
/// the run-time metadata of its contents, its array and its optionals at every `then`
/// subscription (measured: see Benchmarks/PERFORMANCE.md, "Run-time metadata lookups").
package final class ClosableList: Sendable {
    /// One disposable of the list.
    package typealias Item = any UpstreamDisposable

    /// What a removal took out, in insertion order, for the caller to release (outside
    /// the lock): one item needs no array.
    package enum Removed {
        /// Nothing matched.
        case none
        /// One item.
        case one(Item)
        /// Several items (copies of one object).
        case several([Item])

        /// The items, in insertion order.
        package var items: [Item] {
            switch self {
            case .none: []
            case .one(let item): [item]
            case .several(let items): items
            }
        }
    }

    // All state is inside `state`, reached only under its lock.
    private struct Contents {
        /// What `keyOf` stores for an object held several times (keys are never negative).
        static let heldRepeatedly = -1

        /// The items under their keys, in insertion order.
        var items = OrderedSlots<Item>()
        /// The key of every object held once, by identity, and `heldRepeatedly` for one
        /// held several times.
        var keyOf = IdentityIndex()
        /// The keys of the objects held several times, oldest first.
        var repeated: [ObjectIdentifier: ArraySlice<Int>] = [:]
        /// True once `close` ran.
        var closed = false

        /// Takes `object`'s oldest key (newest when `newest`) out of `repeated`, where it has
        /// two or more; down to one, that one moves back to `keyOf`.
        mutating func takeRepeatedKey(of object: ObjectIdentifier, newest: Bool) -> Int {
            let key = newest ? repeated[object]!.removeLast() : repeated[object]!.removeFirst()
            if let remaining = repeated[object], remaining.count == 1 {
                keyOf[object] = remaining.first
                repeated[object] = nil
            }
            return key
        }

        /// Takes out the item under `key` (a key the index lists, so one held).
        mutating func take(_ key: Int) -> Item {
            items.remove(key)!
        }
    }

    private let state = LockedState(Contents())

    /// An empty, open list.
    package init() {}

    /// Appends `item`; returns it back (for the caller to dispose) when the list is closed.
    package func append(_ item: Item) -> Item? {
        state.withLock { contents in
            if contents.closed {
                return item
            }
            let key = contents.items.append(item)
            let object = ObjectIdentifier(item)
            switch contents.keyOf[object] {
            case nil:
                contents.keyOf[object] = key
            case Contents.heldRepeatedly:
                contents.repeated[object]!.append(key)  // in place
            case let earlier?:
                contents.keyOf[object] = Contents.heldRepeatedly
                contents.repeated[object] = [earlier, key]
            }
            return nil
        }
    }

    /// Takes out the items that are `item` itself (the same object): only the earliest
    /// one when `onlyFirst`, otherwise all of them, in insertion order.
    package func remove(identicalTo item: Item, onlyFirst: Bool) -> Removed {
        state.withLock { contents in
            let object = ObjectIdentifier(item)
            switch contents.keyOf[object] {
            case nil:
                return .none
            case Contents.heldRepeatedly where !onlyFirst:
                contents.keyOf[object] = nil
                let keys = contents.repeated.removeValue(forKey: object)!
                return .several(keys.map { contents.take($0) })
            case Contents.heldRepeatedly:
                return .one(contents.take(contents.takeRepeatedKey(of: object, newest: false)))
            case let key?:
                contents.keyOf[object] = nil
                return .one(contents.take(key))
            }
        }
    }

    /// Takes out the most recently appended item, if any.
    package func removeLast() -> Item? {
        state.withLock { contents in
            guard let (_, item) = contents.items.removeLast() else { return nil }
            let object = ObjectIdentifier(item)
            if contents.keyOf[object] == Contents.heldRepeatedly {
                // The newest key of the object is the one just taken out.
                _ = contents.takeRepeatedKey(of: object, newest: true)
            } else {
                contents.keyOf[object] = nil
            }
            return item
        }
    }

    /// Closes the list; the first call returns every item in insertion order.
    package func close() -> [Item] {
        state.withLock { contents in
            if contents.closed {
                return []
            }
            contents.closed = true
            contents.keyOf.removeAll()
            contents.repeated = [:]
            return contents.items.removeAll()
        }
    }

    /// The number of items held.
    package var count: Int {
        state.withLock { $0.items.count }
    }
}
