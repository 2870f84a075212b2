import SignalSync

/// Shares one upstream subscription per key among all subscribers.
///
/// The first subscriber of a key starts `signal`; later subscribers of the same key
/// join it (no replay: they see values from then on). Completion of the upstream is
/// forwarded to every subscriber (one that arrives while it is being delivered receives
/// it too), then the key is forgotten, so the next subscriber starts it afresh. When
/// the last subscriber of a key leaves, the upstream subscription is
/// disposed. (A decided fix: the original started the signal once per subscriber and
/// never disposed it.)
public final class Multicast<T>: @unchecked Sendable {
    // Safety: `instances` and every instance's fields are guarded by `mutex`.
    private let mutex = PosixLock()
    private var instances: [String: Instance] = [:]

    private final class Instance {
        let subscribers = Bag<Subscriber<T, NoError>>()
        var upstream: Disposable?
        var finished = false
        var completed = false
    }

    /// Creates an empty multicast table.
    public init() {}

    /// A signal that shares `signal`'s subscription with every other subscriber of
    /// `key` on this table.
    public func get(key: String, signal: Signal<T, NoError>) -> Signal<T, NoError> {
        Signal { subscriber in
            self.mutex.lock()
            let instance: Instance
            let isNew: Bool
            if let existing = self.instances[key] {
                if existing.completed {
                    // The upstream is delivering its completion: join it.
                    self.mutex.unlock()
                    subscriber.putCompletion()
                    return EmptyDisposable
                }
                instance = existing
                isNew = false
            } else {
                instance = Instance()
                self.instances[key] = instance
                isNew = true
            }
            let index = instance.subscribers.add(subscriber)
            self.mutex.unlock()

            if isNew {
                let upstream = signal.start(
                    next: { [weak self] value in
                        self?.deliver(value, to: instance)
                    },
                    completed: { [weak self] in
                        self?.complete(instance, key: key)
                    })
                self.mutex.lock()
                if instance.finished {
                    self.mutex.unlock()
                    upstream.dispose()
                } else {
                    instance.upstream = upstream
                    self.mutex.unlock()
                }
            }
            return ActionDisposable { [weak self] in
                self?.leave(instance, key: key, index: index)
            }
        }
    }

    private func deliver(_ value: T, to instance: Instance) {
        let targets = mutex.withLock { instance.subscribers.copyItems() }
        for target in targets {
            target.putNext(value)
        }
    }

    private func complete(_ instance: Instance, key: String) {
        mutex.lock()
        instance.finished = true
        instance.completed = true
        instance.upstream = nil
        let targets = instance.subscribers.copyItems()
        instance.subscribers.removeAll()
        mutex.unlock()
        for target in targets {
            target.putCompletion()
        }
        // Forget the key only once the completion is delivered, so that a subscriber
        // arriving meanwhile receives it too; the next one starts the signal afresh.
        mutex.withLock {
            if instances[key] === instance {
                instances.removeValue(forKey: key)
            }
        }
    }

    private func leave(_ instance: Instance, key: String, index: Int) {
        mutex.lock()
        instance.subscribers.remove(index)
        guard instance.subscribers.isEmpty, !instance.finished else {
            mutex.unlock()
            return
        }
        instance.finished = true
        if instances[key] === instance {
            instances.removeValue(forKey: key)
        }
        let upstream = instance.upstream
        instance.upstream = nil
        mutex.unlock()
        upstream?.dispose()
    }
}
