/// A first-in, first-out list with O(1) amortized `append` and `popFirst`.
///
/// Not thread-safe: its owner guards it with its own lock.
struct FIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool {
        head == storage.count
    }

    var count: Int {
        storage.count - head
    }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes and returns every element, in order.
    mutating func removeAll() -> [Element] {
        let elements = Array(storage[head...])
        storage.removeAll()
        head = 0
        return elements
    }
}
