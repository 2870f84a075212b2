import SignalSyncStack

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spin lock on a one-byte flag stored elsewhere, at a stable address: the lock of
/// `SubscriptionCore`'s rare state (references, flags), whose flag sits in the core's own
/// storage. For critical sections of a few instructions on rarely contended paths: a
/// waiting thread yields instead of sleeping, so it must never be held around a call out
/// of the library, nor for more than a few instructions. Built on the library's C11
/// atomics with acquire/release ordering, which ThreadSanitizer sees.
///
/// Why the core uses it rather than `PosixLock`: it needs no allocation. A pthread mutex
/// must not move, so `PosixLock` and `LockedState` put it in a heap block of its own, which
/// for the subscription core is one more malloc/free (and mutex init/destroy) per
/// subscription, a large share of a subscription's cost (measured with
/// `Benchmarks/instructions.sh S2`, instructions per subscription).
@usableFromInline
package struct SpinLockView: Sendable {
    /// The flag: true while a thread holds the lock.
    @usableFromInline let locked: AtomicBoolView

    /// The lock whose flag is `locked` (false when unlocked).
    @usableFromInline @_transparent
    package init(_ locked: AtomicBoolView) {
        self.locked = locked
    }

    /// Runs `body` holding the lock (spinning, yielding the processor, while another
    /// thread holds it); the lock is released even when `body` throws.
    @inlinable @inline(__always)
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        while !locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            #if SIGNALSYNC_INTERLEAVING
                signalsync_interleaving_wait()  // the holder runs only when the scheduler says so
            #else
                sched_yield()
            #endif
        }
        defer { locked.store(false, ordering: .releasing) }
        return try body()
    }
}
