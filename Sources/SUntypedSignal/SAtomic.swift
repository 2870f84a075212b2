import SignalSync

/// An untyped value guarded by a lock.
///
/// `modify` and `with` run their closure while the lock is held (as in the original):
/// with the default, non-recursive lock, calling back into the same `SAtomic` from that
/// closure dead-locks; create it with `recursive: true` to allow re-entry on the same
/// thread. Other threads always wait.
///
/// ```swift
/// let counter = SAtomic(value: 0)
/// counter.modify { ($0 as! Int) + 1 }   // 1
/// counter.swap(10)                      // returns 1
/// counter.value                         // 10
/// ```
public final class SAtomic: @unchecked Sendable {
    // Safety: `storage` is read and written only while holding whichever of the two
    // locks exists (exactly one is non-nil, fixed at init).
    private let plainMutex: PosixLock?
    private let recursiveMutex: RecursivePosixLock?
    private var storage: Any?

    /// True when the lock may be re-entered by the thread holding it.
    public let isRecursive: Bool

    /// Creates an atomic holding `value`; `recursive` selects a lock that the holding
    /// thread may take again.
    public init(value: Any?, recursive: Bool = false) {
        storage = value
        isRecursive = recursive
        if recursive {
            plainMutex = nil
            recursiveMutex = RecursivePosixLock()
        } else {
            plainMutex = PosixLock()
            recursiveMutex = nil
        }
    }

    @inline(__always)
    private func lock() {
        plainMutex?.lock()
        recursiveMutex?.lock()
    }

    @inline(__always)
    private func unlock() {
        plainMutex?.unlock()
        recursiveMutex?.unlock()
    }

    /// Stores `newValue` and returns the previous value.
    @discardableResult
    public func swap(_ newValue: Any?) -> Any? {
        lock()
        let previous = storage
        storage = newValue
        unlock()
        return previous
    }

    /// The current value.
    public var value: Any? {
        lock()
        defer { unlock() }
        return storage
    }

    /// Replaces the value with `f(value)`, running `f` under the lock, and returns the
    /// new value.
    @discardableResult
    public func modify(_ f: (Any?) -> Any?) -> Any? {
        lock()
        let previous = storage
        storage = f(previous)
        let updated = storage
        unlock()
        withExtendedLifetime(previous) {}  // the old value is released outside the lock
        return updated
    }

    /// Runs `f(value)` under the lock and returns its result; the stored value is not
    /// replaced (useful to read or mutate reference-typed contents in place).
    @discardableResult
    public func with(_ f: (Any?) -> Any?) -> Any? {
        lock()
        defer { unlock() }
        return f(storage)
    }
}
