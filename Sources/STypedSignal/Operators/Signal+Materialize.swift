/// One event of a signal, as a value.
public enum SignalEvent<T, E> {
    /// A value.
    case Next(T)
    /// An error (terminal).
    case Error(E)
    /// Completion (terminal).
    case Completion
}

/// Turns events into values: each value becomes `.Next(v)`; an error becomes
/// `.Error(e)` then completion; completion becomes `.Completion` then completion.
/// (The names are inverted relative to Rx, as in the original.)
public func dematerialize<T, E>(signal: Signal<T, E>) -> Signal<SignalEvent<T, E>, NoError> {
    Signal { subscriber in
        signal.start(
            next: { subscriber.putNext(.Next($0)) },
            error: { error in
                subscriber.putNext(.Error(error))
                subscriber.putCompletion()
            },
            completed: {
                subscriber.putNext(.Completion)
                subscriber.putCompletion()
            })
    }
}

/// Turns `SignalEvent` values back into events: `.Next(v)` → value, `.Error(e)` →
/// error, `.Completion` → completion; the event stream's own completion completes too.
public func materialize<T, E>(signal: Signal<SignalEvent<T, E>, NoError>) -> Signal<T, E> {
    Signal { subscriber in
        signal.start(
            next: { event in
                switch event {
                case .Next(let value): subscriber.putNext(value)
                case .Error(let error): subscriber.putError(error)
                case .Completion: subscriber.putCompletion()
                }
            }, completed: subscriber.putCompletion)
    }
}
