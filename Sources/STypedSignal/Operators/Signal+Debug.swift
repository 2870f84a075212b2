import SignalSync

/// Reports every subscription, event and disposal of a signal, labelled, with the thread.
///
/// Each line reads `<label> -> <event> [<thread>]`, where the event is `subscribed`,
/// `next(<value>)`, `error(<error>)`, `completed` or `disposed`, and the thread is
/// `main thread` or the thread's id and name. A terminal event is followed by
/// `disposed`, because termination tears the subscription down. By default lines are
/// printed with a time stamp; pass `log` to receive the lines instead (it is called on the
/// thread of the event, outside any library lock). Events pass through unchanged.
///
/// ```swift
/// let _ = (Signal<Int, NoError>.single(1) |> debug("one")).start()
/// // 1700000000.123 one -> subscribed [main thread]
/// // 1700000000.123 one -> next(1) [main thread]
/// // 1700000000.123 one -> completed [main thread]
/// // 1700000000.123 one -> disposed [main thread]
/// ```
public func debug<T, E>(
    _ label: String = "signal",
    log: (@Sendable (String) -> Void)? = nil
) -> (Signal<T, E>) -> Signal<T, E> {
    let log = log ?? DebugTrace.printLine
    return { signal in
        Signal { subscriber in
            log(DebugTrace.line(label, .subscribed))
            let upstream = signal.start(
                next: { value in
                    log(DebugTrace.line(label, .next(String(describing: value))))
                    subscriber.putNext(value)
                },
                error: { error in
                    log(DebugTrace.line(label, .error(String(describing: error))))
                    subscriber.putError(error)
                },
                completed: {
                    log(DebugTrace.line(label, .completed))
                    subscriber.putCompletion()
                })
            return ActionDisposable {
                log(DebugTrace.line(label, .disposed))
                upstream.dispose()
            }
        }
    }
}

/// Names `signal` in the live-subscription report of a debug build
/// (`LiveSubscriptionReport` (SignalSync)): its stage reads `name` in the chain of every
/// start that runs through it (`ValuePipe |> map |> chatList`). Nothing else changes: the
/// signal runs with the subscriber it is given, with no stage in between.
///
/// ```swift
/// let rows = pipe.signal() |> map(render) |> named("chatList")
/// ```
public func named<T, E>(_ name: String) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        let named = Signal<T, E> { subscriber in
            GenerationScope.run(subscriber.state) { signal.run(subscriber) }
        }
        #if DEBUG
            named.label = name
        #endif
        return named
    }
}
