/// Thrown by `Atomic.tryWith` when the lock is already held.
public enum AtomicLockError: Error, Sendable {
    /// Another caller (possibly this very thread) holds the lock.
    case isLocked
}

/// A value guarded by a non-recursive lock.
///
/// Every closure runs while the lock is held: calling back into the same `Atomic` from
/// inside it dead-locks (use `tryWith` to detect that case).
///
/// ```swift
/// let hits = Atomic(value: 0)
/// hits.modify { $0 + 1 }   // 1
/// hits.swap(10)            // returns 1
/// hits.with { $0 }         // 10
/// ```
public final class Atomic<T>: @unchecked Sendable {
    // Safety: `value` is only read or written while `mutex` is held.
    private let mutex = PosixLock()
    private var value: T

    /// Creates an atomic holding `value`.
    public init(value: T) {
        self.value = value
    }

    /// Runs `f` on the current value under the lock and returns its result.
    public func with<R>(_ f: (T) throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try f(value)
    }

    /// Like `with`, but throws `AtomicLockError.isLocked` instead of waiting when the
    /// lock is taken.
    public func tryWith<R>(_ f: (T) -> R) throws -> R {
        guard mutex.tryLock() else { throw AtomicLockError.isLocked }
        defer { mutex.unlock() }
        return f(value)
    }

    /// Replaces the value with `f(value)` under the lock and returns the new value.
    /// The old value is released before `modify` returns.
    @discardableResult
    public func modify(_ f: (T) throws -> T) rethrows -> T {
        mutex.lock()
        defer { mutex.unlock() }
        value = try f(value)
        return value
    }

    /// Stores `value` and returns the previous one.
    @discardableResult
    public func swap(_ value: T) -> T {
        mutex.lock()
        defer { mutex.unlock() }
        let previous = self.value
        self.value = value
        return previous
    }
}
