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
/// move, so `PosixLock` and `LockedState` put it in a heap block of its own; for the
/// subscription core that is one more malloc/free per subscription (Benchmarks S2
/// counts allocations per subscription). Measured with `Benchmarks/instructions.sh S2`
/// (see the SignalSync catalog, "Locks"): the core on a `PosixLock` costs more
/// instructions and one more allocation per subscription than on this lock. A waiting
/// thread yields instead of sleeping, so it must never be held around a call out of the
/// library, nor for more than a few instructions. Built on `Synchronization.Atomic` with
/// acquire/release ordering, which ThreadSanitizer sees.
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
