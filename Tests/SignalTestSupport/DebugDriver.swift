import Foundation
import XCTest

/// A source signal for `DebugDriver`, which the adapter builds in its API.
public enum DebugSource<Value> {
    /// Sends these values in order, then completes, all while starting.
    case values([Value])
    /// Fails at once with the adapter's error (`DebugAdapter.failureText`).
    case failure
    /// Never sends anything.
    case never
    /// Sends one value on a queue of its own, then completes there.
    case singleOnAnotherQueue(Value)
}

/// One API's `debug` operator, for `DebugDriver`.
public protocol DebugAdapter: Sendable {
    /// The values of the API's signals.
    associatedtype Value

    /// How `debug` writes the error of `DebugSource.failure`.
    static var failureText: String { get }

    /// Starts `source` behind `debug(label, log:)`, records its events into `record`
    /// (`next <value>`, `error <error>`, `completed`) and returns what disposes the
    /// subscription.
    static func startDebugged(
        _ source: DebugSource<Value>, label: String, log: @escaping @Sendable (String) -> Void,
        record: @escaping @Sendable (String) -> Void
    ) -> () -> Void
}

/// The tests of `debug` written once for both APIs: one line per subscription, event and
/// disposal, with the label and the thread that ran it.
public enum DebugDriver {
    /// Values then the completion, on the test's (main) thread: every event passes through
    /// unchanged and `debug` reports each one, written as `shown`, then the disposal.
    public static func reportsSubscribeEventsAndDispose<A: DebugAdapter>(
        _ api: A.Type, label: String, values: [A.Value], shown: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        let lines = EventLog()
        let received = EventLog()
        _ = A.startDebugged(.values(values), label: label, log: { lines.add($0) }, record: { received.add($0) })
        XCTAssertEqual(received.events, shown.map { "next \($0)" } + ["completed"], file: file, line: line)
        let expected = ["subscribed"] + shown.map { "next(\($0))" } + ["completed", "disposed"]
        XCTAssertEqual(lines.events, expected.map { "\(label) -> \($0) [main thread]" }, file: file, line: line)
    }

    /// An error is reported, then the disposal; a subscription disposed twice reports its
    /// disposal once.
    public static func reportsErrorsAndDisposalOnce<A: DebugAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let lines = EventLog()
        _ = A.startDebugged(.failure, label: "f", log: { lines.add($0) }, record: { _ in })
        XCTAssertEqual(
            lines.events, ["f -> subscribed [main thread]", "f -> error(\(A.failureText)) [main thread]", "f -> disposed [main thread]"],
            file: file, line: line)

        lines.clear()
        let dispose = A.startDebugged(.never, label: "n", log: { lines.add($0) }, record: { _ in })
        XCTAssertEqual(lines.events, ["n -> subscribed [main thread]"], file: file, line: line)
        dispose()
        dispose()
        XCTAssertEqual(lines.events, ["n -> subscribed [main thread]", "n -> disposed [main thread]"], file: file, line: line)
    }

    /// A value delivered on another queue: its line names that thread, not the main one.
    public static func namesTheThreadOfEachEvent<A: DebugAdapter>(
        _ api: A.Type, value: A.Value, shown: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let lines = EventLog()
        let done = DispatchSemaphore(value: 0)
        let dispose = A.startDebugged(
            .singleOnAnotherQueue(value), label: "q", log: { lines.add($0) },
            record: { event in
                if event == "completed" { done.signal() }
            })
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "watchdog: never completed", file: file, line: line)
        dispose()
        let events = lines.events
        XCTAssertEqual(events.first, "q -> subscribed [main thread]", file: file, line: line)
        guard events.count > 1 else { return XCTFail("no line for the value: \(events)", file: file, line: line) }
        XCTAssertTrue(events[1].hasPrefix("q -> next(\(shown)) [thread "), events[1], file: file, line: line)
        XCTAssertFalse(events[1].contains("main thread"), events[1], file: file, line: line)
    }
}
