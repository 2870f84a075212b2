import Dispatch
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// `combineSignals` over hot sources' signals (pipes, variables) joins their hubs
/// directly (`CombineLatestHubSource`), without a subscription per source: values,
/// replays, threads, disposal and release as a source subscription gave them.
final class SCombineHubSourceTests: LeakCheckedTestCase {
    func testPipesAndVariablesCombineTheirValuesAndReplays() {
        let log = OrderTrace<String>()
        let pipe = SPipe()
        let variable = SVariable()
        variable.set(SSignal.single("a"))
        let handle = SSignal.combineSignals([pipe.signal(), variable.signal()]).start(next: { value in
            log.append("next \((value as! [Any?]).map { "\($0!)" })")
        })
        XCTAssertEqual(log.all, [], "the pipe has no value yet")
        pipe.putNext(1)
        variable.set(SSignal.single("b"))
        pipe.putNext(2)
        XCTAssertEqual(log.all, ["next [\"1\", \"a\"]", "next [\"1\", \"b\"]", "next [\"2\", \"b\"]"])
        handle.dispose()
        pipe.putNext(3)
        XCTAssertEqual(log.all.count, 3, "nothing after disposal")
    }

    func testConcurrentPushesIntoTwoPipesYieldOneEmissionEach() {
        let pipes = [SPipe(), SPipe()]
        let emissions = Atomic(value: 0)
        let handle = SSignal.combineSignals(pipes.map { $0.signal() }).start(next: { _ in emissions.modify { $0 + 1 } })
        pipes.forEach { $0.putNext(0) }
        let perThread = Stress.underThreadSanitizer ? 200 : 2_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<perThread {
                pipes[thread % 2].putNext(value)
            }
        }
        XCTAssertEqual(emissions.with { $0 }, 1 + 4 * perThread)
        handle.dispose()
    }

    func testPipesGoneReleaseTheSubscriptionsCallbacksWithoutADisposal() {
        weak var weakCaptured: DeinitProbe?
        var handle: SDisposable?
        do {
            let pipes = [SPipe(), SPipe()]
            let captured = DeinitProbe {}
            weakCaptured = captured
            handle = SSignal.combineSignals(pipes.map { $0.signal() }).start(next: { _ in withExtendedLifetime(captured) {} })
            pipes.forEach { $0.putNext(1) }
        }
        XCTAssertNil(weakCaptured, "the pipes' hubs released their sources, and the sources the subscriber")
        withExtendedLifetime(handle) {}
    }

    #if DEBUG
        func testHubSourcesTakeNoSubscriptionOfTheirOwn() {
            let pipes = [SPipe(), SPipe()]
            let before = LiveSubscriptions.current
            let handle = SSignal.combineSignals(pipes.map { $0.signal() }).start()
            XCTAssertEqual(LiveSubscriptions.current - before, 1)
            handle.dispose()
            XCTAssertEqual(LiveSubscriptions.current, before)
        }
    #endif
}
