import SignalTestSupport
import XCTest

@testable import SignalSync

final class DebounceEngineTests: LeakCheckedTestCase {
    private func makeEngine(_ clock: VirtualClock, _ log: EventLog, delay: Double = 1) -> DebounceEngine<Int, String> {
        DebounceEngine(
            delay: delay, queue: clock.makeQueue(), emit: { log.add("next \($0) at \(clock.now)") },
            fail: { log.add("error \($0) at \(clock.now)") }, complete: { log.add("completed at \(clock.now)") })
    }

    func testEmitsTheLatestValueOnceTheSourceWasQuietForTheDelay() {
        let clock = VirtualClock()
        let log = EventLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        clock.advance(by: 0.5)
        engine.next(2)
        clock.advance(by: 1)
        engine.next(3)
        clock.advance(by: 0.5)
        engine.completed()
        XCTAssertEqual(log.events, ["next 2 at 1.5", "next 3 at 2.0", "completed at 2.0"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testCompletionWithNothingPendingComesAfterTheDelay() {
        let clock = VirtualClock()
        let log = EventLog()
        let engine = makeEngine(clock, log, delay: 2)
        engine.completed()
        clock.advance(by: 5)
        XCTAssertEqual(log.events, ["completed at 2.0"])
    }

    func testAnErrorIsForwardedAtOnceAndStopsTheTimer() {
        let clock = VirtualClock()
        let log = EventLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        engine.failed("e1")
        XCTAssertEqual(clock.pendingCount, 0)
        engine.dispose()
        clock.advance(by: 5)
        XCTAssertEqual(log.events, ["error e1 at 0.0"])
    }

    /// A disposal may come from another thread while the source's events are on their way
    /// to the queue: they arrive after it, and nothing goes downstream.
    func testEventsThatArriveAfterADisposalAreIgnored() {
        let clock = VirtualClock()
        let log = EventLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        engine.dispose()
        engine.next(2)
        engine.completed()
        engine.failed("late")
        XCTAssertEqual(clock.pendingCount, 0, "no timer armed after the disposal")
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
    }

    func testDisposalStopsTheTimerReleasesThePendingValueAndDisposesTheSource() {
        let clock = VirtualClock()
        let log = EventLog()
        weak var weakValue: EventLog?
        weak var weakDownstream: EventLog?
        do {
            let value = EventLog()
            let downstream = EventLog()
            weakValue = value
            weakDownstream = downstream
            let engine = DebounceEngine<EventLog, Never>(
                delay: 1, queue: clock.makeQueue(), emit: { _ in downstream.add("next") }, fail: { _ in },
                complete: {})
            engine.attach(CountingDisposable("source", log: log))
            engine.next(value)
            engine.dispose()
            engine.dispose()
            XCTAssertEqual(clock.pendingCount, 0)
            XCTAssertEqual(log.events, ["source.dispose", "source released"])
            engine.attach(CountingDisposable("late source", log: log))
            XCTAssertEqual(log.events, ["source.dispose", "source released", "late source.dispose", "late source released"], "disposed at once")
        }
        XCTAssertNil(weakValue)
        XCTAssertNil(weakDownstream, "the disarmed timer keeps nothing alive")
    }
}
