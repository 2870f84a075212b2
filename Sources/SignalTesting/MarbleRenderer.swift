/// Writes recorded events back as a marble, with the names of the expectation, and the
/// failure message that compares two timelines.
struct MarbleRenderer<Value, Failure> {
    let names: MarbleNames<Value, Failure>
    let equal: (Value, Value) -> Bool
    let equalError: (Failure, Failure) -> Bool
    let scheduler: SignalTestScheduler

    /// The marble of `events`: one character per tick, a group for a tick with several
    /// events or a long name; a value without a name is written as its description.
    func marble(of events: [RecordedEvent<Value, Failure>]) -> String {
        guard let last = events.last?.tick else { return "" }
        var text = ""
        for tick in 0...max(0, last) {
            let tokens = events.filter { $0.tick == tick }.map { token($0.kind) }
            if tokens.isEmpty {
                text += "-"
            } else if tokens.count == 1, tokens[0].count == 1 || (tokens[0].count == 2 && tokens[0].hasPrefix("#")) {
                text += tokens[0]
            } else {
                text += "(" + tokens.joined(separator: ",") + ")"
            }
        }
        return text
    }

    /// The token of one event.
    func token(_ kind: RecordedEvent<Value, Failure>.Kind) -> String {
        switch kind {
        case .next(let value):
            return names.name(of: value, equal: equal) ?? names.describe(value)
        case .error(let failure):
            switch names.name(ofError: failure, equal: equalError) {
            case .some(nil): return "#"
            case .some(let name?): return "#" + name
            case .none: return "#" + names.describe(failure)
            }
        case .completed:
            return "|"
        }
    }

    /// One event as the lists of the failure message show it: its tick (and its time in
    /// seconds when it falls between ticks) and its token.
    func line(_ event: RecordedEvent<Value, Failure>) -> String {
        let onTick = abs(scheduler.time(ofTick: event.tick) - event.time) < 1e-9
        return (onTick ? "\(event.tick)" : "\(event.tick) (\(event.time) s)") + " " + token(event.kind)
    }

    /// The failure message: both marbles one above the other, a caret under the first
    /// character that differs, and both event lists.
    func diff(
        expected: String, recorded: String, expectedEvents: [RecordedEvent<Value, Failure>], recordedEvents: [RecordedEvent<Value, Failure>]
    ) -> String {
        var lines = ["the recorded events differ from the expected marble", "  expected: \(expected)", "  recorded: \(recorded)"]
        let expectedCharacters = Array(expected)
        let recordedCharacters = Array(recorded)
        if let column = (0..<max(expectedCharacters.count, recordedCharacters.count)).first(where: {
            $0 >= expectedCharacters.count || $0 >= recordedCharacters.count || expectedCharacters[$0] != recordedCharacters[$0]
        }) {
            lines.append("            " + String(repeating: " ", count: column) + "^")
        } else {
            lines.append("  (the same marble: the events differ between ticks or in values of the same name)")
        }
        lines.append("  expected events: [" + expectedEvents.map(line).joined(separator: ", ") + "]")
        lines.append("  recorded events: [" + recordedEvents.map(line).joined(separator: ", ") + "]")
        return lines.joined(separator: "\n")
    }
}
