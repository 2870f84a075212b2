/// One event of a marble diagram.
enum MarbleEvent: Equatable {
    case next(Int)
    case error(String)
    case completed
}

/// A source written as a marble string, one character per tick of virtual time.
///
/// - `-` nothing happens in this tick;
/// - a digit `0`...`9` emits that value;
/// - `|` completes; `#` fails with the error `"E"`; `#x` fails with the error `"x"`;
/// - `( ... )` groups comma-separated tokens that all happen in the same tick:
///   `(12)` emits 12, `(1,2,|)` emits 1 and 2 and completes in one tick.
///
/// Tick 0 is the moment of subscription: its events are sent synchronously, inside
/// the generator, so `(1,2,|)` is a synchronous source. Later ticks are scheduled on
/// the scenario's virtual clock, relative to the subscription time.
struct Marble: Equatable, CustomStringConvertible {
    /// The events with their ticks relative to subscription, in order.
    let events: [(tick: Int, event: MarbleEvent)]
    let text: String

    var description: String { text }

    static func == (lhs: Marble, rhs: Marble) -> Bool { lhs.text == rhs.text }

    init(_ text: String) {
        self.text = text
        var events: [(Int, MarbleEvent)] = []
        var tick = 0
        var index = text.startIndex
        func token(_ raw: Substring) -> MarbleEvent {
            switch raw {
            case "|": return .completed
            case "#": return .error("E")
            default:
                if raw.hasPrefix("#") { return .error(String(raw.dropFirst())) }
                guard let value = Int(raw) else { fatalError("bad marble token '\(raw)' in \(text)") }
                return .next(value)
            }
        }
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "-":
                break
            case "(":
                guard let close = text[index...].firstIndex(of: ")") else { fatalError("unclosed group in \(text)") }
                let inside = text[text.index(after: index)..<close]
                for part in inside.split(separator: ",") {
                    events.append((tick, token(part)))
                }
                index = close
            case "#":
                let next = text.index(after: index)
                if next < text.endIndex, text[next].isLetter {
                    events.append((tick, .error(String(text[next]))))
                    index = next
                } else {
                    events.append((tick, .error("E")))
                }
            default:
                events.append((tick, token(Substring(String(character)))))
            }
            tick += 1
            index = text.index(after: index)
        }
        self.events = events
    }
}
