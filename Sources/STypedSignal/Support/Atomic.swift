import SignalSync

/// A value protected by a non-recursive lock: `with`, `tryWith`, `modify`, `swap`.
/// Shared with the untyped library; see `SignalSync.Atomic`.
public typealias Atomic<T> = SignalSync.Atomic<T>

/// Thrown by `Atomic.tryWith` when the lock is taken.
public typealias AtomicLockError = SignalSync.AtomicLockError
