/// Counts live registrations: `add()` returns 1, 2, 3, ... (never reused). Not
/// thread-safe.
public final class CounterBag {
    private var nextIndex = 1
    private var live = Set<Int>()

    /// Creates an empty counter bag.
    public init() {}

    /// Registers one more entry and returns its key.
    @discardableResult
    public func add() -> Int {
        let key = nextIndex
        nextIndex += 1
        live.insert(key)
        return key
    }

    /// Unregisters `index`; an unknown key is ignored.
    public func remove(_ index: Int) {
        live.remove(index)
    }

    /// True when nothing is registered.
    public var isEmpty: Bool {
        live.isEmpty
    }
}
