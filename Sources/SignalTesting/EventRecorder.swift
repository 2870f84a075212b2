/// What ``SignalRecorder`` and ``SSignalRecorder`` share: the events of one subscription
/// with their virtual times, checked against the event grammar `next* (error | completed)?`
/// as they arrive.
public class EventRecorder<Value, Failure>: @unchecked Sendable {
    // Safety: the recording is thread-safe; `stop` disposes a subscription, which any
    // thread may do.
    let recording: Recording<Value, Failure>
    private let stop: () -> Void

    /// A recorder whose `subscribe` starts the subscription, sending each event to the
    /// recording, and returns the function that disposes it.
    init(
        scheduler: SignalTestScheduler, location: TestSourceLocation,
        subscribe: (Recording<Value, Failure>) -> () -> Void
    ) {
        let recording = Recording<Value, Failure>(scheduler: scheduler, location: location)
        self.recording = recording
        stop = subscribe(recording)
    }

    /// Every event so far.
    public var events: [RecordedEvent<Value, Failure>] {
        recording.events
    }

    /// The values so far.
    public var values: [Value] {
        events.compactMap { if case .next(let value) = $0.kind { .some(value) } else { nil } }
    }

    /// The event-grammar violations so far (each was also reported as a failure).
    public var violations: [String] {
        recording.violations
    }

    /// Stops listening: disposes the subscription. Events that still arrive are grammar
    /// violations.
    public func dispose() {
        recording.disposed()
        stop()
    }
}
