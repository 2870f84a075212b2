import STypedSignal
import SignalTestSupport
import XCTest

final class SignalMaterializeTests: LeakCheckedTestCase {
    func testDematerializeTurnsEventsIntoValues() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(source.signal |> dematerialize)
        source.putNext(1)
        source.putError(TestError(2))
        log.record(Signal<Int, TestError>.complete() |> dematerialize)
        XCTAssertEqual(log.events, ["next Next(1)", "next Error(E2)", "completed", "next Completion", "completed"])
    }

    func testRoundTrip() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.single(3) |> dematerialize |> materialize)
        log.record(Signal<Int, TestError>.fail(TestError(4)) |> dematerialize |> materialize)
        XCTAssertEqual(log.events, ["next 3", "completed", "error E4"])
    }
}
