import SignalSync

/// Opt-in strict delivery: callbacks one at a time, nothing after the end, and a
/// `dispose()` that waits for a callback in flight.
///
/// By default (the "Threads and the main queue" article) `dispose()` does not wait for a callback another thread
/// has already begun, and a `next` racing a terminal event may still run. Under
/// `serialized()`:
/// - callbacks of one subscription never overlap, whatever thread sends the events (a
///   callback may itself push, dispose or end on its own thread: that nests, it does not
///   deadlock);
/// - once a terminal callback has begun, or `dispose()` has begun, no callback starts;
/// - `dispose()` from another thread returns only after the callback in progress has
///   returned, so nothing of this subscription runs after it returns. Called from inside
///   one of its own callbacks it does not wait (the callback finishes, nothing follows).
///
/// Events the upstream sends while being disposed are dropped. The price of waiting:
/// a callback must never wait for a thread that is disposing its subscription.
///
/// ```swift
/// let handle = (updates |> serialized()).start(next: { model.apply($0) })
/// handle.dispose()   // from any thread: no apply(_:) is running or will run
/// ```
public func serialized<T, E>() -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let gate = SerializedGateEngine()
            let upstream = signal.start(
                next: gate.delivering(subscriber.putNext),
                error: gate.terminating(subscriber.putError),
                completed: gate.terminating(subscriber.putCompletion))
            return ActionDisposable {
                gate.close()
                upstream.dispose()
            }
        }
    }
}
