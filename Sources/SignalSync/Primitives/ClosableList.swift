/// Disposables in insertion order behind a lock, closed once: the state under both APIs'
/// disposable sets. As with `ClosableSlot`, the caller disposes what comes out.
///
/// Adding and removing cost the same (amortized) whatever the number of items: the items
/// live in `OrderedSlots`, and an index from each object's identity to its keys finds an
/// item to remove without a scan. The same object may be held more than once (it then has
/// one key per addition, oldest first).
///
/// Not generic: it holds any `UpstreamDisposable` (the typed `Disposable` and the untyped
/// `SDisposable` both are), so its code and its `deinit` run with concrete types. A
/// generic list, used from the two API modules, ran unspecialized there and looked up the
/// run-time metadata of its contents, its array and its optionals: about 2,000
/// instructions per `then` subscription.
package final class ClosableList: @unchecked Sendable {
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

    /// The keys under which one object is held, oldest first.
    private enum Keys {
        /// Held once (the common case: no array, and a small dictionary value).
        case one(Int)
        /// Held several times.
        case many(KeyList)
    }

    /// The keys of an object held several times, oldest first (a class, so that the
    /// dictionary's values stay one word and a tag).
    private final class KeyList {
        /// The keys, oldest first (a slice: the oldest leaves without a shift).
        var keys: ArraySlice<Int>

        /// A list of `keys`.
        init(_ keys: ArraySlice<Int>) {
            self.keys = keys
        }
    }

    // Safety: all state is inside `state`, reached only under its lock.
    private struct Contents {
        /// The items under their keys, in insertion order.
        var items = OrderedSlots<Item>()
        /// The keys of every object held, by identity.
        var keysByObject: [ObjectIdentifier: Keys] = [:]
        /// True once `close` ran.
        var closed = false

        /// Takes out the item under `key` (a key `keysByObject` lists, so one held).
        mutating func take(_ key: Int) -> Item {
            items.remove(key).unsafelyUnwrapped
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
            switch contents.keysByObject[object] {
            case nil:
                contents.keysByObject[object] = .one(key)
            case .one(let earlier):
                contents.keysByObject[object] = .many(KeyList([earlier, key]))
            case .many(let list):
                list.keys.append(key)
            }
            return nil
        }
    }

    /// Takes out the items that are `item` itself (the same object): only the earliest
    /// one when `onlyFirst`, otherwise all of them, in insertion order.
    package func remove(identicalTo item: Item, onlyFirst: Bool) -> Removed {
        state.withLock { contents in
            let object = ObjectIdentifier(item)
            switch contents.keysByObject[object] {
            case nil:
                return .none
            case .one(let key):
                contents.keysByObject[object] = nil
                return .one(contents.take(key))
            case .many(let list):
                guard onlyFirst else {
                    contents.keysByObject[object] = nil
                    return .several(list.keys.map { contents.take($0) })
                }
                let key = list.keys.removeFirst()
                if list.keys.count == 1 {
                    contents.keysByObject[object] = .one(list.keys[list.keys.startIndex])
                }
                return .one(contents.take(key))
            }
        }
    }

    /// Takes out the most recently appended item, if any.
    package func removeLast() -> Item? {
        state.withLock { contents in
            guard let (_, item) = contents.items.removeLast() else { return nil }
            let object = ObjectIdentifier(item)
            if case .many(let list) = contents.keysByObject[object] {
                list.keys.removeLast()  // the newest key of the object is the one just taken out
                if list.keys.count == 1 {
                    contents.keysByObject[object] = .one(list.keys[list.keys.startIndex])
                }
            } else {
                contents.keysByObject[object] = nil
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
            contents.keysByObject = [:]
            return contents.items.removeAll()
        }
    }

    /// The number of items held.
    package var count: Int {
        state.withLock { $0.items.count }
    }
}
