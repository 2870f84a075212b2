#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that only a lock holder may read or change: the one locked-state primitive
/// of the engines.
///
/// An engine keeps its state machine in a `LockedState` and changes it only through
/// `withLock`, whose body gets the state `inout` and returns what to do next. The body
/// must not call out (no user closure, no downstream event): the caller performs the
/// returned action after the lock is released. So no engine writes a lock/unlock pair
/// by hand, and an early return can never leave the lock held.
///
/// The lock and the state share one heap block reached through a pointer: one
/// allocation, no dynamic exclusivity check when the `LockedState` is a `let` of a
/// class, and ThreadSanitizer sees every acquire and release (a pthread mutex).
///
/// ```swift
/// final class Gate {
///     private let state = LockedState(false)
///     /// True for the first caller only.
///     func open() -> Bool {
///         state.withLock { isOpen in
///             defer { isOpen = true }
///             return !isOpen
///         }
///     }
/// }
/// ```
@usableFromInline
package struct LockedState<State>: ~Copyable, @unchecked Sendable {
    // Safety: the state is reached only through `withLock`, under the mutex; the
    // pointer never changes after init and is freed only in deinit.
    /// The block: the mutex, then the state at `stateOffset`. (The state's address is
    /// computed, not stored: one word less in every object that embeds a lock.)
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>

    /// Where the state starts in the block: after the mutex, at the state's alignment.
    @inlinable
    static var stateOffset: Int {
        let mutexSize = MemoryLayout<pthread_mutex_t>.stride
        let alignment = MemoryLayout<State>.alignment
        return (mutexSize + alignment - 1) / alignment * alignment
    }

    // Safety: `init` initialized the state at this address of the block (see there).
    /// The state, in the block after the mutex.
    @inlinable
    var state: UnsafeMutablePointer<State> {
        (UnsafeMutableRawPointer(lock) + Self.stateOffset).assumingMemoryBound(to: State.self)
    }

    /// Creates an unlocked lock guarding `initial`.
    @usableFromInline package init(_ initial: consuming State) {
        // Safety: one block, large and aligned enough for the mutex and then the state at
        // `stateOffset`; both are initialized here and destroyed once, in `deinit` (the
        // value is not copyable). Pinned by LockedStateTests.testStateWiderThanTheMutexAlignmentIsStoredIntact
        // and testTheStateIsReleasedWithTheLockedState.
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: Self.stateOffset + MemoryLayout<State>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<State>.alignment)
        )
        lock = block.initializeMemory(as: pthread_mutex_t.self, repeating: pthread_mutex_t(), count: 1)
        pthread_mutex_init(lock, nil)
        (block + Self.stateOffset).initializeMemory(as: State.self, to: initial)
    }

    deinit {
        state.deinitialize(count: 1)
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
        // Safety: `lock` is the start of the block `init` allocated (see there).
        UnsafeMutableRawPointer(lock).deallocate()
    }

    /// Runs `body` on the state while holding the lock and returns its result (for an
    /// engine, the action to perform once unlocked). The lock is released even when
    /// `body` throws. Calling `withLock` again from `body` dead-locks.
    @inlinable @inline(__always)
    package borrowing func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lockMutex(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&state.pointee)
    }
}
