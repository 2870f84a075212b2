/// Thrown by `Atomic.tryWith` when the lock is already held.
public enum AtomicLockError: Error, Sendable {
    /// Another caller (possibly this very thread) holds the lock.
    case isLocked
}

/// A value guarded by a non-recursive lock.
///
/// Every closure runs while the lock is held, as in the original: this is the one
/// documented place where a user's closure runs under a lock of the library, and it is the
/// user's own lock (this `Atomic`'s, guarding only this value). Calling back into the same
/// `Atomic` from inside it dead-locks (use `tryWith` to detect that case); keep the
/// closures short and do not wait in them.
///
/// ```swift
/// let hits = Atomic(value: 0)
/// hits.modify { $0 + 1 }   // 1
/// hits.swap(10)            // returns 1
/// hits.with { $0 }         // 10
/// ```
public final class Atomic<T>: @unchecked Sendable {
    // Safety: `value` is only read or written while `mutex` is held. The methods are
    // inlinable, so that they run specialized where `T` is known (code not specialized
    // for it looks up `Optional<T>`'s metadata in `modify`, at every call).
    @usableFromInline let mutex = PosixLock()
    @usableFromInline var value: T

    /// Creates an atomic holding `value`.
    public init(value: T) {
        self.value = value
    }

    /// Runs `f` on the current value under the lock and returns its result.
    ///
    /// `f` runs holding this atomic's lock (the documented exception to "no user closure
    /// under a library lock": the lock is the user's own).
    @inlinable
    public func with<R>(_ f: (T) throws -> R) rethrows -> R {
        try mutex.withLock { try f(value) }
    }

    /// Like `with`, but throws `AtomicLockError.isLocked` instead of waiting when the
    /// lock is taken.
    public func tryWith<R>(_ f: (T) -> R) throws -> R {
        guard let result = mutex.withLockIfAvailable({ f(value) }) else { throw AtomicLockError.isLocked }
        return result
    }

    /// Replaces the value with `f(value)` under the lock and returns the new value.
    /// `f` runs holding the lock (as for `with`); the old value is released after the
    /// lock, before `modify` returns.
    @inlinable @discardableResult
    public func modify(_ f: (T) throws -> T) rethrows -> T {
        var previous: T?
        let updated = try mutex.withLock {
            let updated = try f(value)
            previous = value
            value = updated
            return updated
        }
        withExtendedLifetime(previous) {}  // the old value goes here, outside the lock
        return updated
    }

    /// Stores `value` and returns the previous one.
    @inlinable @discardableResult
    public func swap(_ value: T) -> T {
        mutex.withLock {
            let previous = self.value
            self.value = value
            return previous
        }
    }
}
