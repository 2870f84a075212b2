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
    /// decided fixes.) Each call to `multicast()` creates a separate shared state, a
    /// `ShareEngine` (SignalSync), the engine under the typed `Multicast` too.
    ///
    /// ```swift
    /// let shared = source.multicast()
    /// shared.start(next: { print("a", $0 ?? "nil") })
    /// shared.start(next: { print("b", $0 ?? "nil") })   // source started once
    /// ```
    public func multicast() -> SSignal {
        let engine = ShareEngine<SSubscriber, Any?, MulticastTerminal>(
            reuse: .restart,
            start: { engine, generation in
                self.start(
                    next: { value in
                        engine.forEachReceiver(generation) { $0.putNext(value) }
                    },
                    error: { error in
                        engine.finish(.error(error), generation)
                    },
                    completed: {
                        engine.finish(.completed, generation)
                    })
            },
            sendTerminal: { subscriber, terminal in
                switch terminal {
                case .completed: subscriber.putCompletion()
                case .error(let error): subscriber.putError(error)
                }
            })
        return SSignal { subscriber in
            engine.subscribe(subscriber)
        }
    }
}

/// How the source of a `multicast()` ended, kept for later subscribers.
private enum MulticastTerminal {
    case completed
    case error(Any?)
}

/// A shared-engine membership is an untyped disposable: what `multicast()` subscriptions
/// return.
extension ShareMembership: SDisposable {}
