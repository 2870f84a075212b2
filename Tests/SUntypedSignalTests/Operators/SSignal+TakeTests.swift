import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalTakeTests: LeakCheckedTestCase {
    func testTakeForwardsCountThenCompletesAndDisposesSource() {
        let source = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.take(2))
        source.next(1)
        source.next(nil)
        source.next(3)
        XCTAssertEqual(recorder.events, ["next 1", "next nil", "completed"])
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testTakeForwardsEarlyTermination() {
        let recorder = EventLog()
        recorder.record(syncValues([1]).take(5))
        recorder.record(SSignal.fail("e").take(5))
        XCTAssertEqual(recorder.events, ["next 1", "completed", "error e"])
    }

    func testTakeZeroAndNegativeCompleteAtOnceWithoutSubscribing() {
        for count in [0, -1, Int.min] {
            let source = ManualSource()
            let recorder = EventLog()
            recorder.record(source.signal.take(count))
            XCTAssertEqual(recorder.events, ["completed"])
            XCTAssertEqual(source.startCount, 0)
        }
        let recorder = EventLog()
        recorder.record(SSignal.never().take(0))
        XCTAssertEqual(recorder.events, ["completed"], "even a source that never ends")
    }

    func testTakeSynchronousSourceDropsLaterValuesAndError() {
        let recorder = EventLog()
        let log = EventLog()
        recorder.record(
            tracedSignal("source", log) { subscriber in
                for value in 0..<5 { subscriber.putNext(value) }
                subscriber.putError("late")
            }.take(2))
        XCTAssertEqual(recorder.events, ["next 0", "next 1", "completed"])
        XCTAssertEqual(log.events, ["start source", "dispose source"])
    }

    func testTakeIsPerSubscription() {
        let recorder = EventLog()
        let signal = syncValues([1, 2, 3]).take(1)
        recorder.record(signal)
        recorder.record(signal)
        XCTAssertEqual(recorder.events, ["next 1", "completed", "next 1", "completed"])
    }

    func testTakeLargeCountDoesNotOverflow() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2]).take(Int.max))
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "completed"])
    }

    func testTakeUnderConcurrentEmissionDeliversAtMostCountAndCompletesOnce() {
        for _ in 0..<20 {
            let source = ManualSource()
            let values = Counter()
            let completions = Counter()
            source.signal.take(10).start(next: { _ in values.increment() }, completed: { completions.increment() })
            let box = UncheckedBox(source)
            concurrently(8) { _ in
                for value in 0..<20 { box.value.next(value) }
            }
            XCTAssertLessThanOrEqual(values.value, 10)
            XCTAssertEqual(completions.value, 1)
            XCTAssertEqual(source.disposeCount, 1)
        }
    }

    // MARK: takeLast

    func testTakeLastEmitsOnlyTheLastValue() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2, 3]).takeLast())
        XCTAssertEqual(recorder.events, ["next 3", "completed"])
    }

    func testTakeLastEmitsTrailingNil() {
        let recorder = EventLog()
        recorder.record(syncValues([1, nil]).takeLast())
        XCTAssertEqual(recorder.events, ["next nil", "completed"])
    }

    func testTakeLastWithoutValuesJustCompletes() {
        let recorder = EventLog()
        recorder.record(SSignal.complete().takeLast())
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testTakeLastErrorDropsTheValue() {
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putError("e")
                return nil
            }.takeLast())
        XCTAssertEqual(recorder.events, ["error e"])
    }

    // MARK: takeUntilReplacement

    func testTakeUntilReplacementForwardsSelfUntilReplaced() {
        let source = ManualSource()
        let replacements = ManualSource()
        let replacement = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.takeUntilReplacement(replacements.signal))
        source.next(1)
        replacements.next(replacement.signal)
        XCTAssertEqual(source.disposeCount, 1, "self is disposed for good")
        source.next("stale")
        replacement.next(2)
        replacement.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "completed"])
    }

    func testSubscribesToReplacementFirst() {
        let log = EventLog()
        tracedSignal("self", log).takeUntilReplacement(tracedSignal("replacement", log)).start()
        XCTAssertEqual(log.events, ["start replacement", "start self"])
    }

    func testLaterReplacementsSwitchAgain() {
        let source = ManualSource()
        let replacements = ManualSource()
        let first = ManualSource()
        let second = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(source.signal.takeUntilReplacement(replacements.signal)))
        replacements.next(first.signal)
        first.next("a")
        replacements.next(second.signal)
        XCTAssertEqual(first.disposeCount, 1)
        second.next("b")
        XCTAssertEqual(recorder.events, ["next a", "next b"])
    }

    func testReplacementErrorIsForwardedAndItsCompletionIgnored() {
        let source = ManualSource()
        let replacements = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(source.signal.takeUntilReplacement(replacements.signal)))
        replacements.complete()
        source.next(1)
        XCTAssertEqual(recorder.events, ["next 1"])

        let other = ManualSource()
        let failing = ManualSource()
        let recorder2 = EventLog()
        disposedAtEnd(recorder2.record(other.signal.takeUntilReplacement(failing.signal)))
        failing.fail("r")
        XCTAssertEqual(recorder2.events, ["error r"])
        XCTAssertEqual(other.disposeCount, 1)
    }

    func testSelfTerminationDisposesReplacementAndIsForwarded() {
        let source = ManualSource()
        let replacements = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.takeUntilReplacement(replacements.signal))
        source.complete()
        XCTAssertEqual(recorder.events, ["completed"])
        XCTAssertEqual(replacements.disposeCount, 1)
    }

    func testSynchronousReplacementStillBrieflyStartsSelf() {
        let log = EventLog()
        let recorder = EventLog()
        let selfSignal = tracedSignal("self", log) { $0.putNext("from self") }
        recorder.record(selfSignal.takeUntilReplacement(.single(SSignal.single("replaced"))))
        XCTAssertEqual(recorder.events, ["next replaced", "completed"], "self's value reaches a completed subscriber")
        XCTAssertEqual(log.events, ["start self", "dispose self"], "self still starts, as in the original, and is torn down")
    }

    func testSynchronousReplacementThatDoesNotCompleteCancelsSelfRightAfterItsStart() {
        let log = EventLog()
        let recorder = EventLog()
        let selfSignal = tracedSignal("self", log) { $0.putNext("from self") }
        recorder.record(selfSignal.takeUntilReplacement(.single(SSignal.never())))
        // As in the original: self still starts (and a synchronous self can emit) but is
        // disposed right after its start.
        XCTAssertEqual(log.events, ["start self", "dispose self"])
        XCTAssertEqual(recorder.events, ["next from self"])
    }

    func testNonSignalReplacementIsATypeError() {
        let error = Cell<Any?>(nil)
        SSignal.never().takeUntilReplacement(.single("nope")).start(error: { error.value = $0 })
        XCTAssertEqual(error.value as? SSignalTypeError, SSignalTypeError(expected: "SSignal", actual: "String"))
    }

    func testDisposalDisposesEverything() {
        let source = ManualSource()
        let replacements = ManualSource()
        let subscription = source.signal.takeUntilReplacement(replacements.signal).start()
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1)
        XCTAssertEqual(replacements.disposeCount, 1)
    }
}
