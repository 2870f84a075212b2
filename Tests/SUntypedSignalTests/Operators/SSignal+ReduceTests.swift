import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalReduceTests: LeakCheckedTestCase {
    private let add: @Sendable (Any?, Any?) -> Any? = { ($0 as! Int) + ($1 as! Int) }

    func testReduceLeftEmitsTheFoldOnCompletion() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2, 3]).reduceLeft(10, with: add))
        XCTAssertEqual(recorder.events, ["next 16", "completed"])
    }

    func testNothingIsEmittedPerValue() {
        let recorder = EventLog()
        let source = ManualSource()
        recorder.record(source.signal.reduceLeft(0, with: add))
        source.next(1)
        source.next(2)
        XCTAssertEqual(recorder.events, [])
        source.complete()
        XCTAssertEqual(recorder.events, ["next 3", "completed"])
    }

    func testEmptySourceEmitsNonNilInitial() {
        let recorder = EventLog()
        recorder.record(SSignal.complete().reduceLeft("seed") { acc, _ in acc })
        XCTAssertEqual(recorder.events, ["next seed", "completed"])
    }

    func testNilAccumulatorIsNotEmitted() {
        let recorder = EventLog()
        recorder.record(SSignal.complete().reduceLeft(nil) { acc, _ in acc })
        recorder.record(syncValues([1, 2]).reduceLeft(0) { _, _ in nil })
        XCTAssertEqual(recorder.events, ["completed", "completed"])
    }

    func testErrorIsForwardedWithoutTheAccumulator() {
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putError("e")
                return nil
            }.reduceLeft(0, with: add))
        XCTAssertEqual(recorder.events, ["error e"])
    }

    func testAccumulatorIsPerSubscription() {
        let recorder = EventLog()
        let signal = syncValues([1, 2]).reduceLeft(0, with: add)
        recorder.record(signal)
        recorder.record(signal)
        XCTAssertEqual(recorder.events, ["next 3", "completed", "next 3", "completed"])
    }

    func testPassthroughEmitsImmediatelyAndTheFinalValue() {
        let recorder = EventLog()
        recorder.record(
            syncValues([1, 2, 3]).reduceLeftWithPassthrough(0) { acc, value, emit in
                let sum = (acc as! Int) + (value as! Int)
                if sum % 2 == 1 {
                    emit("odd \(sum)")
                    emit(nil)
                }
                return sum
            })
        XCTAssertEqual(recorder.events, ["next odd 1", "next nil", "next odd 3", "next nil", "next 6", "completed"])
    }

    func testConcurrentValuesAreFoldedOneAtATime() {
        let source = ManualSource()
        let result = Atomic<Int?>(value: nil)
        let completions = Counter()
        source.signal.reduceLeft(0, with: add).start(next: { value in result.swap(value as? Int) }, completed: { completions.increment() })
        let box = UncheckedBox(source)
        concurrently(8) { _ in
            for _ in 0..<500 { box.value.next(1) }
        }
        source.complete()
        XCTAssertEqual(result.with { $0 }, 4000)
        XCTAssertEqual(completions.value, 1)
    }

    func testReentrantValueFromEmitIsFoldedAfterTheCurrentOne() {
        let pipe = SPipe()
        let recorder = EventLog()
        let subscription = pipe.signal().reduceLeftWithPassthrough(0) { acc, value, emit in
            let sum = (acc as! Int) + (value as! Int)
            emit(sum)
            return sum
        }.start(next: { value in
            recorder.add("next \(describe(value))")
            if value as? Int == 1 {
                pipe.putNext(10)
                recorder.add("after nested push")
            }
        })
        pipe.putNext(1)
        XCTAssertEqual(recorder.events, ["next 1", "after nested push", "next 11"])
        subscription.dispose()
    }

    func testClosureReleasedAfterCompletion() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        do {
            let object = Tracked()
            weakObject = object
            source.signal.reduceLeft(0) { acc, _ in withExtendedLifetime(object) { acc } }.start()
        }
        XCTAssertNotNil(weakObject)
        source.complete()
        XCTAssertNil(weakObject)
    }
}
