import Dispatch
import Foundation
import STypedSignalOperators
import SignalSync
import SignalTestSupport
import XCTest

/// The typed faces of the transforming operators (`STypedSignalOperators`): their types,
/// per-subscription state, re-entrancy, threads and bad input. The behaviour they share
/// with the untyped face runs in the parity suite (`TransformScenarios`).
final class SignalTransformTests: LeakCheckedTestCase {
    func testCompactMapChangesTheValueTypeAndDropsNil() {
        let log = EventLog()
        let numbers: Signal<Int, TestError> = syncValues(["1", "x", "3"]) |> compactMap { Int($0) }
        log.record(numbers |> map { $0 * 10 })
        XCTAssertEqual(log.events, ["next 10", "next 30", "completed"])
    }

    func testReplaceErrorCannotFail() {
        let log = EventLog()
        let safe: Signal<Int, NoError> = Signal<Int, TestError>.fail(TestError(1)) |> replaceError(with: 7)
        log.record(safe)
        let passing: Signal<Int, NoError> = syncValues([1, 2]) |> replaceError(with: 7)
        log.record(passing)
        XCTAssertEqual(log.events, ["next 7", "completed", "next 1", "next 2", "completed"])
    }

    func testScanStartsFromTheInitialValueForEachSubscription() {
        let log = EventLog()
        let running = syncValues([1, 2, 3]) |> scan("", { text, value in text + "\(value)" })
        log.record(running, prefix: "a ")
        log.record(running, prefix: "b ")
        XCTAssertEqual(
            log.events, ["a next 1", "a next 12", "a next 123", "a completed", "b next 1", "b next 12", "b next 123", "b completed"])
    }

    /// `scan` under eight threads: no accumulation is lost, and they arrive in fold order.
    func testScanUnderConcurrentValuesLosesNoAccumulation() {
        let source = ManualSource<Int, TestError>()
        let sums = Atomic<[Int]>(value: [])
        let handle = (source.signal |> scan(0, +)).start(next: { sum in _ = sums.modify { $0 + [sum] } })
        Stress.run("scan", threads: 8) { _ in
            for _ in 0..<250 { source.putNext(1) }
        }
        XCTAssertEqual(sums.with { $0 }, Array(1...2000))
        handle.dispose()
    }

    /// `skip(n)` under eight threads: exactly n values are dropped.
    func testSkipUnderConcurrentValuesSkipsExactlyTheCount() {
        let source = ManualSource<Int, TestError>()
        let passed = Atomic(value: 0)
        let handle = (source.signal |> skip(100)).start(next: { _ in _ = passed.modify { $0 + 1 } })
        Stress.run("skip", threads: 8) { _ in
            for value in 0..<250 { source.putNext(value) }
        }
        XCTAssertEqual(passed.with { $0 }, 2000 - 100)
        handle.dispose()
    }

    func testStartWithDisposedDuringTheValuesNeverSubscribesUpstream() {
        let log = EventLog()
        log.record(traced("a", log, syncValues([1])) |> startWith(7, 8, 9) |> take(2))
        XCTAssertEqual(log.events, ["next 7", "next 8", "completed"])
    }

    func testTakeWhileDisposesUpstreamAtTheFirstFalse() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(traced("a", log, source.signal) |> take(while: { $0 < 3 }))
        source.putNext(1)
        source.putNext(5)
        source.putNext(2)
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "completed", "a.dispose#1"])
    }

    func testSkipWhileNoLongerAsksOncePassing() {
        let asked = Atomic(value: 0)
        let log = EventLog()
        log.record(
            syncValues([1, 5, 2, 0])
                |> skip(while: { value in
                    _ = asked.modify { $0 + 1 }
                    return value < 3
                }))
        XCTAssertEqual(log.events, ["next 5", "next 2", "next 0", "completed"])
        XCTAssertEqual(asked.with { $0 }, 2)
    }

    func testBufferAndCollectEmitArraysOfTheValueType() {
        let log = EventLog()
        let pairs: Signal<[Int], TestError> = syncValues([1, 2, 3]) |> buffer(count: 2)
        log.record(pairs)
        let all: Signal<[String], TestError> = syncValues(["a", "b"]) |> collect
        log.record(all)
        XCTAssertEqual(log.events, ["next [1, 2]", "next [3]", "completed", "next [\"a\", \"b\"]", "completed"])
    }

    func testBufferCountZeroStopsTheProgramNamingTheCallAndTheCount() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "buffer(count: 0)", of: self,
                body: {
                    let make: (Signal<Int, TestError>) -> Signal<[Int], TestError> = buffer(count: 0)
                    _ = make
                })
        else { return }
        XCTAssertTrue(outcome.trapped, outcome.output)
        XCTAssertTrue(outcome.output.contains("buffer(count: 0): the count must be at least 1"), outcome.output)
    }

    /// On a real serial queue: a synchronous burst emits its first value at once and the
    /// last one at completion; downstream runs on the queue.
    func testThrottleOnARealQueue() {
        let queue = Queue(name: "throttle-test")
        let log = EventLog()
        let done = expectation(description: "completed")
        let handle = (syncValues([1, 2, 3]) |> throttle(60, latest: true, on: queue)).start(
            next: { value in log.add("next \(value) on queue \(queue.isCurrent())") },
            completed: {
                log.add("completed")
                done.fulfill()
            })
        wait(for: [done], timeout: 30)
        XCTAssertEqual(log.events, ["next 1 on queue true", "next 3 on queue true", "completed"])
        handle.dispose()
    }
}
