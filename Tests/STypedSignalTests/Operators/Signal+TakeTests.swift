import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

final class SignalTakeTests: LeakCheckedTestCase {
    func testTakeForwardsCountThenCompletesAndDisposesUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(traced("a", log, source.signal) |> take(2))
        source.putNext(1)
        source.putNext(2)
        source.putNext(3)
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "next 2", "completed", "a.dispose#1"])
    }

    func testTakeForwardsEarlyTermination() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.single(1) |> take(5))
        log.record(Signal<Int, TestError>.fail(TestError(1)) |> take(5))
        XCTAssertEqual(log.events, ["next 1", "completed", "error E1"])
    }

    func testTakeZeroAndNegativeCompleteAtOnceWithoutSubscribing() {
        let log = EventLog()
        log.record(traced("a", log, Signal<Int, TestError>.never()) |> take(0))
        log.record(traced("b", log, Signal<Int, TestError>.single(1)) |> take(-3))
        XCTAssertEqual(log.events, ["completed", "completed"])
    }

    func testTakeSynchronousSourceDropsLaterValuesAndError() {
        let log = EventLog()
        let signal = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putNext(2)
            subscriber.putError(TestError(9))
            return ActionDisposable { log.add("upstream disposed") }
        }
        log.record(signal |> take(1))
        XCTAssertEqual(log.events, ["next 1", "completed", "upstream disposed"])
    }

    func testTakeUnderConcurrentEmission() {
        for _ in 0..<50 {
            let source = ManualSource<Int, NoError>()
            let values = Atomic(value: 0)
            let completions = Atomic(value: 0)
            let disposals = Atomic(value: 0)
            let upstream = Signal<Int, NoError> { subscriber in
                let inner = source.signal.start(next: subscriber.putNext)
                return ActionDisposable {
                    disposals.modify { $0 + 1 }
                    inner.dispose()
                }
            }
            (upstream |> take(10)).start(next: { _ in values.modify { $0 + 1 } }, completed: { completions.modify { $0 + 1 } })
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for value in 0..<20 { source.putNext(value) }
            }
            XCTAssertLessThanOrEqual(values.with { $0 }, 10)
            XCTAssertEqual(completions.with { $0 }, 1)
            XCTAssertEqual(disposals.with { $0 }, 1)
        }
    }

    func testTakeUntil() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(source.signal |> take(until: { SignalTakeAction(passthrough: $0 != 3, complete: $0 >= 3) }))
        source.putNext(1)
        source.putNext(3)
        source.putNext(4)
        XCTAssertEqual(log.events, ["next 1", "completed"])
    }

    func testTakeUntilPassthroughAndComplete() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.single(7) |> take(until: { _ in SignalTakeAction(passthrough: true, complete: true) }))
        XCTAssertEqual(log.events, ["next 7", "completed"])
    }

    func testTakeLast() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(source.signal |> takeLast)
        source.putNext(1)
        source.putNext(2)
        source.putCompletion()
        log.record(Signal<Int, TestError>.complete() |> takeLast)
        let failing = ManualSource<Int, TestError>()
        log.record(failing.signal |> takeLast)
        failing.putNext(1)
        failing.putError(TestError(4))
        XCTAssertEqual(log.events, ["next 2", "completed", "completed", "error E4"])
    }

    func testTakeLastEmitsTrailingNil() {
        let log = EventLog()
        let source = ManualSource<Int?, NoError>()
        log.record(source.signal |> takeLast)
        source.putNext(1)
        source.putNext(nil)
        source.putCompletion()
        XCTAssertEqual(log.events, ["next nil", "completed"])
    }

    func testLast() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.single(3) |> last)
        log.record(Signal<Int, TestError>.complete() |> last)
        log.record(Signal<Int, TestError>.fail(TestError(1)) |> last)
        XCTAssertEqual(log.events, ["next Optional(3)", "completed", "next nil", "completed", "error E1"])
    }
}
