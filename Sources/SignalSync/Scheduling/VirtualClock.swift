#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Manual time for tests: queues and timers that run only when the clock is advanced.
///
/// Make queues with `makeQueue(label:)` and hand them to timing operators instead of
/// real queues. Nothing scheduled on them runs until the test calls `advance(by:)` or
/// `run()`; then every item that is due runs, in deadline order (FIFO among equal
/// deadlines), on the thread that advanced the clock, and the clock's `now` steps to
/// each item's deadline while it runs. A one-second delay is tested in microseconds,
/// and the test decides exactly when it fires:
///
/// ```swift
/// let clock = VirtualClock()
/// let queue = clock.makeQueue(label: "test")
/// var fired = false
/// queue.after(1.0) { fired = true }
/// clock.advance(by: 0.5)   // fired == false, clock.now == 0.5
/// clock.advance(by: 0.5)   // fired == true,  clock.now == 1.0
/// ```
///
/// Work sent with `async` from outside a virtual queue is due "now": it runs on the
/// next `run()` or `advance(by:)`. While a virtual queue's item runs, that queue
/// `isCurrent`, so `async` onto it runs inline exactly as on a real serial queue.
/// Advance the clock from one thread at a time.
///
/// It is also a Swift `Clock` (`Duration` is `Swift.Duration`, instants are
/// ``VirtualClock/Instant``): async code under test that calls `clock.sleep(for:)` wakes
/// when the clock is advanced past its deadline, in deadline order with the queues'
/// items, so tasks and signals share one virtual time. `now` stays the time in seconds
/// as a `Double`; the `Clock` requirement `now` is ``currentInstant``. The `Clock` side
/// (instants, `sleep`, `advance` by a `Duration`) needs macOS 13, iOS 16, tvOS 16 or
/// watchOS 9, where `Clock` and `Duration` ship; the `Double` side works everywhere.
public final class VirtualClock: @unchecked Sendable {
    // Safety: every stored property below is guarded by `mutex`.
    private let mutex = PosixLock()
    private var time: Double
    private var nextID = 0
    private var pending: [Item] = []
    private var runningQueue: ObjectIdentifier?
    private var runningThread: pthread_t?

    private struct Item {
        let id: Int
        let deadline: Double
        let queue: ObjectIdentifier
        let work: () -> Void
    }

    /// Creates a clock whose time starts at `now` seconds.
    public init(now: Double = 0) {
        time = now
    }

    /// The clock's current time in seconds.
    public var now: Double {
        mutex.withLock { time }
    }

    /// How many scheduled items have not run yet (cancelled timers excluded).
    public var pendingCount: Int {
        mutex.withLock { pending.count }
    }

    /// The deadline of the earliest scheduled item, if any.
    public var nextDeadline: Double? {
        mutex.withLock { pending.first?.deadline }
    }

    /// Creates a serial queue that runs on this clock.
    public func makeQueue(label: String = "virtual") -> ExecutionQueue {
        ExecutionQueue(virtualClock: self, label: label)
    }

    /// Runs everything that is due now, including work that the running items
    /// schedule for now; the time does not move.
    public func run() {
        advance(by: 0)
    }

    /// Moves time forward by `interval` seconds (negative counts as zero), running
    /// every item whose deadline is reached, in deadline order.
    public func advance(by interval: Double) {
        let target = mutex.withLock { time + max(0, interval) }
        advance(to: target)
    }

    /// Moves time forward to `target` (never backwards), running every item whose
    /// deadline is at or before it.
    public func advance(to target: Double) {
        while let item = popItem(dueBy: target) {
            execute(item.work, on: item.queue)
        }
        mutex.withLock { time = max(time, target) }
    }

    // MARK: - Used by ExecutionQueue and ExecutionTimer

    /// Schedules `work` on the queue `queue` after `delay` seconds; returns a token for
    /// `cancel`.
    @discardableResult
    func schedule(after delay: Double, on queue: ObjectIdentifier, _ work: @escaping () -> Void) -> Int {
        mutex.withLock { insert(deadline: time + max(0, delay), on: queue, work) }
    }

    /// Schedules `work` on the queue `queue` at `deadline` seconds (now when it has passed);
    /// returns a token for `cancel`.
    func schedule(at deadline: Double, on queue: ObjectIdentifier, _ work: @escaping () -> Void) -> Int {
        mutex.withLock { insert(deadline: max(time, deadline), on: queue, work) }
    }

    /// Inserts an item; the caller holds `mutex`.
    private func insert(deadline: Double, on queue: ObjectIdentifier, _ work: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        let item = Item(id: id, deadline: deadline, queue: queue, work: work)
        // Stable insertion: after every item with the same or an earlier deadline.
        var low = 0
        var high = pending.count
        while low < high {
            let middle = (low + high) / 2
            if pending[middle].deadline <= item.deadline { low = middle + 1 } else { high = middle }
        }
        pending.insert(item, at: low)
        return id
    }

    /// Forgets a scheduled item that has not run yet.
    func cancel(_ id: Int) {
        let removed: Item? = mutex.withLock {
            guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
            return pending.remove(at: index)
        }
        // The item's closure is released here, outside the lock.
        withExtendedLifetime(removed) {}
    }

    /// True when the calling thread is running an item of `queue` right now.
    func isRunning(_ queue: ObjectIdentifier) -> Bool {
        mutex.withLock {
            guard runningQueue == queue, let thread = runningThread else { return false }
            return pthread_equal(thread, pthread_self()) != 0
        }
    }

    /// Runs `work` as if on `queue`: that queue is current while it runs.
    func execute(_ work: () -> Void, on queue: ObjectIdentifier) {
        let previous = mutex.withLock { () -> (ObjectIdentifier?, pthread_t?) in
            let saved = (runningQueue, runningThread)
            runningQueue = queue
            runningThread = pthread_self()
            return saved
        }
        work()
        mutex.withLock {
            runningQueue = previous.0
            runningThread = previous.1
        }
    }

    private func popItem(dueBy target: Double) -> Item? {
        mutex.withLock {
            guard let first = pending.first, first.deadline <= target else { return nil }
            pending.removeFirst()
            time = max(time, first.deadline)
            return first
        }
    }
}

// MARK: - Clock

// `Clock`, `InstantProtocol` and `Duration` ship with macOS 13, iOS 16, tvOS 16, watchOS 9.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension VirtualClock: Clock {
    /// A moment of a `VirtualClock`: the time elapsed since the clock's zero.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock's zero.
        public var offset: Swift.Duration

        /// The instant `offset` after the clock's zero.
        public init(offset: Swift.Duration) {
            self.offset = offset
        }

        /// The instant `seconds` seconds after the clock's zero.
        public init(seconds: Double) {
            offset = .seconds(seconds)
        }

        /// The instant in seconds since the clock's zero, as the `Double` API counts time.
        public var seconds: Double {
            let (whole, attoseconds) = offset.components
            return Double(whole) + Double(attoseconds) / 1e18
        }

        /// The instant `duration` later.
        public func advanced(by duration: Swift.Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Swift.Duration {
            other.offset - offset
        }

        /// True when `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The instant in seconds, like the clock's `now`.
        public var description: String {
            "\(seconds)"
        }
    }

    /// The current time as an ``Instant``: the `now` of the `Clock` protocol (the
    /// `now` property of the class stays the time in seconds as a `Double`).
    // `@_implements` lets this property answer the protocol's `now` while the class keeps
    // its `now: Double` (two properties cannot share a name); `@_disfavoredOverload` keeps
    // a plain `clock.now` the `Double` instead of ambiguous.
    @_disfavoredOverload @_implements(Clock,now)
    public var currentInstant: Instant {
        Instant(seconds: now)
    }

    /// The smallest step of virtual time: none, any duration can be reached exactly.
    public var minimumResolution: Swift.Duration {
        .zero
    }

    /// Suspends until the clock is advanced to `deadline` (at once when it is not in the
    /// future). The wake-up is an item of the clock, ordered by deadline with the queues'
    /// items. Throws `CancellationError` when the task is cancelled while asleep, and
    /// leaves no item behind. `tolerance` is ignored: virtual time is exact.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        guard deadline.seconds > now else { return }
        let sleeper = SleeperEngine()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let id = schedule(at: deadline.seconds, on: ObjectIdentifier(self)) { sleeper.wake() }
                if sleeper.suspend(continuation, item: id) { cancel(id) }
            }
        } onCancel: {
            if let id = sleeper.cancel() { cancel(id) }
        }
    }

    /// Moves time forward by `duration` like `advance(by:)`, and after each item that
    /// wakes a sleeping task, yields so that the task can run to its next suspension
    /// before later items run. Deterministic when the sleeping tasks run on the caller's
    /// actor (a `@MainActor` test and `@MainActor` code under test); tasks on the global
    /// executor get the yields, not a guarantee. Runs on the caller's actor (`isolation`),
    /// so the items run there too.
    public func advance(by duration: Swift.Duration, isolation: isolated (any Actor)? = #isolation) async {
        await advance(to: Instant(seconds: now).advanced(by: duration), isolation: isolation)
    }

    /// Moves time forward to `deadline` like `advance(to:)`, yielding to every task it
    /// wakes (see `advance(by:)`), on the caller's actor.
    public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) async {
        let target = deadline.seconds
        while let item = popItem(dueBy: target) {
            execute(item.work, on: item.queue)
            if item.queue == ObjectIdentifier(self) {
                for _ in 0..<Self.yieldsPerWakeUp { await Task.yield() }
            }
        }
        mutex.withLock { time = max(time, target) }
    }

    /// How many times `advance` yields after waking a task.
    private static let yieldsPerWakeUp = 20
}
