/// Elements in insertion order under increasing, never-reused integer keys, removable by
/// key at any position in amortized constant time: the storage under `Bag`, the disposable
/// sets' `ClosableList`, and the subscriber lists of `PipeHubMachine` and `ShareMachine`.
///
/// A slot array with tombstones. `append` puts an element in a new slot at the end, under
/// the next key; removing one leaves its slot empty (a tombstone) and keeps its key there
/// (complemented, so negative: the tombstone mark), so the keys of the slots stay
/// increasing and a key's slot is found by binary search. Finding a slot and skipping
/// tombstones read only the keys: code that runs unspecialized (a generic `Bag` in the
/// module that declares it) touches an element only to hand it out.
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
    /// The key of every slot: an element's key, or its complement (`~key`, negative) in a
    /// tombstone. Strictly increasing once decoded (`decoded`).
    @usableFromInline var keys: [Int] = []
    /// The element of every slot; nil in a tombstone.
    @usableFromInline var elements: [Element?] = []
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
        keys.append(key)
        elements.append(element)
        count += 1
        return key
    }

    /// The slot holding the element under `key`, or nil when there is none.
    ///
    /// The last slot is looked at first. Then each round probes where the key would be if the keys between the bounds were evenly
    /// spread, then halves what is left: the keys handed out are consecutive, so the first
    /// probe usually lands on the slot or next to it, touching one or two cache lines where
    /// a binary search touched a dozen at 100,000 slots; the halving keeps the worst case
    /// at twice a binary search's rounds.
    @inlinable package func slot(of key: Int) -> Int? {
        var low = head
        var high = keys.count
        // The newest element first: a subscription that ends before the next one starts
        // (a list row, a request) is always the last slot.
        if low < high, keys[high - 1] == key {
            return high - 1
        }
        while low < high {
            let lowKey = Self.decoded(keys[low])
            let highKey = Self.decoded(keys[high - 1])
            guard key >= lowKey, key <= highKey else { return nil }
            // Where `key` would be among evenly spread keys (the span fits a Double exactly
            // for any count of keys handed out in practice).
            let span = highKey - lowKey
            let guess = span == 0 ? low : low + Int(Double(key - lowKey) / Double(span) * Double(high - 1 - low))
            let probed = Self.decoded(keys[guess])
            if probed == key {
                return keys[guess] == key ? guess : nil  // a tombstone holds `~key`
            }
            if probed < key { low = guess + 1 } else { high = guess }
            guard low < high else { return nil }
            let middle = low + (high - low) / 2
            let halved = Self.decoded(keys[middle])
            if halved == key {
                return keys[middle] == key ? middle : nil
            }
            if halved < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The key a slot's entry in `keys` stands for, tombstone or not.
    @inlinable @inline(__always)
    static func decoded(_ stored: Int) -> Int {
        stored ^ (stored >> (Int.bitWidth - 1))  // `~stored` when negative
    }

    /// The element under `key`, or nil.
    @inlinable package subscript(key: Int) -> Element? {
        guard let slot = slot(of: key) else { return nil }
        return elements[slot]
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
        let taken = elements.withUnsafeMutableBufferPointer { buffer in
            Self.move(from: buffer.baseAddress.unsafelyUnwrapped + slot)
        }
        keys[slot] = ~keys[slot]
        count -= 1
        tidy()
        return taken
    }

    /// Moves the element out of `slot` (which holds one) and leaves a tombstone there:
    /// no copy, so no retain and release of what the element holds (unwrapping the
    /// optional copied it, then destroyed the original: for an `Entry` of a pipe, about
    /// 400 instructions per removal).
    ///
    /// An optional keeps its payload at offset 0 (the Swift ABI's layout of single-payload
    /// enums), so the element is moved out of the slot's memory as an `Element`; the slot
    /// is then overwritten with nil without being destroyed.
    @inlinable @inline(__always)
    static func move(from slot: UnsafeMutablePointer<Element?>) -> Element {
        let taken = UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Element.self).move()
        slot.initialize(to: nil)
        return taken
    }

    /// Takes out the most recently appended element still held, with its key.
    @inlinable package mutating func removeLast() -> (key: Int, element: Element)? {
        guard count > 0 else { return nil }
        // `tidy` keeps the last slot an element's whenever there is one.
        let key = keys[keys.count - 1]
        return (key, remove(slot: keys.count - 1))
    }

    /// Takes out every element, in insertion order; the keys handed out later still
    /// continue upwards.
    @inlinable package mutating func removeAll() -> [Element] {
        let taken = values
        keys = []
        elements = []
        head = 0
        count = 0
        return taken
    }

    /// The earliest element still held, with its key.
    @inlinable package var first: (key: Int, element: Element)? {
        guard count > 0 else { return nil }
        // `tidy` keeps the head slot an element's whenever there is one.
        return (keys[head], elements[head].unsafelyUnwrapped)
    }

    /// The elements in insertion order.
    @inlinable package var values: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for slot in head..<keys.count where keys[slot] >= 0 {
            result.append(elements[slot].unsafelyUnwrapped)
        }
        return result
    }

    /// The keys and elements in insertion order.
    @inlinable package var keyedValues: [(key: Int, element: Element)] {
        var result: [(key: Int, element: Element)] = []
        result.reserveCapacity(count)
        for slot in head..<keys.count where keys[slot] >= 0 {
            result.append((keys[slot], elements[slot].unsafelyUnwrapped))
        }
        return result
    }

    /// Calls `body` with each key and element, in insertion order.
    @inlinable package func forEach(_ body: (_ key: Int, _ element: Element) throws -> Void) rethrows {
        for slot in head..<keys.count where keys[slot] >= 0 {
            try body(keys[slot], elements[slot].unsafelyUnwrapped)
        }
    }

    /// Calls `body` with each key and element, in insertion order, letting it change the
    /// element in place (it must not remove or add any).
    @inlinable package mutating func updateEach(_ body: (_ key: Int, _ element: inout Element) throws -> Void) rethrows {
        for slot in head..<keys.count where keys[slot] >= 0 {
            try body(keys[slot], &elements[slot]!)
        }
    }

    /// Changes the element under `key` in place with `body` and returns its result; nil
    /// (without calling `body`) when there is none.
    @inlinable package mutating func update<Result>(_ key: Int, _ body: (inout Element) throws -> Result) rethrows -> Result? {
        guard let slot = slot(of: key) else { return nil }
        return try body(&elements[slot]!)
    }

    /// Restores the invariants after a removal: no tombstone at the end, `head` on the
    /// first element, and no more tombstones than elements (past a small size).
    @inlinable mutating func tidy() {
        if count == 0 {
            // Every slot left is a tombstone, and there are few (compaction keeps them at
            // most 16 more than the elements): dropped one by one, which costs less than
            // `removeAll(keepingCapacity:)` (a generic `replaceSubrange`, about 140
            // instructions for a list that held one subscriber).
            while !keys.isEmpty {
                keys.removeLast()
                elements.removeLast()
            }
            head = 0
            return
        }
        while keys[keys.count - 1] < 0 {
            keys.removeLast()
            elements.removeLast()
        }
        while keys[head] < 0 {
            head += 1
        }
        let tombstones = keys.count - count
        if tombstones > count, tombstones >= 16 {
            compact()
        }
    }

    /// Moves every element to the front, in order, and drops the tombstones.
    @inlinable mutating func compact() {
        var write = 0
        let start = head
        keys.withUnsafeMutableBufferPointer { keys in
            elements.withUnsafeMutableBufferPointer { elements in
                let base = elements.baseAddress.unsafelyUnwrapped
                for read in start..<keys.count where keys[read] >= 0 {
                    if read != write {
                        // Slot `write` holds a tombstone (nil): nothing to destroy there.
                        (base + write).initialize(to: Self.move(from: base + read))
                        keys[write] = keys[read]
                    }
                    write += 1
                }
            }
        }
        elements.removeLast(elements.count - write)
        keys.removeLast(keys.count - write)
        head = 0
    }
}
