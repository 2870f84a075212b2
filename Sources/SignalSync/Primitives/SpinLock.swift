import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock stored inline, for critical sections of a few instructions on rarely contended
/// paths: the lock of `SubscriptionCore`'s rare state (references, flags).
///
/// Why it exists next to `PosixLock`: it needs no allocation. A pthread mutex must not
/// move, so `PosixLock` and `LockedState` put it in a heap block of its own, which for the
/// subscription core is one more malloc/free (and mutex init/destroy) per subscription.
/// Measured with `Benchmarks/instructions.sh S2` (callgrind, instructions per
/// subscription): the core on this lock 6954 typed / 7646 untyped, on a `PosixLock`
/// 8312 / 9552 (+20% / +25%), plus the mutex block's allocation per subscription. A
/// waiting thread yields instead of sleeping, so it must never be held around a call out
/// of the library, nor for more than a few instructions. Built on
/// `Synchronization.Atomic` with acquire/release ordering, which ThreadSanitizer sees.
public struct SpinLock: ~Copyable, @unchecked Sendable {
    // Safety: the flag is atomic; acquire on taking and release on giving back order the
    // guarded accesses.
    @usableFromInline let locked = Synchronization.Atomic<Bool>(false)

    /// Creates an unlocked spin lock.
    @inlinable
    public init() {}

    /// Runs `body` holding the lock (spinning, yielding the processor, while another
    /// thread holds it); the lock is released even when `body` throws.
    @inlinable @inline(__always)
    public borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        while !locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            sched_yield()
        }
        defer { locked.store(false, ordering: .releasing) }
        return try body()
    }
}
