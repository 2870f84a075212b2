/// A timeline written as a string, one character per tick of virtual time.
///
/// - `-` nothing happens in this tick (a space is ignored and takes no tick);
/// - any other character is a value, by name: `a`, `1`, `x`;
/// - `|` completes; `#` fails with the default error; `#x` fails with the error named `x`;
/// - `( ... )` groups comma-separated tokens that all happen in the same tick, which the
///   group takes as a whole: `(12)` is the value named `12`, `(a,b,|)` emits `a` and `b`
///   and completes in one tick. A one-character value directly followed by `|` or `#`
///   reads as RxJS writes it: `(c|)` is `(c,|)`, `(c#)` is `(c,#)`. A longer name there,
///   `(ab|)`, is ambiguous (RxJS reads `a`, `b`, `|`) and is a ``problem`` that says to
///   write `(a,b,|)` or `(ab,|)`.
///
/// Tick 0 is the first character. How long a tick is in seconds is the
/// ``SignalTestScheduler``'s `tickDuration` (one second unless told otherwise).
/// A malformed marble (an unclosed group) keeps the events before the fault and says what
/// is wrong in ``problem``, and where: the fault's offset in characters from the start of
/// the text (spaces count) and its tick, `unclosed group at offset 3 (tick 3)` for
/// `"-1-(2,3"`. The scheduler and recorders that take it report that as a test failure at
/// their caller's line, and the run goes on.
public struct Marble: Hashable, Sendable, CustomStringConvertible {
    /// What happens at one tick of a marble, before names are resolved to values.
    public enum Token: Hashable, Sendable {
        /// The value with this name.
        case next(String)
        /// The error with this name; `nil` for a bare `#`, the default error.
        case error(String?)
        /// The completion.
        case completed
    }

    /// One token and its tick.
    public struct Event: Hashable, Sendable {
        /// The tick, counted from the marble's first character.
        public let tick: Int
        /// What happens.
        public let token: Token
    }

    /// The text the marble was parsed from.
    public let text: String
    /// The events in order.
    public let events: [Event]
    /// What is wrong with the text, or nil when it is well formed.
    public let problem: String?

    /// Parses `text`.
    public init(_ text: String) {
        self.text = text
        var events: [Event] = []
        var problem: String?
        var tick = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case " ":
                index = text.index(after: index)
                continue
            case "-":
                break
            case "(":
                guard let close = text[index...].firstIndex(of: ")") else {
                    problem = "marble '\(text)': unclosed group \(Self.position(index, tick: tick, in: text)): the '(' has no ')'"
                    index = text.endIndex
                    continue
                }
                var fault: String?
                for part in text[text.index(after: index)..<close].split(separator: ",") {
                    switch Self.groupTokens(part, at: Self.position(part.startIndex, tick: tick, in: text)) {
                    case .success(let tokens): events += tokens.map { Event(tick: tick, token: $0) }
                    case .failure(let problem): fault = fault ?? problem.message
                    }
                }
                if let fault {
                    problem = "marble '\(text)': \(fault)"
                    index = text.endIndex
                    continue
                }
                index = close
            case "#":
                let next = text.index(after: index)
                if next < text.endIndex, text[next].isLetter {
                    events.append(Event(tick: tick, token: .error(String(text[next]))))
                    index = next
                } else {
                    events.append(Event(tick: tick, token: .error(nil)))
                }
            default:
                events.append(Event(tick: tick, token: Self.token(Substring(String(character)))))
            }
            tick += 1
            index = text.index(after: index)
        }
        self.events = events
        self.problem = problem
    }

    /// The marble's text.
    public var description: String { text }

    /// The tokens of one member of a group: one token, or two for a one-character value
    /// written as RxJS writes it with the terminal event after it (`c|` is `c,|`, `c#x`
    /// is `c,#x`). A longer name before `|` or `#` is ambiguous (RxJS reads each character
    /// as a value, this grammar reads one name) and is a problem, which names `position`.
    private static func groupTokens(_ part: Substring, at position: @autoclosure () -> String) -> Result<[Token], MarbleGroupProblem> {
        guard let end = part.dropFirst().firstIndex(where: { $0 == "|" || $0 == "#" }) else { return .success([token(part)]) }
        let name = part[..<end]
        let terminal = part[end...]
        let readsAsTerminal = terminal == "|" || (terminal.first == "#" && !terminal.dropFirst().contains { $0 == "|" || $0 == "#" })
        guard readsAsTerminal, name.count == 1 else {
            let spaced = part.map(String.init).joined(separator: ",")
            return .failure(
                MarbleGroupProblem(
                    "group member '\(part)' \(position()) is ambiguous: separate the events of a group with commas, '(\(spaced))' for one event per character, '(\(name),\(terminal))' for the value named '\(name)' and then '\(terminal)'"
                ))
        }
        return .success([token(name), token(terminal)])
    }

    /// Where `index` is in `text`, as problems say it: `at offset 3 (tick 3)`, the offset
    /// counted in characters from the start (spaces too), the tick as the events count it.
    private static func position(_ index: String.Index, tick: Int, in text: String) -> String {
        "at offset \(text.distance(from: text.startIndex, to: index)) (tick \(tick))"
    }

    /// The token a group member or a single character stands for.
    private static func token(_ raw: Substring) -> Token {
        switch raw {
        case "|": return .completed
        case "#": return .error(nil)
        default: return raw.hasPrefix("#") ? .error(String(raw.dropFirst())) : .next(String(raw))
        }
    }
}

/// Why a member of a marble's group cannot be read.
private struct MarbleGroupProblem: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
