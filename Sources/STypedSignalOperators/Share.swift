import SignalSync

/// Shares one subscription to the upstream signal among the subscribers of the returned
/// signal, replaying the last `count` values to each subscriber that joins (RxSwift's
/// `share(replay:scope: .whileConnected)`, Combine's `share()` for `count` 0).
///
/// - Values: the first subscriber starts the upstream; later subscribers join that
///   subscription. Each value goes to every current subscriber, in subscription order, on
///   the upstream's thread. A subscriber that joins receives the last `count` values
///   first, synchronously inside its `start`, then the live values; a value the upstream
///   sends meanwhile (from another thread) reaches it after its replay: none lost, none
///   twice. With `count` 0 nothing is replayed.
/// - Completion and error: go to the subscribers of that moment; the replayed values are
///   dropped, and the next subscriber starts the upstream afresh (nothing of the ended
///   run is kept: unlike `multicast()`, no terminal event is kept for later subscribers).
/// - Disposal: when the last subscriber leaves, the upstream subscription is disposed and
///   the replayed values dropped; the next subscriber starts afresh. Disposing a
///   subscription during its replay stops the replay.
/// - Re-entrancy: a subscriber may subscribe or dispose from inside a delivery; an
///   upstream that sends values during its start gives them to the first subscriber (and
///   to one subscribing from inside those deliveries, replayed).
/// - Threads: subscribing, disposing and the upstream's events may come from any thread.
///
/// Each application (`signal |> share()`) makes one shared state; apply it once and keep
/// the signal. A negative `count` stops the program with a message naming the call.
///
/// ```swift
/// let shared = search |> share(replay: 1)
/// let a = shared.start(next: { print("a", $0) })
/// let b = shared.start(next: { print("b", $0) })   // one upstream subscription; b gets the last value first
/// ```
@inlinable
public func share<T, E>(replay count: Int = 0) -> (Signal<T, E>) -> Signal<T, E> {
    if count < 0 {
        fatalError("share(replay:): the replay count must not be negative (got \(count))")
    }
    return { signal in
        let engine = ShareEngine<Subscriber<T, E>, T, SharedTerminal<E>>(
            reuse: .whileConnected, replay: count,
            start: { engine, generation in
                signal.start(
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
            hasEnded: { $0.hasEnded })
        return Signal { subscriber in
            guard let membership = engine.subscribe(subscriber) else {
                preconditionFailure("share(replay:): a .whileConnected engine rejected a subscriber")
            }
            return membership
        }
    }
}

/// How a shared run of the upstream ended, for its subscribers.
@usableFromInline
enum SharedTerminal<E> {
    case completed
    case error(E)
}
