import STypedSignal
import SignalSync
import SignalTestSupport
import SignalTesting
import XCTest

final class TypedMarbleTests: LeakCheckedTestCase {
    func testAColdSignalThroughMapMatchesItsMarble() {
        let scheduler = SignalTestScheduler()
        let source: Signal<Int, String> = scheduler.cold("-1-2--3|")
        let recorder = scheduler.record(source |> map { $0 * 10 })
        scheduler.advance(ticks: 10)
        XCTAssertTrue(recorder.expect("-a-b--c|", values: ["a": 10, "b": 20, "c": 30]))
        XCTAssertEqual(recorder.values, [10, 20, 30])
        XCTAssertEqual(recorder.events.map(\.tick), [1, 3, 6, 7])
    }

    func testEachColdSubscriptionReplaysFromItsOwnStart() {
        let scheduler = SignalTestScheduler()
        let log = SubscriptionLog()
        let source: Signal<Int, String> = scheduler.cold("-1|", subscriptions: log)
        let first = scheduler.record(source)
        scheduler.advance(ticks: 3)
        let second = scheduler.record(source)
        scheduler.advance(ticks: 3)
        first.expect("-1|")
        second.expect("----1|")
        XCTAssertEqual(log.subscriptions, [TestSubscription(subscribed: 0, disposed: 2), TestSubscription(subscribed: 3, disposed: 5)])
    }

    func testAHotSignalHasOneTimelineFromTickZero() {
        let scheduler = SignalTestScheduler()
        let source: Signal<String, String> = scheduler.hot("a-b-c|")
        let early = scheduler.record(source)
        scheduler.advance(ticks: 2)
        let late = scheduler.record(source)
        scheduler.advance(ticks: 5)
        early.expect("a-b-c|")
        late.expect("----c|")
    }

    func testErrorsByNameAndTheDefaultError() {
        let scheduler = SignalTestScheduler()
        let failing: Signal<Int, String> = scheduler.cold("-1#", error: "boom")
        let named: Signal<Int, String> = scheduler.cold("--#x", errors: ["x": "ex"])
        let first = scheduler.record(failing)
        let second = scheduler.record(named)
        scheduler.advanceUntilIdle()
        first.expect("-1#", error: "boom")
        second.expect("--#x", errors: ["x": "ex"])
    }

    func testTakeDisposesItsSourceAtTheSecondValue() {
        let scheduler = SignalTestScheduler()
        let log = SubscriptionLog()
        let source: Signal<Int, NoError> = scheduler.cold("-1-2-3|", subscriptions: log)
        let recorder = scheduler.record(source |> take(2))
        scheduler.advanceUntilIdle()
        recorder.expect("-1-(2,|)")
        XCTAssertEqual(log.subscriptions, [TestSubscription(subscribed: 0, disposed: 3)])
    }

    func testATimingOperatorOnTheSchedulersClock() {
        let scheduler = SignalTestScheduler()
        let queue = Queue(virtualClock: scheduler.clock)
        let source: Signal<Int, NoError> = scheduler.cold("1-2|")
        let recorder = scheduler.record(source |> delay(2, queue: queue))
        scheduler.advanceUntilIdle()
        recorder.expect("--1-2|")
    }

    func testShorterTicksScaleTheTimeline() {
        let scheduler = SignalTestScheduler(tickDuration: 0.25)
        let queue = Queue(virtualClock: scheduler.clock)
        let source: Signal<Int, NoError> = scheduler.cold("1|")
        let recorder = scheduler.record(source |> delay(0.5, queue: queue))
        scheduler.advance(ticks: 4)
        XCTAssertEqual(scheduler.clock.now, 1.0)
        recorder.expect("--1|")
    }

    func testARecorderDisposedStopsItsSubscription() {
        let scheduler = SignalTestScheduler()
        let log = SubscriptionLog()
        let source: Signal<Int, NoError> = scheduler.cold("-1-2-3|", subscriptions: log)
        let recorder = scheduler.record(source)
        scheduler.advance(ticks: 2)
        recorder.dispose()
        scheduler.advanceUntilIdle()
        recorder.expect("-1")
        XCTAssertEqual(log.subscriptions, [TestSubscription(subscribed: 0, disposed: 2)])
        XCTAssertEqual(recorder.violations, [])
    }
}
