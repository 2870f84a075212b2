import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalDebugTests: LeakCheckedTestCase {
    func testReportsSubscribeEventsNilAndDispose() {
        let lines = Recorder()
        let received = Recorder()
        received.record(SSignal.single(nil).then(SSignal.single(3)).debug("u", log: { lines.log($0) }))
        XCTAssertEqual(received.events, ["next nil", "next 3", "completed"])
        XCTAssertEqual(
            lines.events,
            [
                "u -> subscribed [main thread]",
                "u -> next(nil) [main thread]",
                "u -> next(3) [main thread]",
                "u -> completed [main thread]",
                "u -> disposed [main thread]",
            ])
    }

    func testReportsErrorsAndDisposalOnce() {
        let lines = Recorder()
        SSignal.fail("bad").debug("e", log: { lines.log($0) }).start()
        XCTAssertEqual(lines.events, ["e -> subscribed [main thread]", "e -> error(bad) [main thread]", "e -> disposed [main thread]"])

        lines.clear()
        let subscription = SSignal.never().debug("n", log: { lines.log($0) }).start()
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(lines.events, ["n -> subscribed [main thread]", "n -> disposed [main thread]"])
    }

    func testNamesTheThreadOfEachEvent() {
        let lines = Recorder()
        let done = expectation(description: "completed")
        let subscription = SSignal.single(1).deliverOn(SQueue()).debug("t", log: { lines.log($0) })
            .start(completed: { done.fulfill() })
        wait(for: [done], timeout: 30)
        subscription.dispose()
        XCTAssertTrue(lines.events[1].hasPrefix("t -> next(1) [thread "), lines.events[1])
    }
}
