import STypedSignal

/// The events of one subscription to a typed `Signal`, with their virtual times, checked
/// against the event grammar `next* (error | completed)?` as they arrive.
///
/// Made by `SignalTestScheduler.record(_:)`, which
/// subscribes at once. Compare with a marble with ``expect(_:values:error:errors:fileID:filePath:line:column:)``.
public final class SignalRecorder<T, E>: EventRecorder<T, E>, @unchecked Sendable {
    // Safety: no stored property of its own; `EventRecorder`'s are thread-safe (see there).
    // Pinned by TypedMarbleTests.testARecorderDisposedStopsItsSubscription.
    init(_ signal: Signal<T, E>, scheduler: SignalTestScheduler, location: TestSourceLocation) {
        super.init(scheduler: scheduler, location: location) { recording in
            let handle = signal.start(next: recording.receiveNext, error: recording.receiveError, completed: recording.receiveCompletion)
            return { handle.dispose() }
        }
    }

    /// Checks that the recorded events are exactly those of `marble` at their ticks, and
    /// reports a failure at the caller's line otherwise, with both marbles and both event
    /// lists. Names resolve as in ``SignalTestScheduler/cold(_:values:error:errors:subscriptions:fileID:filePath:line:column:)``.
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
