#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A non-recursive mutual-exclusion lock.
///
/// The pthread mutex lives on the heap and is reached through a pointer, so taking it
/// from a class's `let` property pays no dynamic exclusivity check, and ThreadSanitizer
/// sees every acquire and release. Locking it twice on one thread dead-locks.
///
/// ```swift
/// final class Counter {
///     private let mutex = PosixLock()
///     private var count = 0
///     func increment() -> Int { mutex.withLock { count += 1; return count } }
/// }
/// ```
public struct PosixLock: ~Copyable, @unchecked Sendable {
    // Safety: pthread mutexes are made to be shared between threads; the pointer
    // never changes after init and is freed only in deinit.
    @usableFromInline let handle: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex.
    public init() {
        handle = .allocate(capacity: 1)
        handle.initialize(to: pthread_mutex_t())
        pthread_mutex_init(handle, nil)
    }

    deinit {
        pthread_mutex_destroy(handle)
        handle.deinitialize(count: 1)
        handle.deallocate()
    }

    /// Blocks until the lock is taken.
    @inlinable @inline(__always)
    public borrowing func lock() { pthread_mutex_lock(handle) }

    /// Releases the lock; the calling thread must hold it.
    @inlinable @inline(__always)
    public borrowing func unlock() { pthread_mutex_unlock(handle) }

    /// Takes the lock if it is free and returns true; returns false at once otherwise.
    @inlinable @inline(__always)
    public borrowing func tryLock() -> Bool { pthread_mutex_trylock(handle) == 0 }

    /// Runs `body` holding the lock and returns its result; the lock is released even
    /// when `body` throws.
    @inlinable @inline(__always)
    public borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(handle)
        defer { pthread_mutex_unlock(handle) }
        return try body()
    }
}
