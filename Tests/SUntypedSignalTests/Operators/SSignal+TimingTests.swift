import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalTimingTests: LeakCheckedTestCase {
    // MARK: delay

    func testDelayDelaysTheSubscriptionAndRunsItOnTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let log = EventLog()
        let startedOnQueue = Cell(false)
        let source = SSignal { subscriber in
            log.add("start at \(clock.now)")
            startedOnQueue.value = queue.isCurrentQueue()
            subscriber.putNext(1)
            subscriber.putCompletion()
            return nil
        }
        source.delay(2, onQueue: queue).start(next: log.next, completed: log.completed)
        clock.advance(by: 1.9)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.1)
        XCTAssertEqual(log.events, ["start at 2.0", "next 1", "completed"])
        XCTAssertTrue(startedOnQueue.value)
    }

    func testDelayDoesNotDelayLaterValues() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let source = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(source.signal.delay(1, onQueue: queue)))
        clock.advance(by: 1)
        source.next("now")
        XCTAssertEqual(recorder.events, ["next now"])
    }

    func testDelayDelaysErrorsToo() {
        let clock = VirtualClock()
        let recorder = EventLog()
        recorder.record(SSignal.fail("e").delay(1, onQueue: virtualQueue(clock)))
        XCTAssertEqual(recorder.events, [])
        clock.advance(by: 1)
        XCTAssertEqual(recorder.events, ["error e"])
    }

    func testDelayDisposalBeforeFiringStopsTimerAndNeverSubscribes() {
        let clock = VirtualClock()
        let source = ManualSource()
        weak var weakObject: Tracked?
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = source.signal.delay(1, onQueue: virtualQueue(clock)).start(next: { _ in _ = object })
        }
        XCTAssertEqual(clock.pendingCount, 1)
        subscription?.dispose()
        XCTAssertEqual(clock.pendingCount, 0, "the timer is stopped")
        XCTAssertNil(weakObject, "captures are released at disposal")
        clock.advance(by: 5)
        XCTAssertEqual(source.startCount, 0)
    }

    func testDelayDisposalAfterFiringDisposesTheSource() {
        let clock = VirtualClock()
        let source = ManualSource()
        let subscription = source.signal.delay(1, onQueue: virtualQueue(clock)).start()
        clock.advance(by: 1)
        XCTAssertEqual(source.startCount, 1)
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testDelayNegativeOrNaNSubscribesOnNextQueueTurn() {
        for delay in [-1.0, .nan, 0] {
            let clock = VirtualClock()
            let source = ManualSource()
            disposedAtEnd(source.signal.delay(delay, onQueue: virtualQueue(clock)).start())
            XCTAssertEqual(source.startCount, 0, "never inline")
            clock.run()
            XCTAssertEqual(source.startCount, 1)
        }
    }

    func testDelayInfiniteNeverSubscribes() {
        let clock = VirtualClock()
        let source = ManualSource()
        let subscription = source.signal.delay(.infinity, onQueue: virtualQueue(clock)).start()
        clock.advance(by: 1_000_000)
        XCTAssertEqual(source.startCount, 0)
        subscription.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
    }

    // MARK: timeout

    func testTimeoutFirstValueInTimeStopsTimerAndIsForwarded() {
        let clock = VirtualClock()
        let source = ManualSource()
        let alternate = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.timeout(1, onQueue: virtualQueue(clock), orSignal: alternate.signal))
        clock.advance(by: 0.5)
        source.next(1)
        XCTAssertEqual(clock.pendingCount, 0, "the timer stops at the first event")
        clock.advance(by: 5)
        source.next(2)
        source.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "completed"], "timeout applies to the first event only")
        XCTAssertEqual(alternate.startCount, 0)
    }

    func testTimeoutErrorOrCompletionInTimeIsForwarded() {
        let clock = VirtualClock()
        let recorder = EventLog()
        let failing = ManualSource()
        recorder.record(failing.signal.timeout(1, onQueue: virtualQueue(clock), orSignal: .single("alt")))
        failing.fail("e")
        let completing = ManualSource()
        recorder.record(completing.signal.timeout(1, onQueue: virtualQueue(clock), orSignal: .single("alt")))
        completing.complete()
        clock.advance(by: 5)
        XCTAssertEqual(recorder.events, ["error e", "completed"])
    }

    func testTimeoutSwitchesToAlternateWhenTheTimerFiresFirst() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let source = ManualSource()
        let recorder = EventLog()
        let alternateOnQueue = Cell(false)
        let alternate = SSignal { subscriber in
            alternateOnQueue.value = queue.isCurrentQueue()
            subscriber.putNext("alt")
            subscriber.putCompletion()
            return nil
        }
        recorder.record(source.signal.timeout(1, onQueue: queue, orSignal: alternate))
        clock.advance(by: 1)
        XCTAssertEqual(source.disposeCount, 1)
        source.next("late")
        XCTAssertEqual(recorder.events, ["next alt", "completed"])
        XCTAssertTrue(alternateOnQueue.value)
    }

    func testTimeoutSynchronousTerminationPreventsTheTimeout() {
        let clock = VirtualClock()
        let recorder = EventLog()
        recorder.record(SSignal.single(1).timeout(1, onQueue: virtualQueue(clock), orSignal: .single("alt")))
        XCTAssertEqual(clock.pendingCount, 0)
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
    }

    func testTimeoutDisposalStopsTheTimerSoAlternateNeverStarts() {
        let clock = VirtualClock()
        let source = ManualSource()
        let alternate = ManualSource()
        let subscription = source.signal.timeout(1, onQueue: virtualQueue(clock), orSignal: alternate.signal).start()
        subscription.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        XCTAssertEqual(alternate.startCount, 0, "the original would start the alternate here")
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testTimeoutDisposalAfterSwitchDisposesAlternate() {
        let clock = VirtualClock()
        let source = ManualSource()
        let alternate = ManualSource()
        let subscription = source.signal.timeout(1, onQueue: virtualQueue(clock), orSignal: alternate.signal).start()
        clock.advance(by: 1)
        XCTAssertEqual(alternate.startCount, 1)
        subscription.dispose()
        XCTAssertEqual(alternate.disposeCount, 1)
    }

    func testTimeoutNegativeOrNaNSwitchesOnNextQueueTurn() {
        for seconds in [-1.0, .nan] {
            let clock = VirtualClock()
            let recorder = EventLog()
            recorder.record(SSignal.never().timeout(seconds, onQueue: virtualQueue(clock), orSignal: .single("alt")))
            XCTAssertEqual(recorder.events, [])
            clock.run()
            XCTAssertEqual(recorder.events, ["next alt", "completed"])
        }
    }

    func testTimeoutReleasesCapturesAfterDisposal() {
        let clock = VirtualClock()
        weak var weakObject: Tracked?
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = SSignal.never().timeout(1, onQueue: virtualQueue(clock), orSignal: .never()).start(next: { _ in _ = object })
        }
        subscription?.dispose()
        XCTAssertNil(weakObject)
    }

    func testTimeoutRaceOnRealQueueForwardsExactlyOneSide() {
        for _ in 0..<20 {
            let source = ManualSource()
            let recorder = EventLog()
            let done = DispatchSemaphore(value: 0)
            source.signal.timeout(0, onQueue: SQueue(), orSignal: .single("alt"))
                .start(
                    next: recorder.next,
                    completed: {
                        recorder.add("completed")
                        done.signal()
                    })
            source.next("value")
            source.complete()
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
            let events = recorder.events
            XCTAssertTrue(events == ["next value", "completed"] || events == ["next alt", "completed"], "\(events)")
        }
    }

    // MARK: wait

    func testWaitReturnsAtOnceForASynchronousEvent() {
        let recorder = EventLog()
        recorder.record(SSignal.single(1).wait(1000))
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
    }

    func testWaitBlocksUntilTheFirstEventFromAnotherThread() {
        let recorder = EventLog()
        let source = SSignal { subscriber in
            DispatchQueue.global().async {
                subscriber.putNext("async")
            }
            return nil
        }
        recorder.record(source.wait(1000))
        XCTAssertEqual(recorder.events, ["next async"], "start returned only after the value arrived")
    }

    func testWaitWithoutEventReturnsAfterTheTimeout() {
        let recorder = EventLog()
        recorder.record(SSignal.never().wait(0.01))
        XCTAssertEqual(recorder.events, [])
    }

    func testWaitNonPositiveOrNaNDoesNotWait() {
        for seconds in [0.0, -5, .nan] {
            let recorder = EventLog()
            recorder.record(SSignal.never().wait(seconds))
            XCTAssertEqual(recorder.events, [])
        }
    }

    func testWaitForwardsLaterEventsToo() {
        let source = ManualSource()
        let recorder = EventLog()
        let box = UncheckedBox(source)
        let pushedLater = SSignal { subscriber in
            let inner = source.signal.start(next: { subscriber.putNext($0) }, completed: { subscriber.putCompletion() })
            // Registered with the source first, then the value comes from another thread.
            DispatchQueue.global().async { box.value.next(1) }
            return inner
        }
        let subscription = pushedLater.wait(1000).start(next: recorder.next, completed: recorder.completed)
        source.next(2)
        source.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "completed"])
        subscription.dispose()
    }
}
