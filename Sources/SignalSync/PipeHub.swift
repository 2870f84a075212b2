#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The subscribers, the replayed value and the delivery order of a hot pipe: the engine
/// under `ValuePipe` and `SPipe`.
///
/// Delivery is synchronous, on the pushing thread, in subscription order. Two rules keep
/// every subscriber's view in push order:
///
/// - **Re-entrant pushes are queued.** A push made on a thread that is already
///   delivering for this hub (from inside a subscriber's callback) is appended to that
///   thread's queue and delivered after the current value has reached every subscriber,
///   by the same thread, before the outer push returns. A queued push behaves as if it
///   were made then: it records the replayed value and takes the subscriber snapshot at
///   its turn. Pushes from other threads never wait for this thread: each thread
///   delivers its own pushes, so concurrent pushes from different threads reach a
///   subscriber in no defined order (as before).
/// - **Replay is ordered too.** A subscriber added to a replaying hub receives the last
///   value first; a push (from any thread) that reaches it before that replay has
///   returned is handed to the subscribing thread, which delivers it right after the
///   replay. So a subscriber never receives the replayed value after a newer one, and
///   never ends on a stale value because of its own replay.
///
/// The lock is never held while a callback runs; values and subscribers that the hub
/// drops are released outside the lock.
package final class PipeHub<Value>: @unchecked Sendable {
    // Safety: every mutable field is guarded by `mutex`; `replay` is immutable. An
    // `Entry`'s fields are guarded by the same mutex.
    private let mutex = Mutex()
    private let replay: Bool
    private var entries: [Entry] = []
    private var nextKey = 0
    private var last: Value?
    /// Threads delivering right now, each with the pushes made re-entrantly on it.
    private var drains: [Drain] = []

    private final class Entry {
        let key: Int
        let deliver: (Value) -> Void
        /// True while the subscribing thread delivers the replayed value and the values
        /// handed to it meanwhile.
        var replaying = false
        var handedOver: [Value] = []
        var removed = false

        init(key: Int, deliver: @escaping (Value) -> Void) {
            self.key = key
            self.deliver = deliver
        }
    }

    private final class Drain {
        let thread: pthread_t
        var queued: [Value] = []

        init(thread: pthread_t) {
            self.thread = thread
        }
    }

    /// Creates a hub; with `replay`, a new subscriber first receives the last value
    /// pushed, if any.
    package init(replay: Bool) {
        self.replay = replay
    }

    /// Adds a subscriber and returns its key for `remove`. On a replaying hub that has
    /// a value, `deliver` receives it before this returns (followed by any value pushed
    /// meanwhile).
    package func add(_ deliver: @escaping (Value) -> Void) -> Int {
        mutex.lock()
        let key = nextKey
        nextKey += 1
        let entry = Entry(key: key, deliver: deliver)
        entries.append(entry)
        guard replay, let replayed = last else {
            mutex.unlock()
            return key
        }
        entry.replaying = true
        mutex.unlock()
        deliver(replayed)
        while true {
            mutex.lock()
            if entry.handedOver.isEmpty || entry.removed {
                entry.replaying = false
                let dropped = entry.handedOver
                entry.handedOver = []
                mutex.unlock()
                withExtendedLifetime(dropped) {}  // released outside the lock
                return key
            }
            let values = entry.handedOver
            entry.handedOver = []
            mutex.unlock()
            for value in values {
                if mutex.withLock({ entry.removed }) { break }
                deliver(value)
            }
        }
    }

    /// Removes the subscriber with `key`; a value already on its way to it may still
    /// arrive (the subscription drops it once disposed).
    package func remove(_ key: Int) {
        mutex.lock()
        var removed: Entry?
        if let index = entries.firstIndex(where: { $0.key == key }) {
            removed = entries.remove(at: index)
            removed?.removed = true
        }
        mutex.unlock()
        withExtendedLifetime(removed) {}  // released outside the lock
    }

    /// Delivers `value` to every subscriber, after any value this thread is delivering
    /// already (see the type's rules).
    package func push(_ value: Value) {
        let me = pthread_self()
        mutex.lock()
        if let drain = drains.first(where: { pthread_equal($0.thread, me) != 0 }) {
            drain.queued.append(value)
            mutex.unlock()
            return
        }
        let drain = Drain(thread: me)
        drains.append(drain)
        var current = value
        while true {
            // Under the lock: record the replayed value, snapshot the subscribers and
            // hand the value to those still receiving their replay.
            var replaced: Value?
            if replay {
                replaced = last
                last = current
            }
            var targets: [(Value) -> Void] = []
            targets.reserveCapacity(entries.count)
            for entry in entries {
                if entry.replaying {
                    entry.handedOver.append(current)
                } else {
                    targets.append(entry.deliver)
                }
            }
            mutex.unlock()
            _ = replaced.take()  // released outside the lock
            for target in targets {
                target(current)
            }
            targets = []  // released outside the lock
            mutex.lock()
            if drain.queued.isEmpty {
                drains.removeAll { $0 === drain }
                mutex.unlock()
                return
            }
            let next = drain.queued.removeFirst()
            mutex.unlock()
            current = next  // the delivered value is released outside the lock
            mutex.lock()
        }
    }
}
