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
/// calling thread's stack is close to its end, the work continues on a fresh stack of the
/// same thread (a switch of the stack pointer, in SignalSyncStack's `FreshStack.c`) and
/// comes back when it returns, so the call stays synchronous and its cost stays linear in
/// the depth. Below that depth nothing changes.
///
/// On the fresh stack the code runs exactly as it would have on the caller's stack: it is
/// the same thread, so the main thread stays the main thread, the main queue stays current,
/// main-actor isolation holds, every thread-local (a queue's "is current", the generation
/// scope, a pipe's delivery frame) is the caller's, and so are the locks it holds. Fresh
/// stacks nest: work that fills one goes on on another. Each has an inaccessible guard
/// region below it, and a thread keeps the last two it used (they are unmapped when it
/// exits), so a loop that keeps crossing the guard point maps nothing after its first
/// crossing.
///
/// Platforms: the switch exists for x86_64 and arm64 on Linux, Android and Apple systems.
/// Elsewhere (32-bit ARM and arm64_32 on watchOS, RISC-V, Windows, ...) the work continues
/// on a fresh thread instead, which the caller waits for; there the main queue's work never
/// moves, and a main-queue stack about to run out stops the program with a message.
@usableFromInline
package enum StackGuard {
    /// The stack reserved below the guard point: room for the frames between two guard
    /// points and for user code run from them. A quarter of a small stack, at most this.
    static let maximumReserve = 256 << 10

    /// The size of the fresh stacks that deep work continues on: 8 MiB, the usual main-thread
    /// size. Under ThreadSanitizer 1 MiB: it records the call stack of each stack (one fiber
    /// per fresh stack) and copies it again and again as it runs, so its cost per event
    /// grows with the frames on the current stack (a 10,000-level `then` recursion on the
    /// main thread took 17 s with 8 MiB stacks, 4.5 s with 1 MiB ones); there a thread's own
    /// stack is used down to this size only, too.
    static let freshStackSize = signalsync_thread_sanitizer != 0 ? 1 << 20 : 8 << 20

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
    /// fresh stack: the stack's low end plus the reserve (under ThreadSanitizer, at most
    /// `freshStackSize` below its top). Zero when the bounds are unknown (then the guard
    /// never moves work).
    static func floorOfCurrentThread() -> UInt {
        guard let (low, size) = currentStackBounds(), size > 0 else { return 0 }
        let floor = low + UInt(reserve(ofStackOf: size))
        if signalsync_thread_sanitizer != 0, size > freshStackSize {
            return max(floor, low + UInt(size - freshStackSize))
        }
        return floor
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

    #if (os(Linux) || os(Android) || canImport(Darwin)) && (arch(x86_64) || arch(arm64))
        /// Runs `body` on a fresh `freshStackSize` stack of the calling thread and returns its
        /// result: the same thread, so thread identity, queues and thread-locals are the
        /// caller's. While `body` runs, `isLow` measures against the fresh stack (its low end
        /// plus the reserve); afterwards against the caller's again.
        @usableFromInline
        package static func onFreshStack<Result>(_ body: () -> Result) -> Result {
            withoutActuallyEscaping(body) { body in
                var result: Result?
                var work: () -> Void = { result = body() }
                // Safety: `work` outlives the call, which runs it once on this thread and
                // returns only after it has returned (`signalsync_run_on_fresh_stack`); the
                // pointer is used only inside it. Pinned by
                // StackGuardTests.testOnFreshStackRunsOnTheSameThreadAndReturnsTheResult and
                // testFreshStacksNestAndRestoreTheFloor.
                withUnsafeMutablePointer(to: &work) { work in
                    signalsync_run_on_fresh_stack(freshStackSize, reserve(ofStackOf: freshStackSize), runFreshStackWork, work)
                }
                guard let result else { fatalError("StackGuard: the fresh stack left no result") }
                return result
            }
        }
    #else
        /// Runs `body` on a new thread with a `freshStackSize` stack and returns its result;
        /// the calling thread waits until it has returned. (Only on a platform without a
        /// stack switch: see the type's comment.)
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
                // back exactly once (a failed `pthread_create` stops the program). Pinned, on
                // the platforms with a stack switch, by nothing: this branch is built only
                // without one (see the type's comment).
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
        /// fresh thread would move it off the main queue, which promises its work the main
        /// thread; a crash that names the cause is better than a broken promise.
        static func mainQueueStackExhausted() -> Never {
            let starting = signalsync_generation_scope_of_thread().pointee.count
            fatalError(
                "StackGuard: the main queue's stack is nearly used up by a synchronous chain of signals too deep for it "
                    + "(\(starting) subscriptions being started on this thread); on this platform it cannot go on on a "
                    + "fresh stack of the same thread. Make the chain shorter, or run its deep part on another queue "
                    + "(runOn, or deliverOn before the deep part) and deliver the result to the main queue."
            )
        }
    #endif

    /// How many fresh stacks the caller runs on, one inside the other (0 on its thread's own
    /// stack; on a platform without the stack switch, always 0): for tests.
    package static var freshStacksInUse: Int {
        #if (os(Linux) || os(Android) || canImport(Darwin)) && (arch(x86_64) || arch(arm64))
            Int(signalsync_fresh_stacks_in_use())
        #else
            0
        #endif
    }

    /// The stack a thread's deep work keeps free below its floor, for a stack of `size`
    /// bytes: a quarter of it, at most `maximumReserve`.
    static func reserve(ofStackOf size: Int) -> Int {
        min(maximumReserve, size / 4)
    }

    /// The low address and size of the calling thread's stack.
    private static func currentStackBounds() -> (low: UInt, size: Int)? {
        var low: UInt = 0
        var size = 0
        guard signalsync_current_stack_bounds(&low, &size) != 0 else { return nil }
        return (low, size)
    }
}

#if (os(Linux) || os(Android) || canImport(Darwin)) && (arch(x86_64) || arch(arm64))
    // Safety: `context` is the pointer to the `() -> Void` that `onFreshStack` passed, alive
    // and initialized for the whole call (see there).
    /// The function the fresh stack runs: the work `onFreshStack` handed over.
    private func runFreshStackWork(_ context: UnsafeMutableRawPointer?) {
        // Safety: as the Safety note on `runFreshStackWork` says.
        context.unsafelyUnwrapped.assumingMemoryBound(to: (() -> Void).self).pointee()
    }
#else
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
            // Safety: as the Safety note on `runFreshStackJob` says.
            Unmanaged<FreshStackJob>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }
    #else
        // Safety: `context` is the reference `onFreshStack` retained for this thread, taken
        // back once here (see there); the pointer types are pthread's.
        private func runFreshStackJob(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
            guard let context else { return nil }
            // Safety: as the Safety note on `runFreshStackJob` says.
            Unmanaged<FreshStackJob>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }
    #endif
#endif
