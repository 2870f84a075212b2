import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny lock for critical sections of a few instructions on rarely contended paths.
///
/// It lives inline (no allocation, unlike `PosixLock`), so a per-subscription object can
/// afford one; a waiting thread yields instead of sleeping. Built on
/// `Synchronization.Atomic` with acquire/release ordering, which ThreadSanitizer sees.
/// Never hold it around a call to user code.
public struct SpinLock: ~Copyable, @unchecked Sendable {
    // Safety: the flag is atomic; acquire on lock and release on unlock order the
    // guarded accesses.
    @usableFromInline let locked = Synchronization.Atomic<Bool>(false)

    /// Creates an unlocked spin lock.
    @inlinable
    public init() {}

    /// Takes the lock, yielding the processor while another thread holds it.
    @inlinable @inline(__always)
    public borrowing func lock() {
        while !locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            sched_yield()
        }
    }

    /// Releases the lock.
    @inlinable @inline(__always)
    public borrowing func unlock() {
        locked.store(false, ordering: .releasing)
    }

    /// Runs `body` holding the lock.
    @inlinable @inline(__always)
    public borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
