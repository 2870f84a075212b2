import SignalSyncStack

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex for state that a `LockedState` value does not fit: a lock waited on
/// with a condition variable (`WorkerPool`), a lock held around a user closure by design
/// (`Atomic.with`, `SAtomic(recursive:)`, the `serialized()` gate).
///
/// The mutex lives on the heap and is reached through a pointer, so taking it from a
/// class's `let` property pays no dynamic exclusivity check, and ThreadSanitizer sees
/// every acquire and release. A plain lock dead-locks when its holder takes it again; a
/// recursive one (`PosixLock(recursive: true)`) lets the holding thread re-enter, which
/// `SAtomic(recursive: true)` promises and the `serialized()` gate needs (a callback may
/// push or end on its own thread while its delivery holds the gate).
///
/// `withLock` is the only way to take it, so no early return or throw can leave it held.
///
/// ```swift
/// final class Counter {
///     private let mutex = PosixLock()
///     private var count = 0
///     func increment() -> Int { mutex.withLock { count += 1; return count } }
/// }
/// ```
@usableFromInline
package struct PosixLock: ~Copyable, @unchecked Sendable {
    // Safety: pthread mutexes are made to be shared between threads; the pointer
    // never changes after init and is freed only in deinit.
    @usableFromInline let handle: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex; `recursive` lets the thread holding it take it again
    /// (each `withLock` still releases one level).
    package init(recursive: Bool = false) {
        handle = .allocate(capacity: 1)
        handle.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        pthread_mutex_init(handle, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(handle)
        handle.deinitialize(count: 1)
        handle.deallocate()
    }

    /// Runs `body` holding the lock and returns its result; the lock is released even
    /// when `body` throws.
    @inlinable @inline(__always)
    package borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lockMutex(handle)
        defer { pthread_mutex_unlock(handle) }
        return try body()
    }

    /// Runs `body` holding the lock if the lock is free and returns its result; returns
    /// nil at once, without running `body`, when another holder has it (for a plain
    /// lock, the calling thread included).
    @inlinable @inline(__always)
    package borrowing func withLockIfAvailable<R>(_ body: () throws -> R) rethrows -> R? {
        guard pthread_mutex_trylock(handle) == 0 else { return nil }
        defer { pthread_mutex_unlock(handle) }
        return try body()
    }
}

// Safety: `mutex` is an initialized mutex that outlives the call (a `PosixLock`'s or a
// `LockedState`'s, freed only in their deinit); pinned by LockedStateTests and PosixLockTests.
/// Takes `mutex`, waiting while another thread holds it: what every lock of SignalSync
/// does. In the interleaving build (`SignalSyncInterleaving.h`) it is a point, then tries
/// until it gets the mutex, telling the scheduler it waits each time it is held: a thread
/// the scheduler stopped may hold it, and only the scheduler can run that thread.
@inlinable @inline(__always)
package func lockMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    #if SIGNALSYNC_INTERLEAVING
        signalsync_interleaving_point()
        while pthread_mutex_trylock(mutex) != 0 {
            signalsync_interleaving_wait()
        }
    #else
        pthread_mutex_lock(mutex)
    #endif
}
