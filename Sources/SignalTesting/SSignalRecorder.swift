import SUntypedSignal

/// The events of one subscription to an `SSignal`, with their virtual times, checked
/// against the event grammar `next* (error | completed)?` as they arrive.
///
/// Made by `SignalTestScheduler.record(_:)`,
/// which subscribes at once. Values compare as `SSignal.ignoreRepeated()` compares them
/// (nil equals nil, `Hashable` values as `AnyHashable`, other `Equatable` values with `==`).
public final class SSignalRecorder: @unchecked Sendable {
    // Safety: the recording is thread-safe; the handle is only disposed.
    private let recording: Recording<Any?, Any?>
    private let handle: SDisposable

    init(_ signal: SSignal, scheduler: SignalTestScheduler, location: TestSourceLocation) {
        let recording = Recording<Any?, Any?>(scheduler: scheduler, location: location)
        self.recording = recording
        handle = signal.start(
            next: { recording.receive(.next($0)) },
            error: { recording.receive(.error($0)) },
            completed: { recording.receive(.completed) })
    }

    /// Every event so far.
    public var events: [RecordedEvent<Any?, Any?>] {
        recording.events
    }

    /// The values so far.
    public var values: [Any?] {
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
        handle.dispose()
    }

    /// Checks that the recorded events are exactly those of `marble` at their ticks, and
    /// reports a failure at the caller's line otherwise, with both marbles and both event
    /// lists. Names resolve as in ``SignalTestScheduler/coldSSignal(_:values:error:errors:subscriptions:)``.
    /// Returns true when they match.
    @discardableResult
    public func expect(
        _ marble: String, values: [String: Any?] = [:], error: Any? = nil, errors: [String: Any?] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        recording.expect(
            Marble(marble), names: MarbleNames(untypedValues: values, error: error, errors: errors), equal: untypedValuesEqual,
            equalError: untypedValuesEqual, at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
