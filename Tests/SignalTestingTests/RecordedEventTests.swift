import STypedSignal
import SUntypedSignal
import SignalTestSupport
import SignalTesting
import XCTest

/// A recorded event prints as the lists of a marble write it: `<time>: <kind>`.
final class RecordedEventTests: LeakCheckedTestCase {
    func testAPrintedRecordingReadsLikeATimeline() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.cold("-3---|") as Signal<Int, NoError>)
        scheduler.advanceUntilIdle()
        XCTAssertEqual(String(describing: recorder.events), "[1.0: next(3), 5.0: completed]")
        XCTAssertEqual(String(reflecting: recorder.events), "[1.0: next(3), 5.0: completed]")
    }

    func testEachKindAndTheTimeBetweenTicks() {
        let next = RecordedEvent<String, String>(time: 0.5, tick: 1, kind: .next("a"))
        let error = RecordedEvent<String, String>(time: 2, tick: 2, kind: .error("x"))
        let completed = RecordedEvent<String, String>(time: 3, tick: 3, kind: .completed)
        XCTAssertEqual("\(next)", "0.5: next(a)")
        XCTAssertEqual("\(error)", "2.0: error(x)")
        XCTAssertEqual(completed.debugDescription, "3.0: completed")
        XCTAssertEqual(String(describing: RecordedEvent<Int, NoError>.Kind.next(7)), "next(7)")
    }

    func testOptionalsAreUnwrappedAndTuplesWrittenOut() {
        let some = RecordedEvent<Int?, NoError>(time: 1, tick: 1, kind: .next(4))
        let none = RecordedEvent<Int?, NoError>(time: 2, tick: 2, kind: .next(nil))
        let pair = RecordedEvent<(Int, String), NoError>(time: 3, tick: 3, kind: .next((1, "a")))
        XCTAssertEqual(String(describing: [some, none]), "[1.0: next(4), 2.0: next(nil)]")
        XCTAssertEqual("\(pair)", "3.0: next((1, \"a\"))")
    }

    func testAnUntypedRecordingPrintsItsValuesNotTheirBoxes() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.coldSSignal("-1-#", error: "boom"))
        scheduler.advanceUntilIdle()
        XCTAssertEqual(String(describing: recorder.events), "[1.0: next(1), 3.0: error(boom)]")
    }
}
