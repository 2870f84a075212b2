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
    // Safety: every table is reached only under the lock of `tables`.
    /// A cached shared signal, with the id that tells it apart from a later entry for the same key.
    struct SharedEntry {
        let id: Int
        let signal: SSignal
    }

    /// The manager's three tables.
    struct Tables {
        var sharedSignals: [String: SharedEntry] = [:]
        var standaloneRuns: [String: SMetaDisposable] = [:]
        var pipeListeners: [String: Bag<SSubscriber>] = [:]
        var nextEntryID = 0
    }

    // Internal, not private: read by the test hooks in SMulticastSignalManager+Testing.swift.
    let tables = LockedState(Tables())

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
        if let cached = tables.withLock({ $0.sharedSignals[key]?.signal }) {
            return cached
        }
        guard let produced = producer() else {
            return nil
        }
        return tables.withLock { tables in
            if let cached = tables.sharedSignals[key] {
                return cached.signal
            }
            let id = tables.nextEntryID
            tables.nextEntryID += 1
            // Only wraps the signal: nothing runs until it is subscribed.
            let shared = produced.onDispose { [weak self] in
                self?.forgetSharedSignal(key, id)
            }.multicast()
            tables.sharedSignals[key] = SharedEntry(id: id, signal: shared)
            return shared
        }
    }

    private func forgetSharedSignal(_ key: String, _ id: Int) {
        let removed = tables.withLock { tables in
            tables.sharedSignals[key]?.id == id ? tables.sharedSignals.removeValue(forKey: key) : nil
        }
        withExtendedLifetime(removed) {}  // released outside the lock
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
        let claimed = tables.withLock { tables in
            guard tables.standaloneRuns[key] == nil else { return false }
            tables.standaloneRuns[key] = placeholder
            return true
        }
        guard claimed else { return }
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
        tables.withLock { tables in
            if tables.standaloneRuns[key] === placeholder {
                tables.standaloneRuns.removeValue(forKey: key)
            }
        }
    }

    /// A signal of the values pushed with `putNext(_:toMulticastedPipeForKey:)` for `key`
    /// from now on; never completes. The signal keeps the manager alive.
    public func multicastedPipe(forKey key: String) -> SSignal {
        SSignal { [self] subscriber in
            let (bag, index) = tables.withLock { tables in
                let listeners = tables.pipeListeners[key] ?? Bag()
                tables.pipeListeners[key] = listeners
                return (listeners, listeners.add(subscriber))
            }
            // Safety: the bag is read and changed only under `tables`' lock, here and in the
            // other members. Pinned by SMulticastSignalManagerTests.testConcurrentPipeUse.
            nonisolated(unsafe) let listeners = bag
            return SBlockDisposable { [self] in
                let removed = tables.withLock { tables in
                    let removed = listeners.get(index)
                    listeners.remove(index)
                    if listeners.isEmpty, tables.pipeListeners[key] === listeners {
                        tables.pipeListeners.removeValue(forKey: key)
                    }
                    return removed
                }
                withExtendedLifetime(removed) {}  // released outside the lock
            }
        }
    }

    /// Pushes `value` to the current subscribers of `key`'s pipe, synchronously on this
    /// thread; dropped when nobody listens (no replay).
    public func putNext(_ value: Any?, toMulticastedPipeForKey key: String) {
        let targets = tables.withLock { $0.pipeListeners[key]?.copyItems() ?? [] }
        for target in targets {
            target.putNext(value)
        }
    }

    deinit {
        let runs = tables.withLock { $0.standaloneRuns.values }
        for run in runs {
            run.dispose()
        }
    }
}
