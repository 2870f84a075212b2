import SignalSync

extension SSignal {
    /// Shares one subscription to this signal among all subscribers of the returned
    /// signal.
    ///
    /// The first subscriber starts the source; later subscribers join it (no replay of
    /// past values). Values, the error and the completion are broadcast to the current
    /// subscribers, outside the lock, on the source's thread. When the last subscriber
    /// leaves, the source subscription is disposed, and the next subscriber starts it
    /// afresh. A subscriber arriving after the source has terminated receives that
    /// terminal event at once. (The original let such late subscribers hang; see the
    /// decided fixes.) Each call to `multicast()` creates a separate shared state.
    public func multicast() -> SSignal {
        let shared = MulticastState(source: self)
        return SSignal { subscriber in
            shared.subscribe(subscriber)
        }
    }
}

/// The state shared by every subscription of one `multicast()` signal.
private final class MulticastState: @unchecked Sendable {
    // Safety: `phase`, `subscribers` and `generation` are guarded by `mutex`; `source`
    // is immutable.
    enum Terminal {
        case completed
        case error(Any?)
    }

    enum Phase {
        case idle
        /// The source runs; its handle is stored once its `start` has returned.
        case running(generation: Int, handle: SDisposable?)
        case finished(Terminal)
    }

    private let mutex = PosixLock()
    private let source: SSignal
    private let subscribers = Bag<SSubscriber>()
    private var phase: Phase = .idle
    private var generation = 0

    init(source: SSignal) {
        self.source = source
    }

    func subscribe(_ subscriber: SSubscriber) -> SDisposable? {
        mutex.lock()
        if case .finished(let terminal) = phase {
            mutex.unlock()
            Self.deliver(terminal, to: subscriber)
            return nil
        }
        let key = subscribers.add(subscriber)
        var startGeneration: Int?
        if case .idle = phase {
            generation += 1
            phase = .running(generation: generation, handle: nil)
            startGeneration = generation
        }
        mutex.unlock()

        if let startGeneration {
            let handle = source.start(
                next: { [self] value in
                    broadcast(value, startGeneration)
                },
                error: { [self] error in
                    finish(.error(error), startGeneration)
                },
                completed: { [self] in
                    finish(.completed, startGeneration)
                })
            mutex.lock()
            if case .running(startGeneration, nil) = phase {
                phase = .running(generation: startGeneration, handle: handle)
                mutex.unlock()
            } else {
                // Everybody left, or the source terminated, while it was starting.
                mutex.unlock()
                handle.dispose()
            }
        }
        return SBlockDisposable { [self] in
            unsubscribe(key)
        }
    }

    private func broadcast(_ value: Any?, _ sourceGeneration: Int) {
        mutex.lock()
        guard case .running(sourceGeneration, _) = phase else {
            mutex.unlock()
            return
        }
        let targets = subscribers.copyItems()
        mutex.unlock()
        for target in targets {
            target.putNext(value)
        }
    }

    private func finish(_ terminal: Terminal, _ sourceGeneration: Int) {
        mutex.lock()
        guard case .running(sourceGeneration, _) = phase else {
            mutex.unlock()
            return
        }
        let finishedPhase = phase
        phase = .finished(terminal)
        let targets = subscribers.copyItems()
        subscribers.removeAll()
        mutex.unlock()
        withExtendedLifetime(finishedPhase) {}  // the source handle is released outside the lock
        for target in targets {
            Self.deliver(terminal, to: target)
        }
    }

    private func unsubscribe(_ key: Int) {
        mutex.lock()
        let removed = subscribers.get(key)
        subscribers.remove(key)
        var handleToDispose: SDisposable?
        var lastLeft = false
        if case .running(_, let handle) = phase, subscribers.isEmpty {
            phase = .idle
            handleToDispose = handle
            lastLeft = true
        }
        mutex.unlock()
        withExtendedLifetime(removed) {}
        if lastLeft {
            handleToDispose?.dispose()
        }
    }

    private static func deliver(_ terminal: Terminal, to subscriber: SSubscriber) {
        switch terminal {
        case .completed: subscriber.putCompletion()
        case .error(let error): subscriber.putError(error)
        }
    }
}
