import STypedSignal

/// The events of one subscription to a typed `Signal`, with their virtual times, checked
/// against the event grammar `next* (error | completed)?` as they arrive.
///
/// Made by `SignalTestScheduler.record(_:)`, which
/// subscribes at once. Compare with a marble with ``expect(_:values:error:errors:fileID:filePath:line:column:)-(_,[String:T],_,_,_,_,_,_)``;
/// values that are not `Equatable` compare with a predicate,
/// ``expect(_:values:error:errors:by:fileID:filePath:line:column:)``, and the tuples of
/// `combineLatest` (2 to 6 `Equatable` elements) element by element, with no predicate.
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

extension SignalRecorder {
    /// Checks the recorded events against `marble`, comparing values with `areEqual`: for
    /// values that are not `Equatable`.
    ///
    /// Otherwise the same as ``expect(_:values:error:errors:fileID:filePath:line:column:)-(_,[String:T],_,_,_,_,_,_)``:
    /// `areEqual` also finds the names of recorded values in `values` for the failure
    /// message. Errors compare with `==`.
    ///
    /// ```swift
    /// struct Point { var x, y: Int }  // not Equatable
    /// let points: Signal<Point, NoError> = scheduler.cold("-a|", values: ["a": Point(x: 1, y: 2)])
    /// let recorder = scheduler.record(points)
    /// scheduler.advanceUntilIdle()
    /// recorder.expect("-a|", values: ["a": Point(x: 1, y: 2)], by: { $0.x == $1.x && $0.y == $1.y })
    /// ```
    @discardableResult
    public func expect(
        _ marble: String, values: [String: T] = [:], error: E? = nil, errors: [String: E] = [:], by areEqual: @escaping (T, T) -> Bool,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where E: Equatable {
        recording.expect(
            Marble(marble), names: MarbleNames(typedValues: values, error: error, errors: errors), equal: areEqual, equalError: ==,
            at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks the recorded pairs against `marble`, comparing them element by element: for
    /// `combineLatest` of two signals, whose tuples are not `Equatable`.
    ///
    /// Otherwise the same as ``expect(_:values:error:errors:fileID:filePath:line:column:)-(_,[String:T],_,_,_,_,_,_)``.
    ///
    /// ```swift
    /// let numbers: Signal<Int, NoError> = scheduler.cold("-1---2|")
    /// let letters: Signal<String, NoError> = scheduler.cold("---a--|")
    /// let recorder = scheduler.record(combineLatest(numbers, letters))
    /// scheduler.advanceUntilIdle()
    /// recorder.expect("---p-q|", values: ["p": (1, "a"), "q": (2, "a")])
    /// ```
    @discardableResult
    public func expect<A: Equatable, B: Equatable>(
        _ marble: String, values: [String: (A, B)] = [:], error: E? = nil, errors: [String: E] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where T == (A, B), E: Equatable {
        expect(
            marble, values: values, error: error, errors: errors, by: { $0 == $1 }, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks recorded triples element by element (`combineLatest` of three signals), as
    /// the form for pairs does.
    @discardableResult
    public func expect<A: Equatable, B: Equatable, C: Equatable>(
        _ marble: String, values: [String: (A, B, C)] = [:], error: E? = nil, errors: [String: E] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where T == (A, B, C), E: Equatable {
        expect(
            marble, values: values, error: error, errors: errors, by: { $0 == $1 }, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks recorded 4-tuples element by element (`combineLatest` of four signals), as
    /// the form for pairs does.
    @discardableResult
    public func expect<A: Equatable, B: Equatable, C: Equatable, D: Equatable>(
        _ marble: String, values: [String: (A, B, C, D)] = [:], error: E? = nil, errors: [String: E] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where T == (A, B, C, D), E: Equatable {
        expect(
            marble, values: values, error: error, errors: errors, by: { $0 == $1 }, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks recorded 5-tuples element by element (`combineLatest` of five signals), as
    /// the form for pairs does.
    @discardableResult
    public func expect<A: Equatable, B: Equatable, C: Equatable, D: Equatable, F: Equatable>(
        _ marble: String, values: [String: (A, B, C, D, F)] = [:], error: E? = nil, errors: [String: E] = [:], fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where T == (A, B, C, D, F), E: Equatable {
        expect(
            marble, values: values, error: error, errors: errors, by: { $0 == $1 }, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks recorded 6-tuples element by element (`combineLatest` of six signals), as
    /// the form for pairs does.
    @discardableResult
    public func expect<A: Equatable, B: Equatable, C: Equatable, D: Equatable, F: Equatable, G: Equatable>(
        _ marble: String, values: [String: (A, B, C, D, F, G)] = [:], error: E? = nil, errors: [String: E] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where T == (A, B, C, D, F, G), E: Equatable {
        expect(
            marble, values: values, error: error, errors: errors, by: { $0 == $1 }, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}

/// The equality of the errors of a signal that cannot fail: never called.
private func uninhabitedEqual<F>(_ lhs: F, _ rhs: F) -> Bool {
    false
}
