import SignalSync

/// The storage shared by ``SignalRecorder`` and ``SSignalRecorder``: the events with their
/// times, the grammar check, and the comparison with an expected marble.
final class Recording<Value, Failure>: @unchecked Sendable {
    // Safety: `log` is guarded by its lock; the events are handed to the test as values.
    private struct Log {
        var grammar = EventGrammar()
        var events: [RecordedEvent<Value, Failure>] = []
        var violations: [String] = []
    }

    private let log = LockedState(Log())
    let scheduler: SignalTestScheduler
    /// The reporter of the task that started the recording (task-locals do not follow
    /// events delivered on other threads).
    private let reporter: TestFailureReporter
    /// Where the recording was started: grammar violations are reported there.
    private let location: TestSourceLocation

    init(scheduler: SignalTestScheduler, location: TestSourceLocation) {
        self.scheduler = scheduler
        self.reporter = TestFailureReporter.current
        self.location = location
    }

    /// Records one event, and reports it when it breaks the grammar.
    func receive(_ kind: RecordedEvent<Value, Failure>.Kind) {
        let time = scheduler.clock.now
        let event = RecordedEvent(time: time, tick: scheduler.tick(at: time), kind: kind)
        let name = Self.name(of: kind)
        let action = log.withLock { log -> EventGrammar.ReceiveAction in
            let action = log.grammar.receive(name, terminal: kind.isTerminal)
            log.events.append(event)
            if case .violation(let text) = action { log.violations.append(text) }
            return action
        }
        if case .violation(let text) = action {
            reporter.report(TestFailure(message: "event grammar violated at tick \(event.tick): \(text)", location: location))
        }
    }

    /// Records a value.
    func receiveNext(_ value: Value) { receive(.next(value)) }
    /// Records an error.
    func receiveError(_ error: Failure) { receive(.error(error)) }
    /// Records a completion.
    func receiveCompletion() { receive(.completed) }

    /// The recorder stops listening: later events are violations.
    func disposed() {
        log.withLock { $0.grammar.dispose() }
    }

    /// Every event so far.
    var events: [RecordedEvent<Value, Failure>] {
        log.withLock { $0.events }
    }

    /// The grammar violations so far.
    var violations: [String] {
        log.withLock { $0.violations }
    }

    /// Compares the events with `marble` (names resolved by `names`); on a difference,
    /// reports both marbles and both event lists. Returns true when they match.
    @discardableResult
    func expect(
        _ marble: Marble, names: MarbleNames<Value, Failure>, equal: @escaping (Value, Value) -> Bool,
        equalError: @escaping (Failure, Failure) -> Bool,
        at location: TestSourceLocation
    ) -> Bool {
        let (resolved, problems) = names.resolve(marble)
        guard problems.isEmpty else {
            for problem in problems {
                TestFailureReporter.current.report(TestFailure(message: problem.message, location: location))
            }
            return false
        }
        let expected = resolved.map { RecordedEvent(time: scheduler.time(ofTick: $0.tick), tick: $0.tick, kind: $0.kind) }
        let recorded = events
        let same =
            expected.count == recorded.count
            && zip(expected, recorded).allSatisfy { expected, recorded in
                abs(expected.time - recorded.time) < 1e-9 && Self.kinds(expected.kind, recorded.kind, equal: equal, equalError: equalError)
            }
        if same { return true }
        let renderer = MarbleRenderer(names: names, equal: equal, equalError: equalError, scheduler: scheduler)
        let message = renderer.diff(
            expected: renderer.marble(of: expected), recorded: renderer.marble(of: recorded), expectedEvents: expected,
            recordedEvents: recorded)
        TestFailureReporter.current.report(TestFailure(message: message, location: location))
        return false
    }

    private static func kinds(
        _ lhs: RecordedEvent<Value, Failure>.Kind, _ rhs: RecordedEvent<Value, Failure>.Kind, equal: (Value, Value) -> Bool,
        equalError: (Failure, Failure) -> Bool
    ) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): return equal(left, right)
        case (.error(let left), .error(let right)): return equalError(left, right)
        case (.completed, .completed): return true
        default: return false
        }
    }

    private static func name(of kind: RecordedEvent<Value, Failure>.Kind) -> String {
        switch kind {
        case .next: return "next"
        case .error: return "error"
        case .completed: return "completed"
        }
    }
}
