/// A map from an object's identity to a non-negative integer, for a container that finds a
/// member by identity at any size (`ClosableList`, under both APIs' disposable sets).
///
/// Open addressing with linear probing in one array of 16-byte entries, the identity and
/// its integer side by side: finding an object reads one cache line, where `Dictionary`
/// reads three (its occupancy bitmap, its keys and its values, each an array of its own).
/// In a large set those lines are cold, so that is the cost that grows with the size.
/// Hashing is a multiplication (an identity is an address, spread by the golden ratio);
/// removing shifts the entries after the hole back, so no tombstones build up. At most half
/// the entries are used: the capacity doubles when an insertion would pass that.
///
/// A value type, not thread-safe: its owner keeps it under a lock.
package struct IdentityIndex {
    /// One slot: an identity (0 when the slot is empty) and its integer.
    struct Entry {
        /// The object's address; 0 for an empty slot.
        var object: UInt
        /// The integer stored for it.
        var value: Int
    }

    /// The slots; empty until the first insertion, then a power of two.
    private var entries: [Entry] = []
    /// The number of identities held.
    package private(set) var count = 0

    /// An empty index; allocates nothing until the first insertion.
    package init() {}

    /// The integer stored for `object`, or nil; setting nil removes it.
    package subscript(object: ObjectIdentifier) -> Int? {
        get {
            slot(of: object).map { entries[$0].value }
        }
        set {
            let slot = slot(of: object)
            switch (newValue, slot) {
            case (let newValue?, let slot?):
                entries[slot].value = newValue
            case (let newValue?, nil):
                if (count + 1) * 2 > entries.count {
                    grow()
                }
                place(Entry(object: Self.key(object), value: newValue))
                count += 1
            case (nil, let slot?):
                remove(at: slot)
            case (nil, nil):
                break
            }
        }
    }

    /// Empties the index, releasing its storage.
    package mutating func removeAll() {
        entries = []
        count = 0
    }

    /// `object` as an entry stores it (never 0: an object has an address).
    private static func key(_ object: ObjectIdentifier) -> UInt {
        UInt(bitPattern: object)
    }

    /// The slot where probing for `key` starts, in a table of `capacity` slots.
    private static func home(_ key: UInt, capacity: Int) -> Int {
        // Addresses are 16-byte aligned: the golden-ratio product's high bits spread them.
        let shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        return Int(truncatingIfNeeded: ((key &>> 4) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot holding `object`, or nil.
    private func slot(of object: ObjectIdentifier) -> Int? {
        guard !entries.isEmpty else { return nil }
        let key = Self.key(object)
        let mask = entries.count - 1
        var index = Self.home(key, capacity: entries.count)
        while true {
            let stored = entries[index].object
            if stored == key { return index }
            if stored == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Puts `entry` (whose object is not held) in the first empty slot from its home.
    private mutating func place(_ entry: Entry) {
        let mask = entries.count - 1
        var index = Self.home(entry.object, capacity: entries.count)
        while entries[index].object != 0 {
            index = (index + 1) & mask
        }
        entries[index] = entry
    }

    /// Doubles the capacity (8 at first) and places every entry again.
    private mutating func grow() {
        let old = entries
        entries = Array(repeating: Entry(object: 0, value: 0), count: Swift.max(8, old.count * 2))
        for entry in old where entry.object != 0 {
            place(entry)
        }
    }

    /// Empties `slot`, then moves back each entry of the run after it whose home is not
    /// between the hole and itself, so that every entry stays reachable from its home.
    private mutating func remove(at slot: Int) {
        let mask = entries.count - 1
        var hole = slot
        var index = (slot + 1) & mask
        while entries[index].object != 0 {
            let home = Self.home(entries[index].object, capacity: entries.count)
            // Distances from the hole, going forwards around the table.
            if (index - home) & mask >= (index - hole) & mask {
                entries[hole] = entries[index]
                hole = index
            }
            index = (index + 1) & mask
        }
        entries[hole] = Entry(object: 0, value: 0)
        count -= 1
    }
}
