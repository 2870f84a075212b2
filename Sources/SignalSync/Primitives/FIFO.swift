/// A first-in, first-out list with O(1) amortized `append` and `popFirst`: the buffer of
/// inners waiting in `queue` / `throttled`, of tasks waiting in a thread-pool lane, of
/// events waiting for a serial drain.
///
/// Not thread-safe: its owner guards it with its own lock. A popped element is cleared
/// from the storage at once, so the buffer never keeps alive something that has left it.
@usableFromInline
package struct FIFO<Element> {
    @usableFromInline var slots: [Element?] = []
    /// The index of the first element still waiting.
    @usableFromInline var head = 0

    /// An empty list.
    @inlinable package init() {}

    /// True when nothing is waiting.
    @inlinable package var isEmpty: Bool {
        head == slots.count
    }

    /// How many elements are waiting.
    @inlinable package var count: Int {
        slots.count - head
    }

    /// Adds `element` after every element already waiting.
    @inlinable package mutating func append(_ element: Element) {
        slots.append(element)
    }

    /// Removes and returns the element that has waited longest, or nil when empty.
    @inlinable package mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        if head == slots.count - 1 {
            // The last one waiting: taken off the end, which leaves no cleared slot to
            // destroy when nothing waited before it (the common case: one waits at a time).
            let element = slots.removeLast()
            if head > 0 {
                slots.removeAll(keepingCapacity: true)
                head = 0
            }
            return element
        }
        let element = slots[head].take()
        head += 1
        if head >= 64 && head * 2 >= slots.count {
            // Most of the storage is cleared slots: drop them (amortized O(1)).
            slots.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes and returns every waiting element, in order, for the caller to release
    /// outside its lock.
    @inlinable package mutating func removeAll() -> [Element] {
        let elements = slots[head...].compactMap { $0 }
        slots = []
        head = 0
        return elements
    }
}
