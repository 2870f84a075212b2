import SUntypedSignal
import SignalSync
import SignalTestSupport
import SignalTesting
import XCTest

final class UntypedMarbleTests: LeakCheckedTestCase {
    func testAColdSSignalThroughMapMatchesItsMarble() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.coldSSignal("-1-2|").map { ($0 as? Int ?? 0) + 1 })
        scheduler.advanceUntilIdle()
        XCTAssertTrue(recorder.expect("-2-3|"))
        XCTAssertEqual(recorder.values.compactMap { $0 as? Int }, [2, 3])
    }

    func testValuesByNameIncludingNilAndErrors() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.coldSSignal("a-n#", values: ["a": "A", "n": nil], error: "boom"))
        scheduler.advanceUntilIdle()
        recorder.expect("a-n#", values: ["a": "A", "n": nil], error: "boom")
    }

    func testAHotSSignalAndTheSubscriptionsOfAMerge() {
        let scheduler = SignalTestScheduler()
        let log = SubscriptionLog()
        let hot = scheduler.hotSSignal("-a-b-c|", subscriptions: log)
        scheduler.advance(ticks: 2)
        let recorder = scheduler.record(SSignal.mergeSignals([hot, scheduler.coldSSignal("x|")]))
        scheduler.advanceUntilIdle()
        recorder.expect("--xb-c|")
        XCTAssertEqual(log.subscriptions, [TestSubscription(subscribed: 2, disposed: 6)])
    }

    func testADelayOnAnSQueueOfTheSchedulersClock() {
        let scheduler = SignalTestScheduler()
        let queue = SQueue(scheduler.clock.makeQueue())
        let recorder = scheduler.record(scheduler.coldSSignal("1|").delay(3, onQueue: queue))
        scheduler.advanceUntilIdle()
        recorder.expect("---1|")
    }
}
