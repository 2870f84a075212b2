/// One event a ``SignalRecorder`` or ``SSignalRecorder`` received, with its virtual time.
public struct RecordedEvent<Value, Failure> {
    /// What was received.
    public enum Kind {
        /// A value.
        case next(Value)
        /// The error that ended the signal.
        case error(Failure)
        /// The completion that ended the signal.
        case completed

        /// True for `error` and `completed`.
        public var isTerminal: Bool {
            if case .next = self { return false }
            return true
        }
    }

    /// The clock's time in seconds when the event arrived.
    public let time: Double
    /// The tick of that time on the scheduler's timeline (the time divided by the tick
    /// duration, rounded).
    public let tick: Int
    /// What was received.
    public let kind: Kind

    /// An event of `kind` at `time` seconds, which is tick `tick`.
    public init(time: Double, tick: Int, kind: Kind) {
        self.time = time
        self.tick = tick
        self.kind = kind
    }
}

extension RecordedEvent: Sendable where Value: Sendable, Failure: Sendable {}
extension RecordedEvent.Kind: Sendable where Value: Sendable, Failure: Sendable {}
extension RecordedEvent: Equatable where Value: Equatable, Failure: Equatable {}
extension RecordedEvent.Kind: Equatable where Value: Equatable, Failure: Equatable {}

extension RecordedEvent: CustomStringConvertible, CustomDebugStringConvertible {
    /// The event as a marble's lists write it: its time in seconds, then its kind.
    ///
    /// Values and errors are written with their descriptions, optionals unwrapped, so a
    /// printed recording reads like a timeline:
    ///
    /// ```swift
    /// let scheduler = SignalTestScheduler()
    /// let recorder = scheduler.record(scheduler.cold("-3---|") as Signal<Int, NoError>)
    /// scheduler.advanceUntilIdle()
    /// print(recorder.events)
    /// // [1.0: next(3), 5.0: completed]
    /// ```
    public var description: String {
        "\(time): \(kind)"
    }

    /// The same as ``description``: an array of events prints its elements this way.
    public var debugDescription: String {
        description
    }
}

extension RecordedEvent.Kind: CustomStringConvertible, CustomDebugStringConvertible {
    /// `next(<value>)`, `error(<error>)` or `completed`, values and errors written with
    /// their descriptions (optionals unwrapped, `nil` for none): `next(3)`, `error(timeout)`.
    public var description: String {
        switch self {
        case .next(let value): return "next(\(describeRecorded(value)))"
        case .error(let failure): return "error(\(describeRecorded(failure)))"
        case .completed: return "completed"
        }
    }

    /// The same as ``description``.
    public var debugDescription: String {
        description
    }
}

/// A recorded value or error as events print it: `nil`, or the description of what the
/// optionals hold.
func describeRecorded(_ value: Any?) -> String {
    String(describing: flattened(value) ?? "nil")
}

/// How the names of a marble become values and errors: the dictionaries given, then a
/// fallback for names they lack.
struct MarbleNames<Value, Failure> {
    let values: [String: Value]
    let error: Failure?
    let errors: [String: Failure]
    /// A value for a name the dictionary lacks, if there is one.
    let fallbackValue: (String) -> Value?
    /// An error for a name the dictionary lacks, if there is one.
    let fallbackError: (String) -> Failure?

    /// The event of a marble token, or what is wrong with it (a name given no value or
    /// error).
    func resolve(_ token: Marble.Token, in marble: Marble) -> Result<RecordedEvent<Value, Failure>.Kind, MarbleProblem> {
        switch token {
        case .completed:
            return .success(.completed)
        case .next(let name):
            guard let value = values[name] ?? fallbackValue(name) else {
                return .failure(MarbleProblem("marble '\(marble)': no value named '\(name)' (pass it in `values:`)"))
            }
            return .success(.next(value))
        case .error(nil):
            guard let error else { return .failure(MarbleProblem("marble '\(marble)': '#' needs an `error:`")) }
            return .success(.error(error))
        case .error(let name?):
            guard let error = errors[name] ?? fallbackError(name) else {
                return .failure(MarbleProblem("marble '\(marble)': no error named '\(name)' (pass it in `errors:`)"))
            }
            return .success(.error(error))
        }
    }

    /// The marble's events with their ticks, and what is wrong with it: a malformed text,
    /// a name with nothing to stand for (such an event is left out).
    func resolve(_ marble: Marble) -> (events: [(tick: Int, kind: RecordedEvent<Value, Failure>.Kind)], problems: [MarbleProblem]) {
        var events: [(tick: Int, kind: RecordedEvent<Value, Failure>.Kind)] = []
        var problems = marble.problem.map { [MarbleProblem($0)] } ?? []
        for event in marble.events {
            switch resolve(event.token, in: marble) {
            case .success(let kind): events.append((event.tick, kind))
            case .failure(let problem): problems.append(problem)
            }
        }
        return (events, problems)
    }

    /// The marble's events with their ticks; each problem (see `resolve(_:)`) is reported
    /// as a test failure at `location`, and the test goes on without that event.
    func resolve(_ marble: Marble, reportingAt location: TestSourceLocation) -> [(tick: Int, kind: RecordedEvent<Value, Failure>.Kind)] {
        let (events, problems) = resolve(marble)
        for problem in problems {
            TestFailureReporter.current.report(TestFailure(message: problem.message, location: location))
        }
        return events
    }

    /// The name of `value`: the first name mapped to an equal value, or its description
    /// when that name stands for it; `nil` when it has no name.
    func name(of value: Value, equal: (Value, Value) -> Bool) -> String? {
        if let name = values.filter({ equal($0.value, value) }).keys.sorted().first { return name }
        let description = describe(value)
        guard values[description] == nil, let fallback = fallbackValue(description), equal(fallback, value) else { return nil }
        return description
    }

    /// The name of `failure`: `nil` for the default error, the first name mapped to it
    /// (or its description when that name stands for it) otherwise; `.none` when it has
    /// no name.
    func name(ofError failure: Failure, equal: (Failure, Failure) -> Bool) -> String?? {
        if let error, equal(error, failure) { return .some(nil) }
        if let name = errors.filter({ equal($0.value, failure) }).keys.sorted().first { return .some(name) }
        let description = describe(failure)
        guard errors[description] == nil, let fallback = fallbackError(description), equal(fallback, failure) else { return .none }
        return .some(description)
    }
}

extension MarbleNames {
    /// Names for a typed signal: a name the dictionaries lack is read with
    /// `LosslessStringConvertible` when the type has it (`"3"` is the `Int` 3, `"a"` the
    /// `String` "a").
    init(typedValues values: [String: Value], error: Failure?, errors: [String: Failure]) {
        self.init(
            values: values, error: error, errors: errors,
            fallbackValue: { name in (Value.self as? any LosslessStringConvertible.Type)?.init(name) as? Value },
            fallbackError: { name in (Failure.self as? any LosslessStringConvertible.Type)?.init(name) as? Failure })
    }
}

extension MarbleNames where Value == Any?, Failure == Any? {
    /// Names for an untyped signal: a name the dictionaries lack is an `Int` when it reads
    /// as one, otherwise the name itself as a `String`.
    init(untypedValues values: [String: Any?], error: Any?, errors: [String: Any?]) {
        self.init(
            values: values, error: error, errors: errors,
            fallbackValue: { name in .some(Int(name).map { $0 as Any } ?? name) },
            fallbackError: { name in .some(Int(name).map { $0 as Any } ?? name) })
    }
}

extension MarbleNames {
    /// A value or error as failure messages write it: `nil`, or the description of what
    /// the optionals hold.
    func describe(_ value: Any?) -> String {
        describeRecorded(value)
    }
}

/// `value` with every level of `Optional` removed (an `Int?` boxed in `Any` that is nil
/// is nil).
private func flattened(_ value: Any?) -> Any? {
    guard let value else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return flattened(mirror.children.first?.value)
}

/// What is wrong with a marble: reported as a test failure where it was used.
struct MarbleProblem: Error {
    /// The failure's message.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
