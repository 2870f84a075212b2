import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Steps fused over a hot source's signal (`pipe.signal() |> map |> filter`) run in the
/// hub's delivery to the start's own subscription (a `Stage` with a `PipeHubMemberTail`): the same
/// trace as the steps behind a stage that the fusion cannot see into, which keeps a
/// subscription of its own. (`FusedStagesDriver` runs its cases over signals that can
/// fail, which no hub's signal is; the untyped API's run over the pipe's signal itself.)
final class FusedStagesOverHubTests: LeakCheckedTestCase {
    /// `source`, or `source` behind a generator forwarding its values.
    private func source(_ pipe: ValuePipe<Int>, separated: Bool) -> Signal<Int, NoError> {
        guard separated else { return pipe.signal() }
        return Signal { subscriber in pipe.signal().start(next: subscriber.putNext) }
    }

    func testValuesRunThroughTheStepsThenNext() {
        FusedStagesDriver.sameTrace { separated in
            let log = OrderTrace<String>()
            let pipe = ValuePipe<Int>()
            let signal =
                source(pipe, separated: separated)
                |> map { value -> Int in
                    log.append("plusOne \(value)")
                    return value + 1
                }
                |> filter { value in
                    log.append("even \(value)")
                    return value % 2 == 0
                }
            let handle = signal.start(next: { log.append("next \($0)") })
            (1...3).forEach(pipe.putNext)
            handle.dispose()
            pipe.putNext(4)
            XCTAssertEqual(log.all, ["plusOne 1", "even 2", "next 2", "plusOne 2", "even 3", "plusOne 3", "even 4", "next 4"])
            return log.all
        }
    }

    func testAStepThatDisposesTheSubscriptionStopsTheLaterStepsAndNext() {
        for disposingStep in ["map", "filter", "last"] {
            FusedStagesDriver.sameTrace { separated in
                let log = OrderTrace<String>()
                let pipe = ValuePipe<Int>()
                let handle = Atomic<Disposable?>(value: nil)
                let signal =
                    source(pipe, separated: separated)
                    |> map { value -> Int in
                        log.append("map \(value)")
                        if disposingStep == "map", value == 2 { handle.with { $0 }?.dispose() }
                        return value
                    }
                    |> filter { value in
                        log.append("filter \(value)")
                        if disposingStep == "filter", value == 2 { handle.with { $0 }?.dispose() }
                        return true
                    }
                    |> map { value -> Int in
                        log.append("last \(value)")
                        if disposingStep == "last", value == 2 { handle.with { $0 }?.dispose() }
                        return value
                    }
                handle.swap(signal.start(next: { log.append("next \($0)") }))
                (1...3).forEach(pipe.putNext)
                let stepsRun = ["map": ["map 2"], "filter": ["map 2", "filter 2"], "last": ["map 2", "filter 2", "last 2"]][disposingStep]!
                let expected = ["map 1", "filter 1", "last 1", "next 1"] + stepsRun
                XCTAssertEqual(log.all, expected, disposingStep)
                return log.all
            }
        }
    }

    func testTheStepsAreReleasedFirstToLastThenTheCallbacks() {
        FusedStagesDriver.sameTrace { separated in
            let log = OrderTrace<String>()
            let pipe = ValuePipe<Int>()
            var handle: Disposable?
            do {
                let first = DeinitProbe { log.append("first released") }
                let second = DeinitProbe { log.append("second released") }
                let callbacks = DeinitProbe { log.append("callbacks released") }
                let signal =
                    source(pipe, separated: separated)
                    |> map { value in withExtendedLifetime(first) { value } }
                    |> filter { _ in withExtendedLifetime(second) { true } }
                handle = signal.start(next: { value in withExtendedLifetime(callbacks) { log.append("next \(value)") } })
            }
            pipe.putNext(1)
            log.append("disposing")
            handle?.dispose()
            log.append("disposed")
            XCTAssertEqual(log.all, ["next 1", "disposing", "first released", "second released", "callbacks released", "disposed"])
            withExtendedLifetime(handle) {}
            return log.all
        }
    }

    func testAValueCellsReplayRunsThroughTheStepsAndTheSubscriptionKeepsTheCellAlive() {
        let log = OrderTrace<String>()
        weak var weakCell: ValuePromise<Int>?
        var handle: Disposable?
        do {
            let cell = ValuePromise<Int>(1)
            weakCell = cell
            handle = (cell.get() |> map { $0 * 10 } |> filter { $0 > 10 }).start(next: { log.append("next \($0)") })
            cell.set(2)
        }
        XCTAssertNotNil(weakCell, "the subscription keeps the cell alive")
        weakCell?.set(3)
        handle?.dispose()
        XCTAssertNil(weakCell)
        XCTAssertEqual(log.all, ["next 20", "next 30"])
    }

    func testValuesFromTwoThreadsAllRunThroughTheSteps() {
        let pipe = ValuePipe<Int>()
        let received = Atomic<Int>(value: 0)
        let handle = (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start(next: { value in received.modify { $0 + value } })
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for value in 0..<1_000 { pipe.putNext(value) }
        }
        handle.dispose()
        XCTAssertEqual(received.with { $0 }, 2 * (1...1_000).reduce(0, +))
    }

    #if DEBUG
        func testTheStepsTakeNoSubscriptionOfTheirOwn() {
            let pipe = ValuePipe<Int>()
            let before = LiveSubscriptions.current
            let handle = (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start()
            XCTAssertEqual(LiveSubscriptions.current - before, 1)
            handle.dispose()
            XCTAssertEqual(LiveSubscriptions.current, before)
        }
    #endif
}
