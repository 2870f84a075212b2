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
    // `Entry`'s fields are guarded by the same mutex (so runtime exclusivity checks
    // are off for the hub's own fields).
    private let mutex = PosixLock()
    private let replay: Bool
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// Every entry's `deliver`, in entry order: what a push snapshots while no entry is
    /// replaying (sharing this storage, so a push copies nothing).
    @exclusivity(unchecked) private var deliverers: [(Value) -> Void] = []
    @exclusivity(unchecked) private var nextKey = 0
    @exclusivity(unchecked) private var last: Value?
    /// Threads delivering right now, each with the pushes made re-entrantly on it.
    @exclusivity(unchecked) private var drains: [PipeDrain] = []
    /// The number of entries with `replaying` set: while zero, a push delivers to a
    /// snapshot of `entries` (shared storage, no copy).
    @exclusivity(unchecked) private var replayingCount = 0

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

    /// The pushes made re-entrantly on one delivering thread, first made first.
    private final class QueuedPushes {
        var values: [Value]

        init(_ first: Value) {
            values = [first]
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
        deliverers.append(deliver)
        guard replay, let replayed = last else {
            mutex.unlock()
            return key
        }
        entry.replaying = true
        replayingCount += 1
        mutex.unlock()
        deliver(replayed)
        while true {
            mutex.lock()
            if entry.handedOver.isEmpty || entry.removed {
                entry.replaying = false
                replayingCount -= 1
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
            deliverers.remove(at: index)
            removed?.removed = true
        }
        mutex.unlock()
        withExtendedLifetime(removed) {}  // released outside the lock
    }

    /// Delivers `value` to every subscriber, after any value this thread is delivering
    /// already (see the type's rules).
    ///
    /// The common path (nobody re-enters, no replay, nobody receiving a replay) touches
    /// no type derived from `Value`, so code not specialized for it does no runtime
    /// metadata lookup, and it allocates nothing.
    package func push(_ value: Value) {
        let me = pthread_self()
        mutex.lock()
        if let index = drainIndex(of: me) {
            if let queue = drains[index].queue {
                unsafeDowncast(queue, to: QueuedPushes.self).values.append(value)
            } else {
                drains[index].queue = QueuedPushes(value)
            }
            mutex.unlock()
            return
        }
        drains.append(PipeDrain(thread: me))
        var current = value
        while true {
            // Under the lock: snapshot the subscribers, hand the value to those still
            // receiving their replay and record the replayed value (which unlocks).
            let targets = replayingCount == 0 ? deliverers : handOver(current)
            if replay {
                recordReplayThenUnlock(current)
            } else {
                mutex.unlock()
            }
            var index = 0
            while index < targets.count {
                targets[index](current)
                index += 1
            }
            withExtendedLifetime(targets) {}  // released outside the lock
            mutex.lock()
            let drain = drainIndex(of: me)!
            guard let queue = drains[drain].queue else {
                drains.remove(at: drain)
                mutex.unlock()
                return
            }
            let next = takeQueuedPush(from: queue, drain: drain)
            mutex.unlock()
            current = next  // the delivered value is released outside the lock
            mutex.lock()
        }
    }

    /// Under the lock: removes the first push of the queue of drain `index` (dropping
    /// the queue once empty) and returns it.
    private func takeQueuedPush(from queue: AnyObject, drain index: Int) -> Value {
        let pushes = unsafeDowncast(queue, to: QueuedPushes.self)
        let next = pushes.values.removeFirst()
        if pushes.values.isEmpty {
            drains[index].queue = nil
        }
        return next
    }

    /// Called under the lock: makes `value` the replayed one, unlocks, then releases
    /// the value it replaced.
    private func recordReplayThenUnlock(_ value: Value) {
        let replaced = last
        last = value
        mutex.unlock()
        withExtendedLifetime(replaced) {}
    }

    /// The index of `thread`'s drain, if it is delivering. Called under the lock. (A
    /// plain loop: `firstIndex(where:)` through the generic collection witnesses
    /// allocates in code not specialized for `Value`.)
    private func drainIndex(of thread: pthread_t) -> Int? {
        var index = 0
        while index < drains.count {
            if pthread_equal(drains[index].thread, thread) != 0 { return index }
            index += 1
        }
        return nil
    }

    /// Hands `value` to the entries receiving their replay and returns the others.
    /// Called under the lock.
    private func handOver(_ value: Value) -> [(Value) -> Void] {
        var targets: [(Value) -> Void] = []
        targets.reserveCapacity(entries.count)
        for entry in entries {
            if entry.replaying {
                entry.handedOver.append(value)
            } else {
                targets.append(entry.deliver)
            }
        }
        return targets
    }
}

/// A thread delivering for a `PipeHub` right now, with the pushes made re-entrantly on
/// it (created at the first). Not generic, so a push that nobody re-enters needs no
/// runtime metadata lookup; in an array that keeps its capacity, so it allocates nothing.
private struct PipeDrain {
    let thread: pthread_t
    var queue: AnyObject?
}
