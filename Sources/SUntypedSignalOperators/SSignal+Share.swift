import SignalSync

extension SSignal {
    /// Shares one subscription to this signal among the subscribers of the returned
    /// signal, replaying the last `count` values to each subscriber that joins (RxSwift's
    /// `share(replay:scope: .whileConnected)`, Combine's `share()` for `count` 0).
    ///
    /// - Values: the first subscriber starts this signal; later subscribers join that
    ///   subscription. Each value goes to every current subscriber, in subscription order,
    ///   on this signal's thread. A subscriber that joins receives the last `count` values
    ///   first, synchronously inside its `start`, then the live values; a value sent
    ///   meanwhile (from another thread) reaches it after its replay: none lost, none
    ///   twice. With `count` 0 nothing is replayed.
    /// - Completion and error: go to the subscribers of that moment; the replayed values
    ///   are dropped, and the next subscriber starts this signal afresh. (Unlike
    ///   `multicast()`, which keeps the terminal event for every later subscriber.)
    /// - Disposal: when the last subscriber leaves, this signal's subscription is disposed
    ///   and the replayed values dropped; the next subscriber starts afresh. Disposing a
    ///   subscription during its replay stops the replay.
    /// - Re-entrancy: a subscriber may subscribe or dispose from inside a delivery; values
    ///   sent during this signal's start go to the first subscriber (and to one subscribing
    ///   from inside those deliveries, replayed).
    /// - Threads: subscribing, disposing and this signal's events may come from any thread.
    ///
    /// Each call makes one shared state: call it once and keep the signal. A negative
    /// `count` stops the program with a message naming the call.
    ///
    /// ```swift
    /// let shared = search.share(replay: 1)
    /// let a = shared.start(next: { print("a", $0 ?? "nil") })
    /// let b = shared.start(next: { print("b", $0 ?? "nil") })   // one subscription of search
    /// ```
    public func share(replay count: Int = 0) -> SSignal {
        if count < 0 {
            fatalError("share(replay:): the replay count must not be negative (got \(count))")
        }
        let engine = ShareEngine<SSubscriber, Any?, SharedTerminal>(
            reuse: .whileConnected, replay: count,
            start: { engine, generation in
                self.start(
                    next: { value in engine.forEachReceiver(recording: value, generation) { $0.putNext(value) } },
                    error: { error in engine.finish(.error(error), generation) },
                    completed: { engine.finish(.completed, generation) })
            },
            sendNext: { subscriber, value in subscriber.putNext(value) },
            sendTerminal: { subscriber, terminal in
                switch terminal {
                case .completed: subscriber.putCompletion()
                case .error(let error): subscriber.putError(error)
                }
            },
            hasEnded: { $0.isTerminated })
        return SSignal { subscriber in
            guard let membership = engine.subscribe(subscriber) else {
                preconditionFailure("share(replay:): a .whileConnected engine rejected a subscriber")
            }
            return membership
        }
    }
}

/// How a shared run of the source ended, for its subscribers.
private enum SharedTerminal {
    case completed
    case error(Any?)
}
