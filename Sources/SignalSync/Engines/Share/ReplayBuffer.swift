/// The last `capacity` values of a shared source's run, oldest first: what `share(replay:)`
/// replays to a subscriber that joins the run.
///
/// A ring: once full, each append overwrites the oldest value in place (no allocation per
/// value). Not thread-safe: `ShareMachine` keeps it in its state, under the engine's lock.
@usableFromInline
package struct ReplayBuffer<Value> {
    /// How many values are kept (at least 1).
    @usableFromInline let capacity: Int
    /// The values; once `capacity` are stored, `oldest` is where the oldest is.
    @usableFromInline var storage: [Value] = []
    /// The index of the oldest value once the ring is full.
    @usableFromInline var oldest = 0

    /// An empty buffer keeping the last `capacity` values.
    @inlinable package init(capacity: Int) {
        precondition(capacity > 0, "ReplayBuffer: capacity \(capacity) is not positive")
        self.capacity = capacity
    }

    /// True when no value was appended.
    @inlinable package var isEmpty: Bool {
        storage.isEmpty
    }

    /// Keeps `value` as the newest, dropping the oldest when full.
    @inlinable package mutating func append(_ value: Value) {
        if storage.count < capacity {
            storage.append(value)
        } else {
            storage[oldest] = value
            oldest = oldest + 1 == capacity ? 0 : oldest + 1
        }
    }

    /// The kept values, oldest first.
    @inlinable package var values: [Value] {
        oldest == 0 ? storage : Array(storage[oldest...] + storage[..<oldest])
    }
}
