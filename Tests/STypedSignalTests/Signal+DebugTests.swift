import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SignalDebugTests: LeakCheckedTestCase {
    func testReportsSubscribeEventsAndDisposeWithLabelAndThread() {
        let lines = EventLog()
        let received = EventLog()
        let signal =
            Signal<Int, NoError> { subscriber in
                subscriber.putNext(1)
                subscriber.putNext(2)
                subscriber.putCompletion()
                return EmptyDisposable
            } |> debug("numbers", log: { lines.add($0) })
        received.record(signal)
        XCTAssertEqual(received.events, ["next 1", "next 2", "completed"])
        // The test runs on the main thread.
        XCTAssertEqual(
            lines.events,
            [
                "numbers -> subscribed [main thread]",
                "numbers -> next(1) [main thread]",
                "numbers -> next(2) [main thread]",
                "numbers -> completed [main thread]",
                "numbers -> disposed [main thread]",
            ])
    }

    func testReportsErrorsAndExplicitDisposal() {
        let lines = EventLog()
        let failing = Signal<Int, TestError>.fail(TestError(5)) |> debug("f", log: { lines.add($0) })
        failing.start()
        XCTAssertEqual(lines.events, ["f -> subscribed [main thread]", "f -> error(E5) [main thread]", "f -> disposed [main thread]"])

        lines.clear()
        let never = Signal<Int, NoError>.never() |> debug("n", log: { lines.add($0) })
        let subscription = never.start()
        XCTAssertEqual(lines.events, ["n -> subscribed [main thread]"])
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(lines.events, ["n -> subscribed [main thread]", "n -> disposed [main thread]"])
    }

    func testNamesTheThreadOfEachEvent() {
        let lines = EventLog()
        let done = expectation(description: "completed")
        let queue = Queue(name: "debug-test")
        let signal = Signal<Int, NoError>.single(7) |> deliverOn(queue) |> debug("q", log: { lines.add($0) })
        let subscription = signal.start(completed: { done.fulfill() })
        wait(for: [done], timeout: 30)
        subscription.dispose()
        let events = lines.events
        XCTAssertEqual(events.first, "q -> subscribed [main thread]")
        XCTAssertTrue(events[1].hasPrefix("q -> next(7) [thread "), events[1])
        XCTAssertFalse(events[1].contains("main thread"))
    }

    func testEachSubscriptionIsReportedSeparately() {
        let lines = EventLog()
        let signal = Signal<String, NoError>.single("x") |> debug(log: { lines.add($0) })
        signal.start()
        signal.start()
        XCTAssertEqual(lines.events.filter { $0.hasPrefix("signal -> subscribed") }.count, 2)
        XCTAssertEqual(lines.events.filter { $0.hasPrefix("signal -> next(x)") }.count, 2)
    }
}
