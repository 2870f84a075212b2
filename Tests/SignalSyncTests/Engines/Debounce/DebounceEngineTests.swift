import SignalTestSupport
import XCTest

@testable import SignalSync

final class DebounceEngineTests: LeakCheckedTestCase {
    private func makeEngine(_ clock: VirtualClock, _ log: EngineLog, delay: Double = 1) -> DebounceEngine<Int> {
        DebounceEngine(
            delay: delay, queue: clock.makeQueue(), emit: { log.append("next \($0) at \(clock.now)") },
            complete: { log.append("completed at \(clock.now)") })
    }

    func testEmitsTheLatestValueOnceTheSourceWasQuietForTheDelay() {
        let clock = VirtualClock()
        let log = EngineLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        clock.advance(by: 0.5)
        engine.next(2)
        clock.advance(by: 1)
        engine.next(3)
        clock.advance(by: 0.5)
        engine.completed()
        XCTAssertEqual(log.entries, ["next 2 at 1.5", "next 3 at 2.0", "completed at 2.0"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testCompletionWithNothingPendingComesAfterTheDelay() {
        let clock = VirtualClock()
        let log = EngineLog()
        let engine = makeEngine(clock, log, delay: 2)
        engine.completed()
        clock.advance(by: 5)
        XCTAssertEqual(log.entries, ["completed at 2.0"])
    }

    func testAnErrorIsForwardedOnceAndStopsTheTimer() {
        let clock = VirtualClock()
        let log = EngineLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        XCTAssertTrue(engine.failed())
        XCTAssertFalse(engine.failed())
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        XCTAssertEqual(log.entries, [])
    }

    func testDisposalStopsTheTimerAndReleasesThePendingValueAndTheDownstream() {
        let clock = VirtualClock()
        weak var weakValue: EngineLog?
        weak var weakDownstream: EngineLog?
        do {
            let value = EngineLog()
            let downstream = EngineLog()
            weakValue = value
            weakDownstream = downstream
            let engine = DebounceEngine<EngineLog>(
                delay: 1, queue: clock.makeQueue(), emit: { _ in downstream.append("next") }, complete: {})
            engine.next(value)
            engine.dispose()
            XCTAssertEqual(clock.pendingCount, 0)
        }
        XCTAssertNil(weakValue)
        XCTAssertNil(weakDownstream, "the disarmed timer keeps nothing alive")
    }
}
