import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The event lines of both APIs' `debug` operators, formatted the same way.
///
/// A line reads `<label> -> <event> [<thread>]`, for example
/// `search -> next("swift") [thread 7f3a2c000b70 (oot.default-qos)]` or
/// `search -> subscribed [main thread]`.
package enum DebugTrace {
    /// The events a `debug` operator reports.
    package enum Event {
        /// A subscription started.
        case subscribed
        /// A value went through; the text is its description.
        case next(String)
        /// An error went through; the text is its description.
        case error(String)
        /// The subscription completed.
        case completed
        /// The subscription was disposed (also after a terminal event, which tears it down).
        case disposed

        var text: String {
            switch self {
            case .subscribed: "subscribed"
            case .next(let value): "next(\(value))"
            case .error(let error): "error(\(error))"
            case .completed: "completed"
            case .disposed: "disposed"
            }
        }
    }

    /// The line for `event` of the subscription labelled `label`, on the calling thread.
    package static func line(_ label: String, _ event: Event) -> String {
        "\(label) -> \(event.text) [\(currentThread())]"
    }

    /// Prints `line` with a wall-clock time stamp: the default sink of `debug`.
    @Sendable
    package static func printLine(_ line: String) {
        let seconds = Date().timeIntervalSince1970
        let stamp = String(format: "%.3f", seconds)
        print("\(stamp) \(line)")
    }

    /// A short name of the calling thread: "main thread", or its id and system name.
    package static func currentThread() -> String {
        if Thread.isMainThread {
            return "main thread"
        }
        #if canImport(Darwin)
            let id = String(UInt(bitPattern: pthread_self()), radix: 16)
        #else
            let id = String(UInt(pthread_self()), radix: 16)
        #endif
        if let name = Thread.current.name, !name.isEmpty {
            return "thread \(id) (\(name))"
        }
        return "thread \(id)"
    }
}
