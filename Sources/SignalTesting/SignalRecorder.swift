import STypedSignal

/// The events of one subscription to a typed `Signal`, with their virtual times, checked
/// against the event grammar `next* (error | completed)?` as they arrive.
///
/// Made by `SignalTestScheduler.record(_:)`, which
/// subscribes at once. Compare with a marble with ``expect(_:values:error:errors:fileID:filePath:line:column:)``.
public final class SignalRecorder<T, E>: @unchecked Sendable {
    // Safety: the recording is thread-safe; the handle is only disposed.
    private let recording: Recording<T, E>
    private let handle: Disposable

    init(_ signal: Signal<T, E>, scheduler: SignalTestScheduler, location: TestSourceLocation) {
        let recording = Recording<T, E>(scheduler: scheduler, location: location)
        self.recording = recording
        handle = signal.start(
            next: { recording.receive(.next($0)) },
            error: { recording.receive(.error($0)) },
            completed: { recording.receive(.completed) })
    }

    /// Every event so far.
    public var events: [RecordedEvent<T, E>] {
        recording.events
    }

    /// The values so far.
    public var values: [T] {
        events.compactMap { if case .next(let value) = $0.kind { value } else { nil } }
    }

    /// The event-grammar violations so far (each was also reported as a failure).
    public var violations: [String] {
        recording.violations
    }

    /// Stops listening: disposes the subscription. Events that still arrive are grammar
    /// violations.
    public func dispose() {
        recording.disposed()
        handle.dispose()
    }

    /// Checks that the recorded events are exactly those of `marble` at their ticks, and
    /// reports a failure at the caller's line otherwise, with both marbles and both event
    /// lists. Names resolve as in ``SignalTestScheduler/cold(_:values:error:errors:subscriptions:)``.
    /// Returns true when they match.
    @discardableResult
    public func expect(
        _ marble: String, values: [String: T] = [:], error: E? = nil, errors: [String: E] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where T: Equatable, E: Equatable {
        recording.expect(
            Marble(marble), names: MarbleNames(typedValues: values, error: error, errors: errors), equal: ==, equalError: ==,
            at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension SignalRecorder {
    /// Checks the events of a signal that never fails.
    @discardableResult
    public func expect(
        _ marble: String, values: [String: T] = [:], fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> Bool where T: Equatable, E == NoError {
        recording.expect(
            Marble(marble), names: MarbleNames(typedValues: values, error: nil, errors: [:]), equal: ==, equalError: uninhabitedEqual,
            at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// The equality of the errors of a signal that cannot fail: never called.
private func uninhabitedEqual<F>(_ lhs: F, _ rhs: F) -> Bool {
    false
}
