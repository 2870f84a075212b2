import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalTests: LeakCheckedTestCase {
    func testGeneratorRunsOnlyOnStartAndAgainEachTime() {
        let runs = Cell(0)
        let signal = SSignal { subscriber in
            runs.value += 1
            subscriber.putNext(runs.value)
            return nil
        }
        XCTAssertEqual(runs.value, 0, "cold: nothing runs before start")
        let recorder = EventLog()
        recorder.record(signal)
        recorder.record(signal)
        XCTAssertEqual(runs.value, 2)
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
    }

    func testGeneratorRunsSynchronouslyOnTheCallingThread() {
        let queue = DispatchQueue(label: "caller")
        let signal = SSignal { subscriber in
            subscriber.putNext(Thread.isMainThread)
            return nil
        }
        var onMain: Any?
        let box = UncheckedBox(signal)
        let result = Atomic<Bool?>(value: nil)
        let done = DispatchSemaphore(value: 0)
        queue.async {
            box.value.start(next: { value in result.swap(value as? Bool) })
            done.signal()
        }
        done.wait()
        onMain = result.with { $0 }
        XCTAssertEqual(onMain as? Bool, false)
    }

    func testNilIsALegalValueAndError() {
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                subscriber.putNext(nil)
                subscriber.putError(nil)
                return nil
            })
        XCTAssertEqual(recorder.events, ["next nil", "error nil"])
    }

    func testANilErrorStaysAnErrorThroughMapsAndFilters() {
        // A stage's callbacks send the error and the completion through one function,
        // which tells them apart by an optional: a nil error must not turn into a completion.
        let failing = SSignal { subscriber in
            subscriber.putError(nil)
            return nil
        }
        let recorder = EventLog()
        recorder.record(failing.map { $0 })
        recorder.record(failing.filter { _ in true })
        recorder.record(failing.map { $0 }.filter { _ in true }.map { $0 })
        recorder.record(SSignal.defer { failing.map { $0 } })
        XCTAssertEqual(recorder.events, ["error nil", "error nil", "error nil", "error nil"])
    }

    func testNothingAfterATerminalEvent() {
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putCompletion()
                subscriber.putNext(2)
                subscriber.putError("late")
                subscriber.putCompletion()
                return nil
            })
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
    }

    func testErrorWithoutCallbackIsSwallowedButTerminates() {
        let disposed = Cell(false)
        let values = Cell<[Int]>([])
        SSignal { subscriber in
            subscriber.putError("boom")
            subscriber.putNext(1)
            return SBlockDisposable { disposed.value = true }
        }.start(next: { values.value.append($0 as! Int) })
        XCTAssertTrue(disposed.value)
        XCTAssertEqual(values.value, [])
    }

    func testTerminationCallsCallbackThenDisposesUpstream() {
        let recorder = EventLog()
        let source = ManualSource()
        let signal = SSignal { subscriber in
            let inner = source.signal.start(next: { subscriber.putNext($0) }, completed: { subscriber.putCompletion() })
            return SBlockDisposable {
                recorder.add("dispose")
                inner.dispose()
            }
        }
        signal.start(completed: { recorder.add("completed") })
        source.complete()
        XCTAssertEqual(recorder.events, ["completed", "dispose"])
    }

    func testDisposeDisposesGeneratorThenDropsEventsWithoutCallbacks() {
        let recorder = EventLog()
        let source = ManualSource()
        let subscription = recorder.record(source.signal)
        source.next(1)
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1)
        source.next(2)
        source.complete()
        XCTAssertEqual(recorder.events, ["next 1"], "no completion or error callback on disposal")
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1, "dispose is idempotent")
    }

    func testEventsSentWhileTheGeneratorDisposableDisposesStillArrive() {
        let recorder = EventLog()
        let signal = SSignal { subscriber in
            SBlockDisposable { subscriber.putNext("from dispose") }
        }
        let subscription = recorder.record(signal)
        subscription.dispose()
        XCTAssertEqual(recorder.events, ["next from dispose"], "the original disposes first, then marks terminated")
    }

    func testCallbacksReleasedAfterCompletion() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = source.signal.start(next: { _ in _ = object })
        }
        XCTAssertNotNil(weakObject)
        source.complete()
        XCTAssertNil(weakObject)
        _ = subscription
    }

    func testCallbacksReleasedAfterDisposal() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = source.signal.start(next: { _ in _ = object })
        }
        XCTAssertNotNil(weakObject)
        subscription?.dispose()
        XCTAssertNil(weakObject)
    }

    func testNeverReleasesCallbacksAsSoonAsStartReturns() {
        weak var weakObject: Tracked?
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = SSignal.never().start(next: { _ in _ = object })
        }
        XCTAssertNil(weakObject, "the source dropped its subscriber, so nothing can call back")
        subscription?.dispose()
    }

    func testDisposeFromInsideNextCallback() {
        let source = ManualSource()
        let subscription = Cell<SDisposable?>(nil)
        let values = Cell<[Int]>([])
        subscription.value = source.signal.start(next: { value in
            values.value.append(value as! Int)
            subscription.value?.dispose()
        })
        source.next(1)
        source.next(2)
        XCTAssertEqual(values.value, [1])
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testDisposeFromInsideCompletedCallbackIsHarmless() {
        let source = ManualSource()
        let subscription = Cell<SDisposable?>(nil)
        let completions = Cell(0)
        subscription.value = source.signal.start(completed: {
            completions.value += 1
            subscription.value?.dispose()
        })
        source.complete()
        XCTAssertEqual(completions.value, 1)
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testConcurrentDisposeDisposesGeneratorOnce() {
        let source = ManualSource()
        let subscription = source.signal.start()
        let box = UncheckedBox(subscription)
        concurrently(16) { _ in box.value.dispose() }
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testConcurrentTerminalEventsDeliverExactlyOne() {
        for _ in 0..<50 {
            let source = ManualSource()
            let counter = Counter()
            source.signal.start(error: { _ in counter.increment() }, completed: { counter.increment() })
            let box = UncheckedBox(source)
            concurrently(8) { index in
                if index % 2 == 0 { box.value.complete() } else { box.value.fail(index) }
            }
            XCTAssertEqual(counter.value, 1)
        }
    }

    func testPushesFromSeveralThreadsAllArrive() {
        let source = ManualSource()
        let counter = Counter()
        disposedAtEnd(source.signal.start(next: { _ in counter.increment() }))
        let box = UncheckedBox(source)
        concurrently(8) { _ in
            for index in 0..<1000 { box.value.next(index) }
        }
        XCTAssertEqual(counter.value, 8000)
    }

    func testStartOverloadsWithSubsetsOfCallbacks() {
        let log = Cell<[String]>([])
        SSignal.single(1).start(next: { log.value.append("next \(describe($0))") })
        SSignal.single(2).start(next: { log.value.append("next \(describe($0))") }, completed: { log.value.append("completed") })
        SSignal.fail(3).start(next: { _ in }, error: { log.value.append("error \(describe($0))") }, completed: {})
        SSignal.single(4).start()
        XCTAssertEqual(log.value, ["next 1", "next 2", "completed", "error 3"])
    }

    func testStartStrictBehavesLikeStartAndReturnsStrictDisposable() {
        let source = ManualSource()
        let values = Cell<[Int]>([])
        let completed = Cell(false)
        let subscription = source.signal.startStrict(next: { values.value.append($0 as! Int) }, completed: { completed.value = true })
        XCTAssertTrue(subscription is SStrictDisposable)
        source.next(1)
        subscription.dispose()
        source.next(2)
        XCTAssertEqual(values.value, [1])
        XCTAssertFalse(completed.value)
        XCTAssertEqual(source.disposeCount, 1)
        let other = SSignal.single(5).startStrict(next: { values.value.append($0 as! Int) })
        other.dispose()
        let third = SSignal.fail(6).startStrict(next: { _ in }, error: { values.value.append($0 as! Int) }, completed: {})
        third.dispose()
        XCTAssertEqual(values.value, [1, 5, 6])
    }

    func testGeneratorMayReturnNil() {
        let recorder = EventLog()
        let subscription = recorder.record(
            SSignal { subscriber in
                subscriber.putNext(1)
                return nil
            })
        subscription.dispose()
        XCTAssertEqual(recorder.events, ["next 1"])
    }
}
