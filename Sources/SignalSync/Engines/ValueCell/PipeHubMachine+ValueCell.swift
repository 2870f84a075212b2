/// The transitions a value cell adds to the hub's: its value can be read, cleared, and
/// replaced only if no push came in between (for `ignoreRepeated`, whose comparison runs
/// outside the lock).
extension PipeHubMachine {
    /// The value replayed now (nil when there is none) and the number of pushes so far.
    @inlinable package var current: (value: Value?, sequence: Int) {
        guard case .holding(let value) = state else { return (nil, sequence) }
        return (value, sequence)
    }

    /// Stops replaying; returns the value that was replayed (to release outside the lock).
    /// Subscribers are not told, and values already left for them stay.
    @inlinable package mutating func clear() -> Value? {
        guard case .holding(let value) = state else { return nil }
        state = .empty
        return value
    }

    /// `push(value)` when no push was recorded since `sequence` was read; nil otherwise.
    @inlinable package mutating func push(_ value: Value, ifSequence expected: Int) -> PushAction? {
        sequence == expected ? push(value) : nil
    }
}
