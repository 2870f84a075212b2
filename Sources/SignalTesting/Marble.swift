/// A timeline written as a string, one character per tick of virtual time.
///
/// - `-` nothing happens in this tick (a space is ignored and takes no tick);
/// - any other character is a value, by name: `a`, `1`, `x`;
/// - `|` completes; `#` fails with the default error; `#x` fails with the error named `x`;
/// - `( ... )` groups comma-separated tokens that all happen in the same tick, which the
///   group takes as a whole: `(12)` is the value named `12`, `(a,b,|)` emits `a` and `b`
///   and completes in one tick.
///
/// Tick 0 is the first character. How long a tick is in seconds is the
/// ``SignalTestScheduler``'s `tickDuration` (one second unless told otherwise).
/// A malformed marble (an unclosed group) keeps the events before the fault and says what
/// is wrong in ``problem``; the scheduler and recorders that take it report that as a test
/// failure at their caller's line, and the run goes on.
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
                    problem = "unclosed group in marble '\(text)'"
                    index = text.endIndex
                    continue
                }
                for part in text[text.index(after: index)..<close].split(separator: ",") {
                    events.append(Event(tick: tick, token: Self.token(part)))
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

    /// The token a group member or a single character stands for.
    private static func token(_ raw: Substring) -> Token {
        switch raw {
        case "|": return .completed
        case "#": return .error(nil)
        default: return raw.hasPrefix("#") ? .error(String(raw.dropFirst())) : .next(String(raw))
        }
    }
}
