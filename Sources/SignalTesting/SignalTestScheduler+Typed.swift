import STypedSignal

extension SignalTestScheduler {
    /// A cold `Signal`: each subscription plays `marble` from its own start, tick 0 at
    /// once (inside the subscription), tick `n` `n` ticks later.
    ///
    /// Names are looked up in `values` and `errors`; a bare `#` fails with `error`. A name
    /// missing from the dictionaries is read with `LosslessStringConvertible` when the
    /// type has it (`"-1-2|"` is a `Signal<Int, _>` without a dictionary).
    /// `subscriptions` records when each subscription began and ended. A malformed marble,
    /// or a name with nothing to stand for, fails the test at this call's line; the signal
    /// then plays the events that resolved.
    public func cold<T, E>(
        _ marble: String, values: [String: T] = [:], error: E? = nil, errors: [String: E] = [:], subscriptions: SubscriptionLog? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Signal<T, E> {
        // Safety: the resolved events are only read, by each subscription (a signal hands
        // values of any type to the thread that starts it).
        nonisolated(unsafe) let events = MarbleNames(typedValues: values, error: error, errors: errors).resolve(
            Marble(marble), reportingAt: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return Signal { subscriber in
            ActionDisposable(action: self.subscribeCold(events, log: subscriptions) { subscriber.put($0) })
        }
    }

    /// A hot `Signal`: one timeline from tick 0 of the scheduler, whoever listens; a
    /// subscriber gets the events from the moment it subscribes. Names as in
    /// ``cold(_:values:error:errors:subscriptions:fileID:filePath:line:column:)``.
    public func hot<T, E>(
        _ marble: String, values: [String: T] = [:], error: E? = nil, errors: [String: E] = [:], subscriptions: SubscriptionLog? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Signal<T, E> {
        let timeline = hotTimeline(
            MarbleNames(typedValues: values, error: error, errors: errors).resolve(
                Marble(marble), reportingAt: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
        return Signal { subscriber in
            ActionDisposable(action: self.subscribeHot(timeline, log: subscriptions) { subscriber.put($0) })
        }
    }

    /// Subscribes to `signal` now and records its events with their ticks. Grammar
    /// violations are reported at this call's location.
    public func record<T, E>(
        _ signal: Signal<T, E>, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> SignalRecorder<T, E> {
        SignalRecorder(signal, scheduler: self, location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension Subscriber {
    /// Sends a recorded event.
    fileprivate func put(_ kind: RecordedEvent<T, E>.Kind) {
        switch kind {
        case .next(let value): putNext(value)
        case .error(let error): putError(error)
        case .completed: putCompletion()
        }
    }
}
