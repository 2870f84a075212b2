import SignalSync

extension SSignal {
    /// Opt-in strict delivery: callbacks one at a time, nothing after the end, and a
    /// `dispose()` that waits for a callback in flight (the typed `serialized()`'s twin).
    ///
    /// - callbacks of one subscription never overlap, whatever thread sends the events (a
    ///   callback may push, dispose or end on its own thread: that nests, it does not
    ///   deadlock);
    /// - once a terminal callback has begun, or `dispose()` has begun, no callback starts;
    /// - `dispose()` from another thread returns only after the callback in progress has
    ///   returned. Called from inside one of its own callbacks it does not wait.
    ///
    /// Events the upstream sends while being disposed are dropped. A callback must never
    /// wait for a thread that is disposing its subscription.
    ///
    /// ```swift
    /// let handle = updates.serialized().start(next: { model.apply($0) })
    /// handle.dispose()   // from any thread: no apply(_:) is running or will run
    /// ```
    public func serialized() -> SSignal {
        SSignal { subscriber in
            let gate = SerializedGateEngine()
            // The callbacks capture only the gate and the subscriber (both `Sendable`): the
            // gate's `delivering`/`terminating` helpers return plain closures.
            let upstream = self.start(
                next: { value in gate.deliver { subscriber.putNext(value) } },
                error: { error in gate.terminate { subscriber.putError(error) } },
                completed: { gate.terminate { subscriber.putCompletion() } })
            return SBlockDisposable {
                gate.close()
                upstream.dispose()
            }
        }
    }
}
