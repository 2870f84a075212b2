import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SignalDispatchTests: LeakCheckedTestCase {
    func testDeliverOnMovesEventsToQueueAndTearsDownUpstreamImmediately() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let signal =
            traced(
                "a", log,
                Signal<Int, NoError> { subscriber in
                    subscriber.putNext(1)
                    subscriber.putCompletion()
                    log.add("emitted")
                    return EmptyDisposable
                }) |> deliverOn(queue)
        signal.start(next: { log.add("next \($0) on queue \(queue.isCurrent())") }, completed: { log.add("completed") })
        XCTAssertEqual(log.events, ["a.subscribe#1", "emitted", "a.dispose#1"])
        clock.run()
        XCTAssertEqual(log.events, ["a.subscribe#1", "emitted", "a.dispose#1", "next 1 on queue true", "completed"])
    }

    func testDeliverOnIsInlineWhenAlreadyOnQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        queue.sync {
            log.record(Signal<Int, NoError>.single(1) |> deliverOn(queue))
            log.add("after start")
        }
        XCTAssertEqual(log.events, ["next 1", "completed", "after start"])
    }

    func testDeliverOnReleasesTheStartsClosuresOnceItsTerminalEventWasDeliveredOnTheQueue() {
        // The hop and the subscriber its terminal events go to are one object that the
        // upstream's closures capture: the terminal event on the queue ends the
        // subscription, which lets go of them and of the start's closures.
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        for failing in [false, true] {
            weak var weakCaptured: Tracked?
            let source = ManualSource<Int, Int>()
            let log = EventLog()
            var handle: Disposable?
            do {
                let captured = Tracked()
                weakCaptured = captured
                handle = (source.signal |> deliverOn(queue)).start(
                    next: { _ in withExtendedLifetime(captured) {} }, error: { log.add("error \($0)") },
                    completed: { log.add("completed") })
            }
            source.putNext(1)
            if failing { source.putError(7) } else { source.putCompletion() }
            XCTAssertNotNil(weakCaptured, "the terminal event waits for its turn on the queue")
            clock.run()
            XCTAssertEqual(log.events, [failing ? "error 7" : "completed"])
            XCTAssertNil(weakCaptured, failing ? "released after the error" : "released after the completion")
            withExtendedLifetime(handle) {}
        }
    }

    func testDeliverOnOverAHotSourceJoinsItsHub() {
        // A pipe's or value cell's hub hands its values to the hop directly: the same
        // values, on the queue, in order; the cell's value replayed; nothing after disposal.
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let pipe = ValuePipe<Int>()
        let cell = ValuePromise<String>("a")
        let log = EventLog()
        let fromPipe = (pipe.signal() |> deliverOn(queue)).start(next: { log.add("pipe \($0) on queue \(queue.isCurrent())") })
        let fromCell = (cell.get() |> deliverOn(queue)).start(next: { log.add("cell \($0)") })
        pipe.putNext(1)
        cell.set("b")
        pipe.putNext(2)
        XCTAssertEqual(log.events, [], "every value waits for its turn on the queue")
        clock.run()
        XCTAssertEqual(log.events, ["cell a", "pipe 1 on queue true", "cell b", "pipe 2 on queue true"])
        fromPipe.dispose()
        fromCell.dispose()
        pipe.putNext(3)
        cell.set("c")
        clock.run()
        XCTAssertEqual(log.events.count, 4, "nothing after disposal")
        #if DEBUG
            let before = LiveSubscriptions.current
            let handle = (pipe.signal() |> deliverOn(queue)).start()
            XCTAssertEqual(LiveSubscriptions.current - before, 1, "no subscription of the pipe's own")
            handle.dispose()
        #endif
    }

    func testDeliverOnOverAPipeThatGoesAwayReleasesTheStartsClosuresWithoutADisposal() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        weak var weakCaptured: Tracked?
        var handle: Disposable?
        do {
            let pipe = ValuePipe<Int>()
            let captured = Tracked()
            weakCaptured = captured
            handle = (pipe.signal() |> deliverOn(queue)).start(next: { _ in withExtendedLifetime(captured) {} })
            pipe.putNext(1)
            clock.run()
        }
        XCTAssertNil(weakCaptured, "the pipe's hub released the hop, and the hop the subscriber")
        withExtendedLifetime(handle) {}
    }

    func testDeliverOnDropsQueuedEventsAfterDisposal() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let handle = log.record(source.signal |> deliverOn(queue))
        source.putNext(1)
        handle.dispose()
        clock.run()
        XCTAssertEqual(log.events, [])
    }

    func testDeliverOnKeepsOrderOnSerialQueue() {
        let queue = Queue(name: "serial")
        let log = EventLog()
        let done = expectation(description: "completed")
        let source = ManualSource<Int, NoError>()
        (source.signal |> deliverOn(queue)).start(next: { log.add("\($0)") }, completed: { done.fulfill() })
        for value in 0..<500 { source.putNext(value) }
        source.putCompletion()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.events, (0..<500).map(String.init))
    }

    func testDeliverOnMainQueueIsInlineOnMainThread() {
        let log = EventLog()
        log.record(Signal<Int, NoError>.single(1) |> deliverOnMainQueue)
        XCTAssertEqual(log.events, ["next 1", "completed"])
    }

    func testDeliverOnThreadPoolIsSerialAndOrdered() {
        let pool = ThreadPoolTests.pool
        let log = EventLog()
        let done = expectation(description: "completed")
        let source = ManualSource<Int, NoError>()
        (source.signal |> deliverOn(pool)).start(
            next: { value in
                log.add("\(value) \(pool.isCurrentThreadInPool())")
            }, completed: { done.fulfill() })
        for value in 0..<50 { source.putNext(value) }
        source.putCompletion()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.events, (0..<50).map { "\($0) true" })
    }

    func testRunOnSubscribesOnQueueAndDisposalBeforeRunPreventsIt() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let source = traced(
            "a", log,
            Signal<Int, NoError> { subscriber in
                log.add("generator on queue \(queue.isCurrent())")
                subscriber.putNext(1)
                return EmptyDisposable
            })
        log.record(source |> runOn(queue))
        log.add("start returned")
        clock.run()
        let cancelled = log.record(source |> runOn(queue))
        cancelled.dispose()
        clock.run()
        XCTAssertEqual(log.events, ["start returned", "a.subscribe#1", "generator on queue true", "next 1"])
    }

    func testRunOnIsInlineWhenCurrent() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        queue.sync {
            log.record(Signal<Int, NoError>.single(1) |> runOn(queue))
            log.add("start returned")
        }
        XCTAssertEqual(log.events, ["next 1", "completed", "start returned"])
    }

    func testRunOnThreadPool() {
        let pool = ThreadPoolTests.pool
        let done = expectation(description: "subscribed on pool")
        disposedAtEnd(
            (Signal<Int, NoError> { subscriber in
                subscriber.putNext(pool.isCurrentThreadInPool() ? 1 : 0)
                return EmptyDisposable
            } |> runOn(pool)).start(next: { if $0 == 1 { done.fulfill() } }))
        wait(for: [done], timeout: 10)
    }

    func testRunOnThreadPoolDisposedBeforeRunNeverSubscribes() {
        let pool = ThreadPool(threadCount: 1, threadPriority: 0.5)
        let gate = DispatchSemaphore(value: 0)
        pool.addTask(ThreadPoolTask { _ in gate.wait() })
        let log = EventLog()
        let handle = (traced("a", log, Signal<Int, NoError>.never()) |> runOn(pool)).start()
        handle.dispose()
        gate.signal()
        let drained = expectation(description: "drained")
        pool.addTask(ThreadPoolTask { _ in drained.fulfill() })
        wait(for: [drained], timeout: 10)
        XCTAssertEqual(log.events, [])
    }
}

final class SignalAsyncTests: LeakCheckedTestCase {
    func testGetReturnsFirstValue() async {
        let value = await (Signal<Int, NoError>.single(5)).get()
        XCTAssertEqual(value, 5)
    }

    func testGetWaitsForLaterValue() async {
        let pipe = ValuePipe<Int>()
        let signal = pipe.signal()
        // Keep pushing from another thread until the subscription exists, so the test
        // never depends on timing.
        let pusher = Task.detached {
            while !Task.isCancelled {
                pipe.putNext(7)
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        let value = await signal.get()
        pusher.cancel()
        XCTAssertEqual(value, 7)
    }

    func testFirstValueReportsCompletionWithoutValue() async {
        do {
            _ = try await Signal<Int, NoError>.complete().firstValue()
            XCTFail("expected an error")
        } catch .completedWithoutValue {
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testFirstValueReportsFailure() async {
        do {
            _ = try await Signal<Int, TestError>.fail(TestError(3)).firstValue()
            XCTFail("expected an error")
        } catch let error as TestError {
            XCTAssertEqual(error, TestError(3))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testFirstValueCancellationDisposesAndThrows() async {
        let disposed = expectation(description: "disposed")
        let signal = Signal<Int, NoError> { _ in ActionDisposable { disposed.fulfill() } }
        let task = Task { try await signal.firstValue() }
        try? await Task.sleep(nanoseconds: 10_000_000)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch SignalAwaitError.cancelled {
        } catch {
            XCTFail("unexpected \(error)")
        }
        await fulfillment(of: [disposed], timeout: 10)
    }

    func testFirstValueAlreadyCancelledStillReturnsSynchronousValue() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Signal<Int, NoError>.single(9).firstValue()
        }
        let value = try await task.value
        XCTAssertEqual(value, 9)
    }
}
