import SignalSync

/// A value that threads of a test read and change, with the calls of the standard library's
/// `Synchronization.Atomic` (which needs macOS 15 / iOS 18, above the package's floor) over
/// SignalSync's lock: the orderings are accepted and exceeded (a lock orders everything).
public final class TestAtomic<Value>: @unchecked Sendable {
    // Safety: every access goes through `atomic`, which locks.
    private let atomic: Atomic<Value>

    /// How a call orders memory; any ordering is met, since every call takes a lock.
    public enum Ordering: Sendable {
        /// No ordering beyond the value itself.
        case relaxed
        /// Later accesses stay after a load.
        case acquiring
        /// Earlier accesses stay before a store.
        case releasing
        /// Both.
        case acquiringAndReleasing
        /// One total order of all such calls.
        case sequentiallyConsistent
    }

    /// Holds `value`.
    public init(_ value: Value) {
        atomic = Atomic(value: value)
    }

    /// The current value.
    public func load(ordering: Ordering) -> Value {
        atomic.with { $0 }
    }

    /// Replaces the value.
    public func store(_ value: Value, ordering: Ordering) {
        _ = atomic.swap(value)
    }
}

extension TestAtomic where Value: FixedWidthInteger {
    /// Adds `operand`, wrapping on overflow; the values before and after.
    @discardableResult
    public func wrappingAdd(_ operand: Value, ordering: Ordering) -> (oldValue: Value, newValue: Value) {
        update(ordering: ordering) { $0 &+ operand }
    }

    /// Adds `operand`; the values before and after.
    @discardableResult
    public func add(_ operand: Value, ordering: Ordering) -> (oldValue: Value, newValue: Value) {
        update(ordering: ordering) { $0 + operand }
    }

    /// Subtracts `operand`; the values before and after.
    @discardableResult
    public func subtract(_ operand: Value, ordering: Ordering) -> (oldValue: Value, newValue: Value) {
        update(ordering: ordering) { $0 - operand }
    }

    /// Replaces the value with `change(value)`; the values before and after.
    private func update(ordering: Ordering, _ change: (Value) -> Value) -> (oldValue: Value, newValue: Value) {
        var old = Value.zero
        let new = atomic.modify { value in
            old = value
            return change(value)
        }
        return (old, new)
    }
}
