/// The per-subscription state of `distinctUntilChanged` (typed) and `ignoreRepeated`
/// (untyped): holds the `DistinctMachine` under a lock and runs the comparison unlocked.
///
/// `shouldPass(value)` says whether a value goes downstream: the first value does; a later
/// one does unless `isEqual(reference, value)` is true, where the reference is the latest
/// value that passed. `isEqual` runs outside the lock (it is the user's code); if another
/// value passed while it ran, the value is compared again with that newer reference.
/// Values that arrive concurrently are each compared with the latest value that passed;
/// in which order concurrent values that pass reach downstream is not defined (neither
/// original serializes `next` calls).
///
/// Inlinable (with its machine), so that the operators run it specialized for their
/// values: code not specialized for `Value` looks up the run-time metadata of the
/// machine's generic state and actions at every value (measured: see
/// Benchmarks/PERFORMANCE.md, "Run-time metadata lookups").
@usableFromInline
package final class DistinctEngine<Value>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; `isEqual` is immutable.
    @usableFromInline let state = LockedState(DistinctMachine<Value>())
    @usableFromInline let isEqual: (Value, Value) -> Bool

    /// An engine that compares with `isEqual(reference, newcomer)`.
    @inlinable
    package init(isEqual: @escaping (Value, Value) -> Bool) {
        self.isEqual = isEqual
    }

    /// Whether `value` passes (and becomes the reference).
    @inlinable
    package func shouldPass(_ value: Value) -> Bool {
        guard case .compare(var last, var version) = state.withLock({ $0.offer(value) }) else {
            return true  // the first value
        }
        while true {
            let repeated = isEqual(last, value)
            switch state.withLock({ $0.settle(value, repeated: repeated, version: version) }) {
            case .pass(let replaced):
                withExtendedLifetime(replaced) {}  // the old reference is released outside the lock
                return true
            case .drop:
                return false
            case .compare(let newer, let newerVersion):
                last = newer  // the reference compared before is released here, outside the lock
                version = newerVersion
            }
        }
    }
}
