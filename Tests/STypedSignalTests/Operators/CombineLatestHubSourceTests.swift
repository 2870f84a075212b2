import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// `combineLatest` over hot sources' signals (pipes, value cells) joins their hubs
/// directly (`CombineLatestHubSource`), without a subscription per source: values,
/// replays, threads, re-entrant pushes, disposal and release as a source subscription gave
/// them.
final class CombineLatestHubSourceTests: LeakCheckedTestCase {
    func testPipesAndValueCellsCombineTheirValuesAndReplays() {
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        let cell = ValuePromise<String>("a")
        let promise = Promise<Bool>(true)
        let handle = combineLatest(pipe.signal(), cell.get(), promise.get()).start(next: { log.add("next \($0)") })
        XCTAssertEqual(log.events, [], "the pipe has no value yet")
        pipe.putNext(1)
        cell.set("b")
        promise.set(.single(false))
        pipe.putNext(2)
        XCTAssertEqual(log.events, ["next (1, \"a\", true)", "next (1, \"b\", true)", "next (1, \"b\", false)", "next (2, \"b\", false)"])
        handle.dispose()
        pipe.putNext(3)
        cell.set("c")
        XCTAssertEqual(log.events.count, 4, "nothing after disposal")
    }

    func testTheArrayOverloadJoinsTheHubsToo() {
        let log = EventLog()
        let pipes = (0..<3).map { _ in ValuePipe<Int>() }
        let handle = combineLatest(pipes.map { $0.signal() }).start(next: { log.add("next \($0)") })
        for (index, pipe) in pipes.enumerated() { pipe.putNext(index) }
        pipes[1].putNext(10)
        XCTAssertEqual(log.events, ["next [0, 1, 2]", "next [0, 10, 2]"])
        handle.dispose()
    }

    func testConcurrentPushesIntoTwoPipesYieldOneEmissionEach() {
        let a = ValuePipe<Int>()
        let b = ValuePipe<Int>()
        let emissions = Atomic(value: 0)
        let handle = combineLatest(a.signal(), b.signal()).start(next: { _ in emissions.modify { $0 + 1 } })
        a.putNext(0)
        b.putNext(0)
        let perThread = Stress.underThreadSanitizer ? 200 : 2_000
        runConcurrently(4) { thread in
            for value in 0..<perThread {
                (thread % 2 == 0 ? a : b).putNext(value)
            }
        }
        XCTAssertEqual(emissions.with { $0 }, 1 + 4 * perThread)
        handle.dispose()
    }

    func testAPushFromInsideNextIntoThePipeDeliveringArrivesAfterTheCurrentDelivery() {
        let log = EventLog()
        let a = ValuePipe<Int>()
        let b = ValuePipe<Int>()
        let handle = combineLatest(a.signal(), b.signal()).start(next: { value in
            log.add("next \(value)")
            if value == (1, 2) {
                b.putNext(5)
                a.putNext(6)
                log.add("pushed")
            }
        })
        a.putNext(1)
        b.putNext(2)
        // `a` is not delivering: its value arrives at once; `b`'s waits for `b`'s delivery.
        XCTAssertEqual(log.events, ["next (1, 2)", "next (6, 2)", "pushed", "next (6, 5)"])
        handle.dispose()
    }

    func testDisposingFromInsideNextStopsEveryLaterValue() {
        let log = EventLog()
        let a = ValuePipe<Int>()
        let b = ValuePipe<Int>()
        let handle = MetaDisposable()
        handle.set(
            combineLatest(a.signal(), b.signal()).start(next: { value in
                log.add("next \(value)")
                handle.dispose()
            }))
        a.putNext(1)
        b.putNext(2)
        b.putNext(3)
        a.putNext(4)
        XCTAssertEqual(log.events, ["next (1, 2)"])
    }

    func testPipesGoneReleaseTheSubscriptionsCallbacksWithoutADisposal() {
        weak var weakCaptured: Tracked?
        var handle: Disposable?
        do {
            let a = ValuePipe<Int>()
            let b = ValuePipe<Int>()
            let captured = Tracked()
            weakCaptured = captured
            handle = combineLatest(a.signal(), b.signal()).start(next: { _ in withExtendedLifetime(captured) {} })
            a.putNext(1)
            b.putNext(2)
        }
        XCTAssertNil(weakCaptured, "the pipes' hubs released their sources, and the sources the subscriber")
        withExtendedLifetime(handle) {}
    }

    func testAQueueStillMovesAHubSourcesValues() {
        let queue = Queue(name: "combineLatest.hub")
        let a = ValuePipe<Int>()
        let b = ValuePipe<Int>()
        let received = Atomic(value: [String]())
        let handle = combineLatest(queue: queue, a.signal(), b.signal()).start(next: { value in
            received.modify { $0 + ["\(value) on queue: \(queue.isCurrent())"] }
        })
        a.putNext(1)
        b.putNext(2)
        queue.sync {}
        XCTAssertEqual(received.with { $0 }, ["(1, 2) on queue: true"])
        handle.dispose()
    }

    #if DEBUG
        func testHubSourcesTakeNoSubscriptionOfTheirOwn() {
            let a = ValuePipe<Int>()
            let b = ValuePromise<Int>(0)
            let before = LiveSubscriptions.current
            let handle = combineLatest(a.signal(), b.get()).start()
            XCTAssertEqual(LiveSubscriptions.current - before, 1)
            handle.dispose()
            XCTAssertEqual(LiveSubscriptions.current, before)
        }
    #endif
}
