import SUntypedSignal

extension SignalTestScheduler {
    /// A cold `SSignal`: each subscription plays `marble` from its own start, tick 0 at
    /// once (inside the subscription), tick `n` `n` ticks later.
    ///
    /// Names are looked up in `values` and `errors`; a bare `#` fails with `error`. A name
    /// missing from the dictionaries is an `Int` when it reads as one (`"-1-2|"`),
    /// otherwise the name itself as a `String`. `subscriptions` records when each
    /// subscription began and ended. A malformed marble, or a name with nothing to stand
    /// for, fails the test at this call's line; the signal then plays the events that
    /// resolved.
    public func coldSSignal(
        _ marble: String, values: [String: Any?] = [:], error: Any? = nil, errors: [String: Any?] = [:], subscriptions: SubscriptionLog? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> SSignal {
        // Safety: the resolved events are only read, by each subscription (a signal hands
        // values of any type to the thread that starts it).
        nonisolated(unsafe) let events = MarbleNames(untypedValues: values, error: error, errors: errors).resolve(
            Marble(marble), reportingAt: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return SSignal { subscriber in
            SBlockDisposable(self.subscribeCold(events, log: subscriptions) { subscriber.put($0) })
        }
    }

    /// A hot `SSignal`: one timeline from tick 0 of the scheduler, whoever listens; a
    /// subscriber gets the events from the moment it subscribes. Names as in
    /// ``coldSSignal(_:values:error:errors:subscriptions:fileID:filePath:line:column:)``.
    public func hotSSignal(
        _ marble: String, values: [String: Any?] = [:], error: Any? = nil, errors: [String: Any?] = [:], subscriptions: SubscriptionLog? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> SSignal {
        let timeline = hotTimeline(
            MarbleNames(untypedValues: values, error: error, errors: errors).resolve(
                Marble(marble), reportingAt: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
        return SSignal { subscriber in
            SBlockDisposable(self.subscribeHot(timeline, log: subscriptions) { subscriber.put($0) })
        }
    }

    /// Subscribes to `signal` now and records its events with their ticks. Grammar
    /// violations are reported at this call's location.
    public func record(
        _ signal: SSignal, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> SSignalRecorder {
        SSignalRecorder(signal, scheduler: self, location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension SSubscriber {
    /// Sends a recorded event.
    fileprivate func put(_ kind: RecordedEvent<Any?, Any?>.Kind) {
        switch kind {
        case .next(let value): putNext(value)
        case .error(let error): putError(error)
        case .completed: putCompletion()
        }
    }
}
