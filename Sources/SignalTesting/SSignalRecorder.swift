import SUntypedSignal

/// The events of one subscription to an `SSignal`, with their virtual times, checked
/// against the event grammar `next* (error | completed)?` as they arrive.
///
/// Made by `SignalTestScheduler.record(_:)`,
/// which subscribes at once. Values compare as `SSignal.ignoreRepeated()` compares them
/// (nil equals nil, `Hashable` values as `AnyHashable`, other `Equatable` values with `==`).
public final class SSignalRecorder: EventRecorder<Any?, Any?>, @unchecked Sendable {
    // Safety: no stored property of its own; `EventRecorder`'s are thread-safe (see there).
    // Pinned by UntypedMarbleTests.testAColdSSignalThroughMapMatchesItsMarble.
    init(_ signal: SSignal, scheduler: SignalTestScheduler, location: TestSourceLocation) {
        super.init(scheduler: scheduler, location: location) { recording in
            let handle = signal.start(next: recording.receiveNext, error: recording.receiveError, completed: recording.receiveCompletion)
            return { handle.dispose() }
        }
    }

    /// Compares the recording with `marble`: the same events at the same ticks, values and
    /// errors compared as described above. A difference fails the test at the caller's line
    /// with both marbles and both event lists; the result says whether they matched. Names
    /// resolve as in ``SignalTestScheduler/coldSSignal(_:values:error:errors:subscriptions:fileID:filePath:line:column:)``.
    @discardableResult
    public func expect(
        _ marble: String, values: [String: Any?] = [:], error: Any? = nil, errors: [String: Any?] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        recording.expect(
            Marble(marble), names: MarbleNames(untypedValues: values, error: error, errors: errors), equal: untypedValuesEqual,
            equalError: untypedValuesEqual, at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Compares the recording with `marble`, values compared with `areEqual`: for values
    /// the default comparison cannot see into (tuples, arrays of `Any`, types that are not
    /// `Equatable`).
    ///
    /// Otherwise the same as ``expect(_:values:error:errors:fileID:filePath:line:column:)``;
    /// errors compare as described above.
    ///
    /// ```swift
    /// func samePair(_ lhs: Any?, _ rhs: Any?) -> Bool {
    ///     guard let lhs = lhs as? (Int, String), let rhs = rhs as? (Int, String) else { return false }
    ///     return lhs == rhs
    /// }
    /// let recorder = scheduler.record(scheduler.coldSSignal("-a|", values: ["a": (1, "x")]))
    /// scheduler.advanceUntilIdle()
    /// recorder.expect("-a|", values: ["a": (1, "x")], by: samePair)
    /// ```
    @discardableResult
    public func expect(
        _ marble: String, values: [String: Any?] = [:], error: Any? = nil, errors: [String: Any?] = [:],
        by areEqual: @escaping (Any?, Any?) -> Bool, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> Bool {
        recording.expect(
            Marble(marble), names: MarbleNames(untypedValues: values, error: error, errors: errors), equal: areEqual,
            equalError: untypedValuesEqual, at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
