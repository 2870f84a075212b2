import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The typed `debug`: the tests of `DebugDriver` (the untyped API runs them in
/// `SSignalDebugTests`), and one subscription per line group.
final class SignalDebugTests: LeakCheckedTestCase {
    func testReportsSubscribeEventsAndDisposeWithLabelAndThread() {
        DebugDriver.reportsSubscribeEventsAndDispose(TypedDebug.self, label: "numbers", values: [1, 2], shown: ["1", "2"])
    }

    func testReportsErrorsAndDisposalOnce() { DebugDriver.reportsErrorsAndDisposalOnce(TypedDebug.self) }

    func testNamesTheThreadOfEachEvent() { DebugDriver.namesTheThreadOfEachEvent(TypedDebug.self, value: 7, shown: "7") }

    func testEachSubscriptionIsReportedSeparately() {
        let lines = EventLog()
        let signal = Signal<String, NoError>.single("x") |> debug(log: { lines.add($0) })
        signal.start()
        signal.start()
        XCTAssertEqual(lines.events.filter { $0.hasPrefix("signal -> subscribed") }.count, 2)
        XCTAssertEqual(lines.events.filter { $0.hasPrefix("signal -> next(x)") }.count, 2)
    }
}

/// The typed `debug` as `DebugDriver` sees it.
enum TypedDebug: DebugAdapter {
    static let failureText = "E5"

    static func startDebugged(
        _ source: DebugSource<Int>, label: String, log: @escaping @Sendable (String) -> Void, record: @escaping @Sendable (String) -> Void
    ) -> () -> Void {
        switch source {
        case .values(let values):
            let signal = Signal<Int, NoError> { subscriber in
                for value in values { subscriber.putNext(value) }
                subscriber.putCompletion()
                return EmptyDisposable
            }
            return start(signal |> debug(label, log: log), record)
        case .failure:
            return start(Signal<Int, TestError>.fail(TestError(5)) |> debug(label, log: log), record)
        case .never:
            return start(Signal<Int, NoError>.never() |> debug(label, log: log), record)
        case .singleOnAnotherQueue(let value):
            return start(Signal<Int, NoError>.single(value) |> deliverOn(Queue(name: "debug-test")) |> debug(label, log: log), record)
        }
    }

    private static func start<E>(_ signal: Signal<Int, E>, _ record: @escaping @Sendable (String) -> Void) -> () -> Void {
        signal.start(next: { record("next \($0)") }, error: { record("error \($0)") }, completed: { record("completed") }).dispose
    }
}
