import SUntypedSignalOperators
import SignalTestSupport
import XCTest

/// The untyped face of `merge`, `zip` and `withLatestFrom` (SUntypedSignalOperators):
/// `[Any?]` rows, `nil` values, the overloads and the order of subscription. The rules
/// themselves are stated by the parity scenarios (CombiningScenarios) and the engines'
/// tests (SignalSyncTests).
final class SSignalCombiningOperatorsTests: LeakCheckedTestCase {
    func testZipRowsAreArraysOfAnyInSourceOrderAndNilIsAValue() {
        let log = EventLog()
        nonisolated(unsafe) var rows: [[Any?]] = []
        let handle = SSignal.zip([syncValues([1, nil]), syncValues(["a", "b", "c"])]).start(
            next: { value in
                guard let row = value as? [Any?] else { return log.add("not [Any?]: \(String(describing: value))") }
                rows.append(row)
            }, completed: log.completed)
        disposedAtEnd(handle)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows.first?.first as? Int, 1)
        XCTAssertEqual(rows.first?.last as? String, "a")
        XCTAssertTrue(rows.count == 2 && rows[1].count == 2 && rows[1][0] == nil, "the nil value is paired like any other")
        XCTAssertTrue(rows.count == 2 && rows[1][1] as? String == "b")
        XCTAssertEqual(log.events, ["completed"])
    }

    func testZipWithGivesPairs() {
        let log = EventLog()
        disposedAtEnd(log.record(syncValues([1, 2]).zip(with: syncValues([3, 4]))))
        XCTAssertEqual(log.events, ["next [1, 3]", "next [2, 4]", "completed"])
    }

    func testMergeOverloadsSubscribeInOrder() {
        let log = EventLog()
        disposedAtEnd(log.record(SSignal.merge(tracedSignal("a", log), tracedSignal("b", log) { $0.putNext(1) })))
        disposedAtEnd(log.record(syncValues([2]).merge(with: syncValues([3]))))
        disposedAtEnd(log.record(SSignal.merge([SSignal]())))
        XCTAssertEqual(log.events, ["start a", "start b", "next 1", "next 2", "next 3", "completed", "completed"])
    }

    func testMergeStopsSubscribingAfterASynchronousFailure() {
        let log = EventLog()
        disposedAtEnd(log.record(SSignal.merge([SSignal.fail("x"), tracedSignal("b", log)])))
        XCTAssertEqual(log.events, ["error x"], "b is never started (mergeSignals would start it)")
    }

    func testWithLatestFromSubscribesTheOtherFirstAndKeepsANilLatestValue() {
        let log = EventLog()
        let source = ManualSource()
        let other = ManualSource()
        let handle = log.record(
            SSignal { subscriber in
                log.add("start source")
                return source.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
            }.withLatestFrom(
                SSignal { subscriber in
                    log.add("start other")
                    return other.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
                }))
        source.next(1)
        other.next(nil)
        source.next(2)
        other.complete()
        source.next(3)
        handle.dispose()
        XCTAssertEqual(log.events, ["start other", "start source", "next nil", "next nil"])
    }

    func testWithLatestFromCombines() {
        let log = EventLog()
        disposedAtEnd(
            log.record(
                syncValues([1, 2]).withLatestFrom(SSignal.single(10)) { value, latest in
                    (value as? Int ?? 0) + (latest as? Int ?? 0)
                }))
        XCTAssertEqual(log.events, ["next 11", "next 12", "completed"])
    }
}
