import SignalSync

/// A non-recursive lock with closure-scoped locking.
public final class Lock: @unchecked Sendable {
    // Safety: a pthread mutex, shared by design.
    private let mutex = PosixLock()

    /// Creates an unlocked lock.
    public init() {}

    /// Runs `f` holding the lock. Taking the same lock inside `f` dead-locks.
    public func locked(_ f: () -> ()) {
        mutex.withLock(f)
    }

    /// Runs `f` holding the lock; if `f` throws, the lock is released and the error
    /// rethrown.
    public func throwingLocked(_ f: () throws -> Void) throws {
        try mutex.withLock(f)
    }
}
