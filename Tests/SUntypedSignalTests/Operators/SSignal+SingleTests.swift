import SUntypedSignal
import SignalTestSupport
import XCTest

final class SSignalSingleTests: LeakCheckedTestCase {
    func testSingleEmitsValueThenCompletesOnEachSubscription() {
        let recorder = EventLog()
        let signal = SSignal.single(7)
        recorder.record(signal)
        recorder.record(signal)
        XCTAssertEqual(recorder.events, ["next 7", "completed", "next 7", "completed"])
    }

    func testSingleNil() {
        let recorder = EventLog()
        recorder.record(.single(nil))
        XCTAssertEqual(recorder.events, ["next nil", "completed"])
    }

    func testFailWithValueAndWithNil() {
        let recorder = EventLog()
        recorder.record(.fail("bad"))
        recorder.record(.fail(nil))
        XCTAssertEqual(recorder.events, ["error bad", "error nil"])
    }

    func testCompleteCompletesWithoutValues() {
        let recorder = EventLog()
        recorder.record(.complete())
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testNeverEmitsNothingAndKeepsNoSubscriber() {
        let recorder = EventLog()
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            SSignal.never().start(next: { _ in _ = object }, error: recorder.error, completed: recorder.completed)
        }
        XCTAssertEqual(recorder.events, [])
        XCTAssertNil(weakObject)
    }
}
