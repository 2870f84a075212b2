import SignalSync

/// Keyed sharing of signals: one running copy per key, fire-and-forget runs, and keyed
/// pipes.
///
/// - `multicastedSignal(forKey:producer:)` returns the shared signal for a key, building
///   it from `producer()` on first request; the entry goes away when its shared source
///   subscription ends (last subscriber left, or the source terminated), so the next
///   request builds a fresh one.
/// - `startStandaloneSignalIfNotRunning(forKey:producer:)` runs a signal for its side
///   effects, at most one per key at a time.
/// - `multicastedPipe(forKey:)` / `putNext(_:toMulticastedPipeForKey:)` form a keyed hot
///   pipe without replay.
///
/// Thread-safe. Unlike the original, `producer` never runs under the manager's lock, so
/// it may call back into the manager. Deallocation disposes the standalone runs.
public final class SMulticastSignalManager: @unchecked Sendable {
    // Safety: the three dictionaries and `nextEntryID` are guarded by `mutex`.
    /// A cached shared signal, with the id that tells it apart from a later entry for the same key.
    struct SharedEntry {
        let id: Int
        let signal: SSignal
    }

    // Internal, not private: read by the test hooks in SMulticastSignalManager+Testing.swift.
    let mutex = PosixLock()
    private(set) var sharedSignals: [String: SharedEntry] = [:]
    private(set) var standaloneRuns: [String: SMetaDisposable] = [:]
    private var pipeListeners: [String: Bag<SSubscriber>] = [:]
    private var nextEntryID = 0

    /// Creates an empty manager.
    public init() {}

    /// The shared signal for `key`, built from `producer()` if there is none yet.
    ///
    /// A nil key returns `producer()` itself, unshared. The shared signal is
    /// `producer().onDispose { forget key }.multicast()`: subscribers share one source
    /// subscription (see `SSignal.multicast()`), and the key is forgotten when that
    /// subscription ends. A nil `producer()` result caches nothing and returns nil. If two
    /// threads build the same key at once, both get the signal cached first.
    public func multicastedSignal(forKey key: String?, producer: () -> SSignal?) -> SSignal? {
        guard let key else {
            return producer()
        }
        if let cached = mutex.withLock({ sharedSignals[key]?.signal }) {
            return cached
        }
        guard let produced = producer() else {
            return nil
        }
        mutex.lock()
        if let cached = sharedSignals[key] {
            mutex.unlock()
            return cached.signal
        }
        let id = nextEntryID
        nextEntryID += 1
        let shared = produced.onDispose { [weak self] in
            self?.forgetSharedSignal(key, id)
        }.multicast()
        sharedSignals[key] = SharedEntry(id: id, signal: shared)
        mutex.unlock()
        return shared
    }

    private func forgetSharedSignal(_ key: String, _ id: Int) {
        mutex.lock()
        var removed: SharedEntry?
        if sharedSignals[key]?.id == id {
            removed = sharedSignals.removeValue(forKey: key)
        }
        mutex.unlock()
        withExtendedLifetime(removed) {}
    }

    /// Starts `producer()` for `key`, ignoring its values, unless a run for `key` is still
    /// going.
    ///
    /// A nil key does nothing. The run ends (and the key may be started again) when the
    /// signal completes or fails; there is no other way to stop it except deallocating
    /// the manager. If a run is going, `producer` is not called.
    public func startStandaloneSignalIfNotRunning(forKey key: String?, producer: () -> SSignal) {
        guard let key else { return }
        let placeholder = SMetaDisposable()
        mutex.lock()
        if standaloneRuns[key] != nil {
            mutex.unlock()
            return
        }
        standaloneRuns[key] = placeholder
        mutex.unlock()
        let subscription = producer().start(
            error: { [weak self] _ in
                self?.forgetStandaloneRun(key, placeholder)
            },
            completed: { [weak self] in
                self?.forgetStandaloneRun(key, placeholder)
            })
        placeholder.setDisposable(subscription)
    }

    private func forgetStandaloneRun(_ key: String, _ placeholder: SMetaDisposable) {
        mutex.lock()
        if standaloneRuns[key] === placeholder {
            standaloneRuns.removeValue(forKey: key)
        }
        mutex.unlock()
    }

    /// A signal of the values pushed with `putNext(_:toMulticastedPipeForKey:)` for `key`
    /// from now on; never completes. The signal keeps the manager alive.
    public func multicastedPipe(forKey key: String) -> SSignal {
        SSignal { [self] subscriber in
            mutex.lock()
            let listeners: Bag<SSubscriber>
            if let existing = pipeListeners[key] {
                listeners = existing
            } else {
                listeners = Bag()
                pipeListeners[key] = listeners
            }
            let index = listeners.add(subscriber)
            mutex.unlock()
            return SBlockDisposable { [self] in
                mutex.lock()
                let removed = listeners.get(index)
                listeners.remove(index)
                if listeners.isEmpty, pipeListeners[key] === listeners {
                    pipeListeners.removeValue(forKey: key)
                }
                mutex.unlock()
                withExtendedLifetime(removed) {}
            }
        }
    }

    /// Pushes `value` to the current subscribers of `key`'s pipe, synchronously on this
    /// thread; dropped when nobody listens (no replay).
    public func putNext(_ value: Any?, toMulticastedPipeForKey key: String) {
        let targets = mutex.withLock { pipeListeners[key]?.copyItems() ?? [] }
        for target in targets {
            target.putNext(value)
        }
    }

    deinit {
        for run in standaloneRuns.values {
            run.dispose()
        }
    }
}
