/// Elements in insertion order under increasing, never-reused integer keys, removable by
/// key at any position in amortized constant time: the storage under `Bag`, the disposable
/// sets' `ClosableList`, and the subscriber lists of `PipeHubMachine` and `ShareMachine`.
///
/// A slot array with tombstones. `append` puts an element in a new slot at the end, under
/// the next key; removing one leaves its slot empty (a tombstone) and keeps its key there
/// (complemented, so negative: the tombstone mark), so the keys of the slots stay
/// increasing and a key's slot is found by searching them. A slot holds its key beside its
/// element, so that finding an element and taking it out read the same cache line: in a
/// large list, where every slot is cold, keys and elements in two arrays would cost a
/// second cache miss per removal, one after the other. (Its methods are inlinable, so they
/// run specialized for the element type: unspecialized, each access would look up the
/// slot's layout.)
/// Tombstones at the end are dropped at once, the leading ones are skipped by a cursor,
/// and when they outnumber the elements the slots are compacted (each element moved once
/// per compaction, after as many removals as elements remain: amortized O(1) per removal).
/// Iteration visits the elements in insertion order, skipping tombstones.
///
/// A value type, not thread-safe: its owner keeps it under a lock or on one thread. Nothing
/// it does calls out; a removed element is handed back to the caller, who releases it
/// (outside its lock).
@usableFromInline
package struct OrderedSlots<Element> {
    /// One element and its key, or a tombstone.
    @usableFromInline package struct Slot {
        /// The element; nil in a tombstone. The first field, so at the slot's address
        /// (`move(from:)` relies on it).
        @usableFromInline var element: Element?
        /// The element's key, or its complement (`~key`, negative) in a tombstone.
        @usableFromInline var key: Int

        /// A slot holding `element` under `key`.
        @inlinable init(element: consuming Element, key: Int) {
            self.element = element
            self.key = key
        }
    }

    /// The slots, their keys strictly increasing once decoded (`decoded`).
    @usableFromInline var slots: [Slot] = []
    /// The first slot that may hold an element: every slot before it is a tombstone.
    @usableFromInline var head = 0
    /// The number of elements held.
    @usableFromInline package private(set) var count = 0
    /// The key the next `append` hands out.
    @usableFromInline package private(set) var nextKey = 0

    /// No elements; the first key is 0.
    @inlinable package init() {}

    /// No elements; the first key is `firstKey` (for an owner whose keys must not repeat
    /// those of an earlier instance).
    @inlinable package init(firstKey: Int) {
        nextKey = firstKey
    }

    /// True when no element is held.
    @inlinable package var isEmpty: Bool {
        count == 0
    }

    /// Adds `element` after every other one and returns its key.
    @inlinable @discardableResult
    package mutating func append(_ element: consuming Element) -> Int {
        let key = nextKey
        nextKey += 1
        slots.append(Slot(element: element, key: key))
        count += 1
        return key
    }

    /// The slot holding the element under `key`, or nil when there is none.
    ///
    /// The last slot is looked at first. Then each round probes where the key would be if the keys between the bounds were evenly
    /// spread, then halves what is left: the keys handed out are consecutive, so the first
    /// probe usually lands on the slot or next to it, touching one or two cache lines where
    /// a binary search of a large list touches one per round; the halving keeps the worst
    /// case at twice a binary search's rounds.
    @inlinable package func slot(of key: Int) -> Int? {
        var low = head
        var high = slots.count
        // The newest element first: a subscription that ends before the next one starts
        // (a list row, a request) is always the last slot.
        if low < high, slots[high - 1].key == key {
            return high - 1
        }
        while low < high {
            let lowKey = Self.decoded(slots[low].key)
            let highKey = Self.decoded(slots[high - 1].key)
            guard key >= lowKey, key <= highKey else { return nil }
            // Where `key` would be among evenly spread keys (the span fits a Double exactly
            // for any count of keys handed out in practice).
            let span = highKey - lowKey
            let guess = span == 0 ? low : low + Int(Double(key - lowKey) / Double(span) * Double(high - 1 - low))
            let probed = Self.decoded(slots[guess].key)
            if probed == key {
                return slots[guess].key == key ? guess : nil  // a tombstone holds `~key`
            }
            if probed < key { low = guess + 1 } else { high = guess }
            guard low < high else { return nil }
            let middle = low + (high - low) / 2
            let halved = Self.decoded(slots[middle].key)
            if halved == key {
                return slots[middle].key == key ? middle : nil
            }
            if halved < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The key a slot's stored key stands for, tombstone or not.
    @inlinable @inline(__always)
    static func decoded(_ stored: Int) -> Int {
        stored ^ (stored >> (Int.bitWidth - 1))  // `~stored` when negative
    }

    /// The element under `key`, or nil.
    @inlinable package subscript(key: Int) -> Element? {
        guard let slot = slot(of: key) else { return nil }
        return slots[slot].element
    }

    /// Takes out the element under `key`; nil when there is none.
    @inlinable @discardableResult
    package mutating func remove(_ key: Int) -> Element? {
        guard let slot = slot(of: key) else { return nil }
        return remove(slot: slot)
    }

    /// Takes out the element in `slot` (a slot that holds one, from `slot(of:)` or an
    /// iteration).
    @inlinable package mutating func remove(slot: Int) -> Element {
        let taken = slots.withUnsafeMutableBufferPointer { buffer in
            // Safety: `slot` holds an element (the caller's contract): the buffer is not empty,
            // and no pointer outlives the closure. Pinned by
            // OrderedSlotsTests.testAddsAndRandomRemovalsKeepInsertionOrderAndKeysAgainstAModel.
            let held = buffer.baseAddress! + slot
            held.pointee.key = ~held.pointee.key
            return Self.move(from: held)
        }
        count -= 1
        tidy()
        return taken
    }

    // Safety: `element` is `Slot`'s first field, at offset 0. Pinned by
    // OrderedSlotsTests.testASlotKeepsItsElementAtItsOwnAddress.
    /// The element field of `slot`: at the slot's own address (its first field).
    @inlinable @inline(__always)
    static func element(of slot: UnsafeMutablePointer<Slot>) -> UnsafeMutablePointer<Element?> {
        // Safety: as `element(of:)`'s Safety note says.
        UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Element?.self)
    }

    // Safety: `slot` holds an element (the callers' contract), whose payload is at the
    // optional's address; the move leaves it uninitialized and `nil` is stored over it
    // without a destroy. Pinned by
    // OrderedSlotsTests.testARemovedElementIsReleasedByTheCallerAndCompactionReleasesNothing.
    /// Moves the element out of `slot` (which holds one) and leaves nil there (a
    /// tombstone once its key is complemented): no copy, so no retain and release of what
    /// the element holds (unwrapping the optional would copy it, then destroy the
    /// original: a retain and a release of everything an `Entry` of a pipe holds).
    ///
    /// An optional keeps its payload at offset 0 (the Swift ABI's layout of single-payload
    /// enums), so the element is moved out of the slot's memory as an `Element`; the
    /// element field is then overwritten with nil without being destroyed.
    @inlinable @inline(__always)
    static func move(from slot: UnsafeMutablePointer<Slot>) -> Element {
        let field = element(of: slot)
        // Safety: as `move(from:)`'s Safety note says.
        let taken = UnsafeMutableRawPointer(field).assumingMemoryBound(to: Element.self).move()
        field.initialize(to: nil)
        return taken
    }

    /// Takes out the most recently appended element still held, with its key.
    @inlinable package mutating func removeLast() -> (key: Int, element: Element)? {
        guard count > 0 else { return nil }
        // `tidy` keeps the last slot an element's whenever there is one.
        let key = slots[slots.count - 1].key
        return (key, remove(slot: slots.count - 1))
    }

    /// Takes out every element, in insertion order; the keys handed out later still
    /// continue upwards.
    @inlinable package mutating func removeAll() -> [Element] {
        let taken = values
        slots = []
        head = 0
        count = 0
        return taken
    }

    /// The earliest element still held, with its key.
    @inlinable package var first: (key: Int, element: Element)? {
        guard count > 0 else { return nil }
        // `tidy` keeps the head slot an element's whenever there is one.
        return (slots[head].key, slots[head].element!)
    }

    /// The elements in insertion order.
    @inlinable package var values: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for slot in head..<slots.count where slots[slot].key >= 0 {
            result.append(slots[slot].element!)
        }
        return result
    }

    /// The keys and elements in insertion order.
    @inlinable package var keyedValues: [(key: Int, element: Element)] {
        var result: [(key: Int, element: Element)] = []
        result.reserveCapacity(count)
        for slot in head..<slots.count where slots[slot].key >= 0 {
            result.append((slots[slot].key, slots[slot].element!))
        }
        return result
    }

    /// Calls `body` with each key and element, in insertion order.
    @inlinable package func forEach(_ body: (_ key: Int, _ element: Element) throws -> Void) rethrows {
        for slot in head..<slots.count where slots[slot].key >= 0 {
            try body(slots[slot].key, slots[slot].element!)
        }
    }

    /// Calls `body` with each key and element, in insertion order, letting it change the
    /// element in place (it must not remove or add any).
    @inlinable package mutating func updateEach(_ body: (_ key: Int, _ element: inout Element) throws -> Void) rethrows {
        for slot in head..<slots.count where slots[slot].key >= 0 {
            try body(slots[slot].key, &slots[slot].element!)
        }
    }

    /// Changes the element under `key` in place with `body` and returns its result; nil
    /// (without calling `body`) when there is none.
    @inlinable package mutating func update<Result>(_ key: Int, _ body: (inout Element) throws -> Result) rethrows -> Result? {
        guard let slot = slot(of: key) else { return nil }
        return try body(&slots[slot].element!)
    }

    /// Restores the invariants after a removal: no tombstone at the end, `head` on the
    /// first element, and no more tombstones than elements (past a small size).
    @inlinable mutating func tidy() {
        if count == 0 {
            // Every slot left is a tombstone, and there are few (compaction keeps them at
            // most 16 more than the elements): dropped one by one, which costs less than
            // `removeAll(keepingCapacity:)`, a generic `replaceSubrange` whose set-up
            // outweighs a few `removeLast` calls.
            while !slots.isEmpty {
                slots.removeLast()
            }
            head = 0
            return
        }
        while slots[slots.count - 1].key < 0 {
            slots.removeLast()
        }
        while slots[head].key < 0 {
            head += 1
        }
        let tombstones = slots.count - count
        if tombstones > count, tombstones >= 16 {
            compact()
        }
    }

    /// Moves every element to the front, in order, and drops the tombstones.
    @inlinable mutating func compact() {
        var write = 0
        let start = head
        // Safety: `read` and `write` stay below `slots.count`, and no pointer outlives the
        // closure. Pinned by
        // OrderedSlotsTests.testARemovedElementIsReleasedByTheCallerAndCompactionReleasesNothing.
        slots.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress!
            for read in start..<slots.count where slots[read].key >= 0 {
                if read != write {
                    // Slot `write` holds a tombstone (nil): nothing to destroy there.
                    Self.element(of: base + write).initialize(to: Self.move(from: base + read))
                    slots[write].key = slots[read].key
                }
                write += 1
            }
        }
        slots.removeLast(slots.count - write)
        head = 0
    }
}
