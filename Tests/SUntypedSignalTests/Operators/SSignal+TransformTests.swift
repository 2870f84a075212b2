import Foundation
import SUntypedSignal
import SUntypedSignalOperators
import SignalSync
import SignalTestSupport
import XCTest

/// The untyped faces of the transforming operators (`SUntypedSignalOperators`): nil and
/// boxed values, per-subscription state, threads and bad input. The behaviour they share
/// with the typed face runs in the parity suite (`TransformScenarios`).
final class SSignalTransformTests: LeakCheckedTestCase {
    func testCompactMapDropsNilAndBoxedNilResults() {
        let recorder = EventLog()
        let boxedNil: Int? = nil
        recorder.record(
            syncValues([1, 2, 3, 4]).compactMap { value -> Any? in
                switch value as? Int {
                case 1: return nil
                case 2: return boxedNil as Any
                default: return value
                }
            })
        XCTAssertEqual(recorder.events, ["next 3", "next 4", "completed"])
    }

    func testScanKeepsNilAccumulationsAndStartsAfreshPerSubscription() {
        let recorder = EventLog()
        let signal = syncValues([1, nil, 2]).scan(nil) { accumulator, value in value == nil ? nil : ((accumulator as? Int) ?? 0) + (value as! Int) }
        recorder.record(signal)
        recorder.record(signal)
        XCTAssertEqual(
            recorder.events, ["next 1", "next nil", "next 2", "completed", "next 1", "next nil", "next 2", "completed"])
    }

    func testReplaceErrorAndStartWithTakeAnyValue() {
        let recorder = EventLog()
        recorder.record(SSignal.fail("e").replaceError(with: nil))
        recorder.record(syncValues([1]).startWith("a", nil))
        XCTAssertEqual(recorder.events, ["next nil", "completed", "next a", "next nil", "next 1", "completed"])
    }

    func testStartWithEndedDuringTheValuesNeverSubscribesUpstream() {
        let source = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.startWith(7, 8, 9).take(2))
        XCTAssertEqual(recorder.events, ["next 7", "next 8", "completed"])
        XCTAssertEqual(source.startCount, 0)
    }

    func testTakeWhileDisposesTheSourceAtTheFirstFalse() {
        let source = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.take(while: { ($0 as? Int ?? 0) < 3 }))
        source.next(1)
        source.next(5)
        source.next(2)
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
        XCTAssertEqual(source.disposeCount, 1)
    }

    /// `skip(n)` under eight threads: exactly n values are dropped.
    func testSkipUnderConcurrentValuesSkipsExactlyTheCount() {
        let source = ManualSource()
        let passed = Atomic(value: 0)
        let handle = source.signal.skip(100).start(next: { _ in _ = passed.modify { $0 + 1 } })
        Stress.run("skip", threads: 8) { _ in
            for value in 0..<250 { source.next(value) }
        }
        XCTAssertEqual(passed.with { $0 }, 2000 - 100)
        handle.dispose()
    }

    func testBufferAndCollectEmitArraysOfAny() {
        let recorder = EventLog()
        recorder.record(syncValues([1, nil, 3]).buffer(count: 2).map { "\(($0 as? [Any?])?.count ?? -1)" })
        recorder.record(SSignal.complete().collect().map { "\(($0 as? [Any?])?.count ?? -1)" })
        XCTAssertEqual(recorder.events, ["next 2", "next 1", "completed", "next 0", "completed"])
    }

    func testBufferCountZeroStopsTheProgramNamingTheCallAndTheCount() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "buffer(count: 0)", of: self,
                body: {
                    _ = SSignal.complete().buffer(count: 0)
                })
        else { return }
        XCTAssertTrue(outcome.trapped, outcome.output)
        XCTAssertTrue(outcome.output.contains("SSignal.buffer(count: 0): the count must be at least 1"), outcome.output)
    }

    /// On a real serial queue: a synchronous burst emits its first value at once and the
    /// first held one at completion (`latest: false`); downstream runs on the queue.
    func testThrottleOnARealQueue() {
        let queue = SQueue()
        let recorder = EventLog()
        let done = expectation(description: "completed")
        let handle = syncValues([1, 2, 3]).throttle(60, latest: false, on: queue).start(
            next: { value in recorder.add("next \(value ?? "nil") on queue \(queue.isCurrentQueue())") },
            error: nil,
            completed: {
                recorder.add("completed")
                done.fulfill()
            })
        wait(for: [done], timeout: 30)
        XCTAssertEqual(recorder.events, ["next 1 on queue true", "next 2 on queue true", "completed"])
        handle.dispose()
    }
}
