import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalDispatchTests: LeakCheckedTestCase {
    // MARK: deliverOn

    func testDeliverOnMovesEveryEventToTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let log = EventLog()
        syncValues([1, 2]).deliverOn(queue).start(
            next: { value in
                log.add("next \(describe(value)) on queue \(queue.isCurrentQueue())")
            }, completed: { log.add("completed on queue \(queue.isCurrentQueue())") })
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["next 1 on queue true", "next 2 on queue true", "completed on queue true"])
    }

    func testDeliverOnErrorToo() {
        let clock = VirtualClock()
        let recorder = EventLog()
        recorder.record(SSignal.fail("e").deliverOn(virtualQueue(clock)))
        XCTAssertEqual(recorder.events, [])
        clock.run()
        XCTAssertEqual(recorder.events, ["error e"])
    }

    func testDeliverOnIsInlineWhenAlreadyOnTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let log = EventLog()
        queue.dispatch {
            SSignal.single(1).deliverOn(queue).start(next: log.next)
            log.add("after start")
        }
        clock.run()
        XCTAssertEqual(log.events, ["next 1", "after start"])
    }

    func testDeliverOnReleasesTheStartsClosuresOnceItsTerminalEventWasDeliveredOnTheQueue() {
        // The hop and the subscriber its terminal events go to are one object that the
        // upstream's closures capture: the terminal event on the queue ends the
        // subscription, which lets go of them and of the start's closures.
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        for failing in [false, true] {
            weak var weakCaptured: Tracked?
            let source = ManualSource()
            let recorder = EventLog()
            var handle: SDisposable?
            do {
                let captured = Tracked()
                weakCaptured = captured
                handle = source.signal.deliverOn(queue).start(
                    next: { _ in withExtendedLifetime(captured) {} }, error: recorder.error, completed: recorder.completed)
            }
            source.next(1)
            if failing { source.fail(7) } else { source.complete() }
            XCTAssertNotNil(weakCaptured, "the terminal event waits for its turn on the queue")
            clock.run()
            XCTAssertEqual(recorder.events, [failing ? "error 7" : "completed"])
            XCTAssertNil(weakCaptured, failing ? "released after the error" : "released after the completion")
            withExtendedLifetime(handle) {}
        }
    }

    func testDeliverOnOverAHotSourceJoinsItsHub() {
        // A pipe's or variable's hub hands its values to the hop directly: the same values,
        // on the queue, in order; the variable's value replayed; nothing after disposal.
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let pipe = SPipe()
        let variable = SVariable()
        variable.set(SSignal.single("a"))
        let recorder = EventLog()
        let fromPipe = pipe.signal().deliverOn(queue).start(next: recorder.next)
        let fromVariable = variable.signal().deliverOn(queue).start(next: recorder.next)
        pipe.putNext(1)
        variable.set(SSignal.single("b"))
        pipe.putNext(2)
        XCTAssertEqual(recorder.events, [], "every value waits for its turn on the queue")
        clock.run()
        XCTAssertEqual(recorder.events, ["next a", "next 1", "next b", "next 2"])
        fromPipe.dispose()
        fromVariable.dispose()
        pipe.putNext(3)
        variable.set(SSignal.single("c"))
        clock.run()
        XCTAssertEqual(recorder.events.count, 4, "nothing after disposal")
        #if DEBUG
            let before = LiveSubscriptions.current
            let handle = pipe.signal().deliverOn(queue).start()
            XCTAssertEqual(LiveSubscriptions.current - before, 1, "no subscription of the pipe's own")
            handle.dispose()
        #endif
    }

    func testDeliverOnOverAPipeThatGoesAwayReleasesTheStartsClosuresWithoutADisposal() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        weak var weakCaptured: Tracked?
        var handle: SDisposable?
        do {
            let pipe = SPipe()
            let captured = Tracked()
            weakCaptured = captured
            handle = pipe.signal().deliverOn(queue).start(next: { _ in withExtendedLifetime(captured) {} })
            pipe.putNext(1)
            clock.run()
        }
        XCTAssertNil(weakCaptured, "the pipe's hub released the hop, and the hop the subscriber")
        withExtendedLifetime(handle) {}
    }

    func testDeliverOnDropsQueuedEventsAfterDisposal() {
        let clock = VirtualClock()
        let source = ManualSource()
        let recorder = EventLog()
        let subscription = recorder.record(source.signal.deliverOn(virtualQueue(clock)))
        source.next(1)
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1, "subscription and disposal stay on the caller's thread")
        clock.run()
        XCTAssertEqual(recorder.events, [])
    }

    func testDeliverOnKeepsOrderOnARealSerialQueue() {
        let queue = SQueue()
        let source = ManualSource()
        let recorder = EventLog()
        let done = DispatchSemaphore(value: 0)
        source.signal.deliverOn(queue).start(next: recorder.next, completed: { done.signal() })
        for value in 0..<200 { source.next(value) }
        source.complete()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(recorder.events, (0..<200).map { "next \($0)" })
    }

    func testDeliverOnThreadPoolIsSerialAndOrdered() {
        let pool = SThreadPoolQueueTests.pool
        let source = ManualSource()
        let recorder = EventLog()
        let onPool = Counter()
        let done = DispatchSemaphore(value: 0)
        source.signal.deliverOnThreadPool(pool).start(
            next: { value in
                if pool.isCurrentThreadInPool() { onPool.increment() }
                recorder.add("next \(describe(value))")
            }, completed: { done.signal() })
        for value in 0..<100 { source.next(value) }
        source.complete()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(recorder.events, (0..<100).map { "next \($0)" })
        XCTAssertEqual(onPool.value, 100)
        let errored = DispatchSemaphore(value: 0)
        SSignal.fail(nil).deliverOn(pool).start(error: { _ in errored.signal() })
        XCTAssertEqual(errored.wait(timeout: .now() + 10), .success)
    }

    // MARK: startOn

    func testStartOnSubscribesOnTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let log = EventLog()
        let source = SSignal { subscriber in
            log.add("start on queue \(queue.isCurrentQueue())")
            subscriber.putNext(1)
            return nil
        }
        source.startOn(queue).start(next: log.next)
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["start on queue true", "next 1"])
    }

    func testStartOnIsInlineWhenAlreadyOnTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let log = EventLog()
        queue.dispatch {
            SSignal.single(1).startOn(queue).start(next: log.next)
            log.add("after start")
        }
        clock.run()
        XCTAssertEqual(log.events, ["next 1", "after start"])
    }

    func testStartOnDisposedBeforeTheQueueRunsNeverStarts() {
        let clock = VirtualClock()
        let source = ManualSource()
        let subscription = source.signal.startOn(virtualQueue(clock)).start()
        subscription.dispose()
        clock.run()
        XCTAssertEqual(source.startCount, 0)
    }

    func testStartOnDisposalAfterStartDisposesSource() {
        let clock = VirtualClock()
        let source = ManualSource()
        let subscription = source.signal.startOn(virtualQueue(clock)).start()
        clock.run()
        XCTAssertEqual(source.startCount, 1)
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testStartOnThreadPool() {
        let pool = SThreadPoolQueueTests.pool
        let onPool = Atomic(value: false)
        let done = DispatchSemaphore(value: 0)
        let source = SSignal { subscriber in
            onPool.swap(pool.isCurrentThreadInPool())
            subscriber.putNext(1)
            subscriber.putCompletion()
            return nil
        }
        let recorder = EventLog()
        source.startOn(pool).start(next: recorder.next, completed: { done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(onPool.with { $0 })
        XCTAssertEqual(recorder.events, ["next 1"])
    }

    func testStartOnThreadPoolDisposedBeforeRunNeverStarts() {
        let pool = SThreadPool(threadCount: 1)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        pool.addTask(
            SThreadPoolTask { _ in
                started.signal()
                gate.wait()
            })
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        let source = ManualSource()
        let subscription = source.signal.startOnThreadPool(pool).start()
        subscription.dispose()
        gate.signal()
        let drained = DispatchSemaphore(value: 0)
        pool.addTask(SThreadPoolTask { _ in drained.signal() })
        XCTAssertEqual(drained.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(source.startCount, 0)
    }

    // MARK: throttleOn (debounce)

    func testThrottleOnEmitsTheLatestValueAfterQuiet() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let source = ManualSource()
        let log = EventLog()
        disposedAtEnd(
            source.signal.throttleOn(queue, delay: 1).start(next: { value in
                log.add("next \(describe(value)) at \(clock.now) on queue \(queue.isCurrentQueue())")
            }))
        source.next(1)
        clock.advance(by: 0.5)
        source.next(2)
        clock.advance(by: 0.5)
        source.next(3)
        clock.advance(by: 0.9)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.1)
        XCTAssertEqual(log.events, ["next 3 at 2.0 on queue true"])
        source.next(4)
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["next 3 at 2.0 on queue true", "next 4 at 3.0 on queue true"], "after a commit, a new value starts a new wait")
    }

    func testThrottleOnFlushesPendingValueOnCompletion() {
        let clock = VirtualClock()
        let source = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.throttleOn(virtualQueue(clock), delay: 1))
        source.next(1)
        source.next(nil)
        source.complete()
        clock.run()
        XCTAssertEqual(recorder.events, ["next nil", "completed"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testThrottleOnCompletionWithoutPendingValueComesAfterTheDelay() {
        let clock = VirtualClock()
        let source = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.throttleOn(virtualQueue(clock), delay: 1))
        source.next(1)
        clock.advance(by: 1)
        source.complete()
        clock.advance(by: 0.9)
        XCTAssertEqual(recorder.events, ["next 1"])
        clock.advance(by: 0.1)
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
    }

    func testThrottleOnErrorIsForwardedAtOnceAndDropsPendingValue() {
        let clock = VirtualClock()
        let source = ManualSource()
        let recorder = EventLog()
        recorder.record(source.signal.throttleOn(virtualQueue(clock), delay: 1))
        source.next(1)
        source.fail("e")
        clock.run()
        XCTAssertEqual(recorder.events, ["error e"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testThrottleOnDisposalStopsTheTimer() {
        let clock = VirtualClock()
        let source = ManualSource()
        let recorder = EventLog()
        let subscription = recorder.record(source.signal.throttleOn(virtualQueue(clock), delay: 1))
        source.next(1)
        clock.run()
        XCTAssertEqual(clock.pendingCount, 1)
        subscription.dispose()
        XCTAssertEqual(clock.pendingCount, 0, "nothing fires after disposal")
        clock.advance(by: 5)
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testThrottleOnNegativeDelayEmitsOnNextQueueTurn() {
        let clock = VirtualClock()
        let source = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(source.signal.throttleOn(virtualQueue(clock), delay: -1)))
        source.next(1)
        XCTAssertEqual(recorder.events, [])
        clock.run()
        XCTAssertEqual(recorder.events, ["next 1"])
    }

    func testThrottleOnReleasesCapturesAfterCompletion() {
        let clock = VirtualClock()
        let source = ManualSource()
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            source.signal.throttleOn(virtualQueue(clock), delay: 1).start(next: { _ in _ = object })
        }
        source.next(1)
        source.complete()
        clock.advance(by: 2)
        XCTAssertNil(weakObject)
    }
}
