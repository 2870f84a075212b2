import SignalSync

/// An untyped value guarded by a lock.
///
/// `modify` and `with` run their closure while the lock is held (as in the original): this
/// is the documented exception to "no user closure under a library lock", and the lock is
/// the user's own (this `SAtomic`'s, guarding only this value). With the default,
/// non-recursive lock, calling back into the same `SAtomic` from that closure dead-locks;
/// create it with `recursive: true` to allow re-entry on the same thread. Other threads
/// always wait.
///
/// ```swift
/// let counter = SAtomic(value: 0)
/// counter.modify { ($0 as! Int) + 1 }   // 1
/// counter.swap(10)                      // returns 1
/// counter.value                         // 10
/// ```
public final class SAtomic: @unchecked Sendable {
    // Safety: `storage` is read and written only inside `mutex.withLock`.
    private let mutex: PosixLock
    private var storage: Any?

    /// True when the lock may be re-entered by the thread holding it.
    public let isRecursive: Bool

    /// Creates an atomic holding `value`; `recursive` selects a lock that the holding
    /// thread may take again.
    public init(value: Any?, recursive: Bool = false) {
        storage = value
        isRecursive = recursive
        mutex = PosixLock(recursive: recursive)
    }

    /// Stores `newValue` and returns the previous value.
    @discardableResult
    public func swap(_ newValue: Any?) -> Any? {
        mutex.withLock {
            let previous = storage
            storage = newValue
            return previous
        }
    }

    /// The current value.
    public var value: Any? {
        mutex.withLock { storage }
    }

    /// Replaces the value with `f(value)`, running `f` under the lock (the user's own
    /// lock, see the type's note), and returns the new value.
    @discardableResult
    public func modify(_ f: (Any?) -> Any?) -> Any? {
        var previous: Any?
        let updated = mutex.withLock {
            previous = storage
            let updated = f(previous)
            storage = updated
            return updated
        }
        withExtendedLifetime(previous) {}  // the old value is released outside the lock
        return updated
    }

    /// Runs `f(value)` under the lock (the user's own lock, see the type's note) and
    /// returns its result; the stored value is not replaced (useful to read or mutate
    /// reference-typed contents in place).
    @discardableResult
    public func with(_ f: (Any?) -> Any?) -> Any? {
        mutex.withLock { f(storage) }
    }
}
