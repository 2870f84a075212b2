#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock that the thread holding it may take again.
///
/// Each `lock()` must be matched by an `unlock()` on the same thread; other threads
/// wait until the count drops to zero. Used where a closure run under the lock may
/// legitimately come back to the same lock (`SAtomic(recursive: true)`).
public struct RecursivePosixLock: ~Copyable, @unchecked Sendable {
    // Safety: as for `PosixLock`; the attribute makes re-entry on one thread legal.
    @usableFromInline let handle: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked recursive mutex.
    public init() {
        handle = .allocate(capacity: 1)
        handle.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(handle, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(handle)
        handle.deinitialize(count: 1)
        handle.deallocate()
    }

    /// Blocks until the lock is taken (at once if this thread already holds it).
    @inlinable @inline(__always)
    public borrowing func lock() { pthread_mutex_lock(handle) }

    /// Releases one level of the lock.
    @inlinable @inline(__always)
    public borrowing func unlock() { pthread_mutex_unlock(handle) }

    /// Runs `body` holding the lock; `body` may take the same lock again.
    @inlinable @inline(__always)
    public borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(handle)
        defer { pthread_mutex_unlock(handle) }
        return try body()
    }
}
