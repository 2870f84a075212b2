import SignalSyncStack

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps deep synchronous work from overflowing a thread's stack.
///
/// Subscribing runs generators inside generators: a chain of a hundred thousand operators,
/// or a `then(deferred { ... })` recursion that deep, nests that many calls. Where the
/// calling thread's stack is close to its end, the work continues on a fresh thread with a
/// stack of its own while the calling thread waits for it, so the call stays synchronous and its
/// cost stays linear in the depth. Below that depth nothing changes.
///
/// On the fresh thread the code runs as it would have on the caller, with one difference:
/// it is another thread, so whatever is keyed by thread (a queue's "is current", a lock the
/// waiting caller holds) sees that thread. The caller holds no library lock while it waits.
/// The main queue's work never moves: there a stack about to run out stops the program
/// with a message that says so.
@usableFromInline
package enum StackGuard {
    /// The stack reserved below the guard point: room for the frames between two guard
    /// points and for user code run from them. A quarter of a small stack, at most this.
    static let maximumReserve = 256 << 10

    /// The stack size of the threads that continue deep work: the usual main-thread size.
    /// (Larger stacks mean fewer threads, but ThreadSanitizer's per-thread record of the
    /// call stack holds a fixed number of frames, which a larger stack can exceed.)
    static let freshStackSize = 8 << 20

    /// True when the caller is close to the end of its thread's stack and should go on
    /// with `onFreshStack`. One thread-local load and a comparison; the first call on a
    /// thread also computes that thread's floor.
    @inlinable @inline(__always)
    package static var isLow: Bool {
        signalsync_stack_is_low() != 0 && confirmLow()
    }

    /// The slow path of `isLow`: computes the floor on a thread's first check.
    @usableFromInline @inline(never)
    static func confirmLow() -> Bool {
        if signalsync_get_stack_floor() == UInt.max {
            signalsync_set_stack_floor(floorOfCurrentThread())
            return signalsync_stack_is_low() != 0
        }
        return true
    }

    /// The lowest address of this thread's stack that work may reach before it moves to a
    /// fresh stack: the stack's low end plus the reserve. Zero when the bounds are unknown
    /// (then the guard never moves work).
    static func floorOfCurrentThread() -> UInt {
        guard let (low, size) = currentStackBounds(), size > 0 else { return 0 }
        return low + UInt(min(maximumReserve, size / 4))
    }

    /// For a `deinit` whose field may hold a long chain (a signal holding its upstream or
    /// its value, which hold others): when this thread's stack is nearly used up, takes
    /// what `field` holds and releases it on a fresh stack, so the chain's nested releases
    /// go on there; otherwise leaves it to the usual release.
    @inlinable @inline(__always)
    package static func releaseFromFreshStackWhenLow<Held>(_ field: inout Held?) {
        guard isLow else { return }
        var released = field.take()
        onFreshStack { released = nil }
        withExtendedLifetime(released) {}
    }

    /// Runs `body` on a new thread with a `freshStackSize` stack and returns its result;
    /// the calling thread waits until it has returned.
    ///
    /// Never from the main queue: its work must stay on it (a `deliverOn(mainQueue)`
    /// subscriber was promised the main thread), so there a stack about to run out stops
    /// the program with a message instead (`mainQueueStackExhausted`).
    @usableFromInline
    package static func onFreshStack<Result>(_ body: () -> Result) -> Result {
        if ExecutionQueue.main.isCurrent {
            mainQueueStackExhausted()
        }
        return withoutActuallyEscaping(body) { body in
            // Safety: the job goes to exactly one thread, which this one joins before
            // reading `result`; the join orders the two threads' accesses.
            var result: Result?
            let job = FreshStackJob { result = body() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, freshStackSize)
            defer { pthread_attr_destroy(&attributes) }
            // Safety: one reference handed to the new thread, which `runFreshStackJob` takes
            // back exactly once (a failed `pthread_create` stops the program). Pinned by
            // StackGuardTests.testOnFreshStackRunsOnAnotherThreadAndWaitsForIt and
            // testRecursionFarBeyondTheStackCompletesThroughFreshStacks (leak-checked).
            let context = Unmanaged.passRetained(job).toOpaque()
            #if canImport(Darwin)
                var thread: pthread_t?
                let created = pthread_create(&thread, &attributes, runFreshStackJob, context)
                guard created == 0, let thread else { fatalError("StackGuard: no thread for deep work (\(created))") }
            #else
                var thread = pthread_t()
                let created = pthread_create(&thread, &attributes, runFreshStackJob, context)
                guard created == 0 else { fatalError("StackGuard: no thread for deep work (\(created))") }
            #endif
            pthread_join(thread, nil)
            guard let result else { fatalError("StackGuard: the fresh thread left no result") }
            return result
        }
    }

    /// Stops the program: the main queue's stack is nearly used up. Moving the work to a
    /// fresh stack would move it off the main queue, which promises its work the main
    /// thread; a crash that names the cause is better than a broken promise.
    static func mainQueueStackExhausted() -> Never {
        let starting = signalsync_generation_scope_of_thread().pointee.count
        fatalError(
            "StackGuard: the main queue's stack is nearly used up by a synchronous chain of signals too deep for it "
                + "(\(starting) subscriptions being started on this thread); it cannot go on on a fresh stack, which "
                + "would leave the main queue. Make the chain shorter, or run its deep part on another queue "
                + "(runOn, or deliverOn before the deep part) and deliver the result to the main queue."
        )
    }

    /// The low address and size of the calling thread's stack.
    private static func currentStackBounds() -> (low: UInt, size: Int)? {
        var low: UInt = 0
        var size = 0
        guard signalsync_current_stack_bounds(&low, &size) != 0 else { return nil }
        return (low, size)
    }
}

/// The work a fresh-stack thread runs.
private final class FreshStackJob {
    let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
    }
}

#if canImport(Darwin)
    // Safety: `context` is the reference `onFreshStack` retained for this thread, taken
    // back once here (see there); the pointer types are pthread's.
    private func runFreshStackJob(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        // Safety: see above.
        Unmanaged<FreshStackJob>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
#else
    // Safety: `context` is the reference `onFreshStack` retained for this thread, taken
    // back once here (see there); the pointer types are pthread's.
    private func runFreshStackJob(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        // Safety: see above.
        Unmanaged<FreshStackJob>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
#endif
