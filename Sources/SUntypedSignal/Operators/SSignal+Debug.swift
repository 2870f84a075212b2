import SignalSync

extension SSignal {
    /// Reports every subscription, event and disposal of this signal, labelled, with the thread.
    ///
    /// Each line reads `<label> -> <event> [<thread>]`, where the event is `subscribed`,
    /// `next(<value>)`, `error(<error>)` (`nil` shown as `nil`), `completed` or `disposed`,
    /// and the thread is `main thread` or the thread's id and name. A terminal event is
    /// followed by `disposed`, because termination tears the subscription down. By
    /// default lines are printed with a time stamp; pass `log` to receive the lines instead
    /// (called on the thread of the event, outside any library lock). Events pass
    /// through unchanged. Unlike the original's debug-only `trace:`, this works in every
    /// build configuration.
    ///
    /// ```swift
    /// SSignal.single(nil).debug("value").start()
    /// // 1700000000.123 value -> subscribed [main thread]
    /// // 1700000000.123 value -> next(nil) [main thread]
    /// // 1700000000.123 value -> completed [main thread]
    /// // 1700000000.123 value -> disposed [main thread]
    /// ```
    public func debug(
        _ label: String = "signal",
        log: (@Sendable (String) -> Void)? = nil
    ) -> SSignal {
        let log = log ?? DebugTrace.printLine
        return SSignal { subscriber in
            log(DebugTrace.line(label, .subscribed))
            let upstream = self.start(
                next: { value in
                    log(DebugTrace.line(label, .next(Self.debugText(value))))
                    subscriber.putNext(value)
                },
                error: { error in
                    log(DebugTrace.line(label, .error(Self.debugText(error))))
                    subscriber.putError(error)
                },
                completed: {
                    log(DebugTrace.line(label, .completed))
                    subscriber.putCompletion()
                })
            return SBlockDisposable {
                log(DebugTrace.line(label, .disposed))
                upstream.dispose()
            }
        }
    }

    private static func debugText(_ value: Any?) -> String {
        guard let value else { return "nil" }
        return String(describing: value)
    }
}

extension SSignal {
    /// Names this signal in the live-subscription report of a debug build
    /// (`LiveSubscriptionReport` (SignalSync)): its stage reads `name` in the chain of every
    /// start that runs through it (`SPipe.map.chatList`). Nothing else changes: the signal
    /// runs with the subscriber it is given, with no stage in between.
    ///
    /// ```swift
    /// let rows = pipe.signal().map(render).named("chatList")
    /// ```
    public func named(_ name: String) -> SSignal {
        let named = SSignal { subscriber in
            GenerationScope.run(subscriber.state) { self.run(subscriber) }
        }
        #if DEBUG
            named.label = name
        #endif
        return named
    }
}
