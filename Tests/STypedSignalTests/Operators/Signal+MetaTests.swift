import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

private typealias Inner = Signal<Int, TestError>
private typealias Outer = ManualSource<Inner, TestError>

/// A signal that keeps its subscriber and ignores disposal: a source that misbehaves,
/// to show that the operator itself drops events of replaced inners.
private final class StubbornSource: @unchecked Sendable {
    // Safety: `subscriber` is only touched from the test's thread.
    var subscriber: Subscriber<Int, TestError>?
    var signal: Inner {
        Signal { subscriber in
            self.subscriber = subscriber
            return EmptyDisposable
        }
    }
}

/// Counts how many of a set of inner signals are running at once.
private final class Overlap: @unchecked Sendable {
    // Safety: guarded by `mutex`.
    private let mutex = PosixLock()
    private var active = 0
    private(set) var maximum = 0
    private(set) var runs: [Int] = []

    func begin(_ id: Int) {
        mutex.withLock {
            active += 1
            maximum = max(maximum, active)
            runs.append(id)
        }
    }

    func end() {
        mutex.withLock { active -= 1 }
    }

    var snapshot: (maximum: Int, runs: [Int]) {
        mutex.withLock { (maximum, runs) }
    }
}

final class SignalMetaTests: LeakCheckedTestCase {
    // MARK: - switchToLatest

    func testSwitchToLatestSubscribesTheNewInnerBeforeDisposingTheOld() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        disposedAtEnd(log.record(traced("outer", log, outer.signal) |> switchToLatest))
        outer.putNext(traced("a", log, a.signal))
        a.putNext(1)
        outer.putNext(traced("b", log, b.signal))
        a.putNext(2)
        b.putNext(3)
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "next 1", "b.subscribe#1", "a.dispose#1", "next 3"])
    }

    func testSwitchToLatestDropsEveryEventOfAReplacedInner() {
        let log = EventLog()
        let outer = Outer()
        let stubborn = StubbornSource()
        let b = ManualSource<Int, TestError>()
        log.record(outer.signal |> switchToLatest)
        outer.putNext(stubborn.signal)
        stubborn.subscriber?.putNext(1)
        outer.putNext(b.signal)
        outer.putCompletion()
        stubborn.subscriber?.putNext(2)
        stubborn.subscriber?.putCompletion()
        stubborn.subscriber?.putError(TestError(1))
        b.putNext(3)
        b.putCompletion()
        XCTAssertEqual(log.events, ["next 1", "next 3", "completed"])
    }

    func testSwitchToLatestCompletesAtOnceWhenTheOuterCompletesWhileIdle() {
        let log = EventLog()
        let outer = Outer()
        log.record(outer.signal |> switchToLatest)
        outer.putCompletion()
        XCTAssertEqual(log.events, ["completed"])

        let log2 = EventLog()
        let outer2 = Outer()
        log2.record(outer2.signal |> switchToLatest)
        outer2.putNext(syncValues([1]))
        outer2.putCompletion()
        XCTAssertEqual(log2.events, ["next 1", "completed"])
    }

    func testSwitchToLatestWaitsForTheCurrentInnerAfterTheOuterCompletes() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(traced("outer", log, outer.signal) |> switchToLatest)
        outer.putNext(traced("a", log, a.signal))
        outer.putCompletion()
        a.putNext(1)
        a.putCompletion()
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "outer.dispose#1", "next 1", "completed", "a.dispose#1"])
    }

    func testSwitchToLatestInnerCompletionWhileTheOuterIsActiveOnlyMarksIdle() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(outer.signal |> switchToLatest)
        outer.putNext(a.signal)
        a.putCompletion()
        XCTAssertEqual(log.events, [])
        outer.putNext(syncValues([5], end: .stayOpen))
        XCTAssertEqual(log.events, ["next 5"])
        outer.putNext(syncValues([6]))
        outer.putCompletion()
        XCTAssertEqual(log.events, ["next 5", "next 6", "completed"])
    }

    func testSwitchToLatestInnerErrorTearsDownTheInnerThenTheOuter() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(traced("outer", log, outer.signal) |> switchToLatest)
        outer.putNext(traced("a", log, a.signal))
        a.putError(TestError(1))
        outer.putNext(traced("b", log, syncValues([1])))
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "error E1", "a.dispose#1", "outer.dispose#1"])
    }

    func testSwitchToLatestOuterErrorIsForwardedAndTearsDownInnerThenOuter() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(traced("outer", log, outer.signal) |> switchToLatest)
        outer.putNext(traced("a", log, a.signal))
        outer.putError(TestError(2))
        a.putNext(1)
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "error E2", "a.dispose#1", "outer.dispose#1"])
    }

    func testSwitchToLatestDisposalDisposesTheInnerThenTheOuter() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        let handle = log.record(traced("outer", log, outer.signal) |> switchToLatest)
        outer.putNext(traced("a", log, a.signal))
        handle.dispose()
        handle.dispose()
        outer.putNext(traced("b", log, syncValues([1])))
        a.putNext(1)
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "a.dispose#1", "outer.dispose#1"])
    }

    func testSwitchToLatestWithSynchronousOuterAndInners() {
        let log = EventLog()
        log.record(syncValues([syncValues([1, 2]), syncValues([3])]) |> switchToLatest)
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3", "completed"])
    }

    func testSwitchToLatestDisposingFromInsideAnInnerValue() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        let handle = MetaDisposable()
        handle.set(
            (traced("outer", log, outer.signal) |> switchToLatest).start(next: { value in
                log.add("next \(value)")
                handle.dispose()
            }))
        outer.putNext(traced("a", log, a.signal))
        a.putNext(1)
        a.putNext(2)
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "next 1", "a.dispose#1", "outer.dispose#1"])
    }

    func testSwitchToLatestPushingANewInnerFromInsideAnInnerValue() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        disposedAtEnd(
            (outer.signal |> switchToLatest).start(next: { value in
                log.add("next \(value)")
                if value == 1 {
                    outer.putNext(traced("b", log, b.signal))
                }
            }))
        outer.putNext(traced("a", log, a.signal))
        a.putNext(1)
        a.putNext(2)
        b.putNext(3)
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "b.subscribe#1", "a.dispose#1", "next 3"])
    }

    func testSwitchToLatestUnderConcurrentOuterEmissionLeavesExactlyOneInnerLive() {
        let outer = Outer()
        let live = Atomic(value: 0)
        let started = Atomic(value: 0)
        let log = EventLog()
        disposedAtEnd(log.record(outer.signal |> switchToLatest))
        let inner = Inner { subscriber in
            started.modify { $0 + 1 }
            live.modify { $0 + 1 }
            subscriber.putNext(1)
            return ActionDisposable { live.modify { $0 - 1 } }
        }
        runConcurrently(4) { _ in
            for _ in 0..<250 {
                outer.putNext(inner)
            }
        }
        XCTAssertEqual(started.with { $0 }, 1000)
        XCTAssertEqual(live.with { $0 }, 1)
        outer.putCompletion()
        XCTAssertEqual(log.events.last, "next 1")
    }

    func testSwitchToLatestDeliversEveryValueAnInnerSendsDuringItsOwnStartUnderConcurrency() {
        // Each inner emits its value and completes inside its own start; a successor
        // registered meanwhile on another thread does not drop it (the original
        // delivers all of them).
        for _ in 0..<20 {
            let outer = Outer()
            let received = Atomic(value: 0)
            let handle = (outer.signal |> switchToLatest).start(next: { _ in received.modify { $0 + 1 } })
            runConcurrently(4) { thread in
                for index in 0..<50 {
                    outer.putNext(.single(thread * 50 + index))
                }
            }
            XCTAssertEqual(received.with { $0 }, 200)
            handle.dispose()
        }
    }

    // MARK: - mapToSignal

    func testMapToSignalCallsFEagerlyEvenAfterTheOutputFailed() {
        let log = EventLog()
        let mapped =
            syncValues([1, 2, 3])
            |> mapToSignal { (value: Int) -> Signal<Int, TestError> in
                log.add("f \(value)")
                return value == 2 ? .fail(TestError(2)) : .single(value * 10)
            }
        log.record(mapped)
        XCTAssertEqual(log.events, ["f 1", "next 10", "f 2", "error E2", "f 3"])
    }

    func testMapToSignalSwitchesToTheLatestMappedSignal() {
        let log = EventLog()
        let outer = ManualSource<Int, TestError>()
        let sources = (0..<2).map { _ in ManualSource<Int, TestError>() }
        log.record(outer.signal |> mapToSignal { index in traced("s\(index)", log, sources[index].signal) })
        outer.putNext(0)
        sources[0].putNext(1)
        outer.putNext(1)
        sources[0].putNext(2)
        sources[1].putNext(3)
        outer.putCompletion()
        sources[1].putCompletion()
        XCTAssertEqual(log.events, ["s0.subscribe#1", "next 1", "s1.subscribe#1", "s0.dispose#1", "next 3", "completed", "s1.dispose#1"])
    }

    func testMapToSignalOverHotSourcesJoinsTheirHubs() {
        // The outer pipe's hub and each inner's hub hand their values to the engine
        // directly: the cell's value replayed when it becomes the inner, a replaced
        // inner's values dropped, nothing after disposal.
        let outer = ValuePipe<Int>()
        let cell = ValuePromise<String>("a")
        let pipe = ValuePipe<String>()
        let log = EventLog()
        let handle = log.record(outer.signal() |> mapToSignal { $0 == 0 ? cell.get() : pipe.signal() })
        cell.set("b")
        outer.putNext(0)
        cell.set("c")
        outer.putNext(1)
        cell.set("d")
        pipe.putNext("x")
        XCTAssertEqual(log.events, ["next b", "next c", "next x"])
        handle.dispose()
        outer.putNext(0)
        pipe.putNext("y")
        cell.set("e")
        XCTAssertEqual(log.events.count, 3, "nothing after disposal")
        #if DEBUG
            let before = LiveSubscriptions.current
            let live = (outer.signal() |> mapToSignal { _ in pipe.signal() }).start()
            outer.putNext(0)
            XCTAssertEqual(LiveSubscriptions.current - before, 1, "no subscription of either pipe's own")
            live.dispose()
        #endif
    }

    func testMapToSignalOverHotSourcesUnderConcurrentPushesLeavesOneInnerJoined() {
        StressDriver.mapToSignalOverHotSourcesLeavesOneInnerJoined(TypedAPI.self)
    }

    func testMapToSignalOverClosedHubsSendsNothing() {
        // A pipe gone before its signal is started closes its hub: the outer joins
        // nothing, and an inner whose pipe is gone sends nothing.
        let closed: Signal<Int, NoError>
        do {
            let gone = ValuePipe<Int>()
            closed = gone.signal()
        }
        let log = EventLog()
        let overClosed = log.record(closed |> mapToSignal { Signal<Int, NoError>.single($0) })
        let outer = ValuePipe<Int>()
        let toClosed = log.record(outer.signal() |> mapToSignal { _ in closed })
        outer.putNext(1)
        XCTAssertEqual(log.events, [])
        overClosed.dispose()
        toClosed.dispose()
    }

    func testMapToSignalOverHotSourcesReleasesItsCapturesAfterDisposal() {
        weak var weakTransformCapture: Tracked?
        weak var weakCallbackCapture: Tracked?
        let outer = ValuePipe<Int>()
        let inner = ValuePipe<Int>()
        var handle: Disposable?
        do {
            let transformCapture = Tracked()
            let callbackCapture = Tracked()
            weakTransformCapture = transformCapture
            weakCallbackCapture = callbackCapture
            handle =
                (outer.signal()
                |> mapToSignal { _ in
                    withExtendedLifetime(transformCapture) {}
                    return inner.signal()
                }).start(next: { _ in withExtendedLifetime(callbackCapture) {} })
        }
        outer.putNext(0)
        inner.putNext(1)
        XCTAssertNotNil(weakTransformCapture)
        XCTAssertNotNil(weakCallbackCapture)
        handle?.dispose()
        XCTAssertNil(weakTransformCapture, "the outer hub let go of the engine's callbacks")
        XCTAssertNil(weakCallbackCapture, "and the inner hub of the run")
        withExtendedLifetime(handle) {}
    }

    func testMapToSignalPromotingErrorTakesTheInnerErrorType() {
        let log = EventLog()
        let outer = ManualSource<Int, NoError>()
        let mapped: Signal<String, TestError> =
            outer.signal
            |> mapToSignalPromotingError { value in
                value < 0 ? .fail(TestError(value)) : .single("v\(value)")
            }
        log.record(mapped)
        outer.putNext(1)
        outer.putNext(-3)
        outer.putNext(2)
        XCTAssertEqual(log.events, ["next v1", "error E-3"])
        XCTAssertEqual(outer.subscriberCount, 0)

        let log2 = EventLog()
        let outer2 = ManualSource<Int, NoError>()
        log2.record(outer2.signal |> mapToSignalPromotingError { Signal<Int, TestError>.single($0) })
        outer2.putNext(4)
        outer2.putCompletion()
        XCTAssertEqual(log2.events, ["next 4", "completed"])
    }

    // MARK: - queue

    func testQueueRunsInnersOneAtATimeInArrivalOrder() {
        let log = EventLog()
        let outer = Outer()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        disposedAtEnd(log.record(outer.signal |> queue))
        for (index, name) in ["a", "b", "c"].enumerated() {
            outer.putNext(traced(name, log, sources[index].signal))
        }
        sources[0].putNext(1)
        sources[1].putNext(99)
        sources[0].putCompletion()
        sources[1].putNext(2)
        sources[1].putCompletion()
        sources[2].putNext(3)
        XCTAssertEqual(
            log.events,
            [
                "a.subscribe#1", "next 1",
                "b.subscribe#1", "a.dispose#1", "next 2",
                "c.subscribe#1", "b.dispose#1", "next 3",
            ])
    }

    func testQueueRunsBufferedSynchronousInnersInALoop() {
        let log = EventLog()
        let outer = Outer()
        let gate = ManualSource<Int, TestError>()
        disposedAtEnd(log.record(outer.signal |> queue))
        outer.putNext(traced("gate", log, gate.signal))
        outer.putNext(traced("x", log, syncValues([1])))
        outer.putNext(traced("y", log, syncValues([2])))
        log.clear()
        gate.putCompletion()
        XCTAssertEqual(log.events, ["x.subscribe#1", "next 1", "x.dispose#1", "gate.dispose#1", "y.subscribe#1", "next 2", "y.dispose#1"])
    }

    func testQueueDrainsAVeryLongRunOfSynchronousInnersWithoutRecursing() {
        let outer = Outer()
        let gate = ManualSource<Int, TestError>()
        let count = 100_000
        nonisolated(unsafe) var sum = 0
        nonisolated(unsafe) var completed = false
        (outer.signal |> queue).start(next: { sum += $0 }, completed: { completed = true })
        outer.putNext(gate.signal)
        let one = Inner.single(1)
        for _ in 0..<count {
            outer.putNext(one)
        }
        outer.putCompletion()
        XCTAssertEqual(sum, 0)
        // With recursion, this run of 100 000 synchronous completions would overflow the stack.
        gate.putCompletion()
        XCTAssertEqual(sum, count)
        XCTAssertTrue(completed)
    }

    func testQueueWithASynchronousOuterOfSynchronousInners() {
        let log = EventLog()
        let inners = (0..<10_000).map { Inner.single($0) }
        nonisolated(unsafe) var last = -1
        nonisolated(unsafe) var completed = false
        (syncValues(inners) |> queue).start(next: { last = $0 }, completed: { completed = true })
        XCTAssertEqual(last, 9_999)
        XCTAssertTrue(completed)
        log.record(syncValues([syncValues([1, 2]), syncValues([3])]) |> queue)
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3", "completed"])
    }

    func testQueueDisposedFromInsideASynchronousInnerNeverStartsTheBufferedOnes() {
        let log = EventLog()
        let outer = Outer()
        let gate = ManualSource<Int, TestError>()
        let handle = MetaDisposable()
        handle.set(
            (outer.signal |> queue).start(next: { value in
                log.add("next \(value)")
                handle.dispose()
            }))
        outer.putNext(traced("gate", log, gate.signal))
        outer.putNext(traced("x", log, syncValues([1, 2])))
        outer.putNext(traced("y", log, syncValues([3])))
        gate.putCompletion()
        XCTAssertEqual(log.events, ["gate.subscribe#1", "x.subscribe#1", "next 1", "gate.dispose#1", "x.dispose#1"])
        XCTAssertEqual(outer.subscriberCount, 0)
    }

    func testQueueCompletesWhenTheOuterHasCompletedAndTheBufferIsEmpty() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        log.record(outer.signal |> queue)
        outer.putNext(a.signal)
        outer.putNext(b.signal)
        outer.putCompletion()
        a.putCompletion()
        XCTAssertEqual(log.events, [])
        b.putCompletion()
        XCTAssertEqual(log.events, ["completed"])

        let idle = EventLog()
        let outer2 = Outer()
        idle.record(outer2.signal |> queue)
        outer2.putCompletion()
        XCTAssertEqual(idle.events, ["completed"])
    }

    func testQueueInnerErrorStopsEverythingAndBufferedInnersAreNeverSubscribed() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(traced("outer", log, outer.signal) |> queue)
        outer.putNext(traced("a", log, a.signal))
        outer.putNext(traced("b", log, syncValues([1])))
        a.putError(TestError(1))
        outer.putNext(traced("c", log, syncValues([2])))
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "error E1", "a.dispose#1", "outer.dispose#1"])
    }

    func testQueueOuterErrorStopsEverything() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(outer.signal |> queue)
        outer.putNext(traced("a", log, a.signal))
        outer.putNext(traced("b", log, syncValues([1])))
        outer.putError(TestError(3))
        a.putCompletion()
        XCTAssertEqual(log.events, ["a.subscribe#1", "error E3", "a.dispose#1"])
    }

    func testQueueDisposalDropsTheBufferAndReleasesIt() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        weak var weakCaptured: Tracked?
        let handle = log.record(traced("outer", log, outer.signal) |> queue)
        outer.putNext(traced("a", log, a.signal))
        do {
            let captured = Tracked()
            weakCaptured = captured
            outer.putNext(
                traced(
                    "b", log,
                    Signal { subscriber in
                        withExtendedLifetime(captured) {}
                        subscriber.putCompletion()
                        return EmptyDisposable
                    }))
        }
        XCTAssertNotNil(weakCaptured)
        handle.dispose()
        a.putCompletion()
        XCTAssertNil(weakCaptured)
        XCTAssertEqual(log.events, ["outer.subscribe#1", "a.subscribe#1", "a.dispose#1", "outer.dispose#1"])
    }

    func testQueuePushingFromInsideAnInnerValueBuffersTheNewInner() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        disposedAtEnd(
            (outer.signal |> queue).start(next: { value in
                log.add("next \(value)")
                if value == 1 {
                    outer.putNext(traced("b", log, syncValues([2])))
                }
            }))
        outer.putNext(a.signal)
        a.putNext(1)
        XCTAssertEqual(log.events, ["next 1"])
        a.putCompletion()
        XCTAssertEqual(log.events, ["next 1", "b.subscribe#1", "next 2", "b.dispose#1"])
    }

    func testQueueUnderConcurrentOuterEmissionRunsEveryInnerOnceWithoutOverlap() {
        for asynchronous in [false, true] {
            let outer = ManualSource<Int, TestError>()
            let overlap = Overlap()
            let done = expectation(description: "completed")
            let values = Atomic(value: [Int]())
            (outer.signal
                |> mapToQueue { id in
                    Inner { subscriber in
                        overlap.begin(id)
                        let finish: @Sendable () -> Void = {
                            subscriber.putNext(id)
                            overlap.end()
                            subscriber.putCompletion()
                        }
                        if asynchronous {
                            Queue.concurrentDefaultQueue().async(finish)
                        } else {
                            finish()
                        }
                        return EmptyDisposable
                    }
                }).start(
                    next: { value in
                        values.modify { $0 + [value] }
                    },
                    completed: {
                        done.fulfill()
                    })
            runConcurrently(4) { thread in
                for index in 0..<250 {
                    outer.putNext(thread * 1000 + index)
                }
            }
            outer.putCompletion()
            wait(for: [done], timeout: 30)
            let snapshot = overlap.snapshot
            let expected = (0..<4).flatMap { thread in (0..<250).map { thread * 1000 + $0 } }
            XCTAssertEqual(snapshot.maximum, 1)
            XCTAssertEqual(snapshot.runs.sorted(), expected)
            XCTAssertEqual(values.with { $0 }, snapshot.runs)
        }
    }

    // MARK: - throttled

    func testThrottledKeepsOnlyTheLatestPendingInner() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        let d = ManualSource<Int, TestError>()
        log.record(outer.signal |> throttled)
        outer.putNext(traced("a", log, a.signal))
        outer.putNext(traced("b", log, syncValues([1])))
        outer.putNext(traced("c", log, syncValues([2])))
        outer.putNext(traced("d", log, d.signal))
        a.putCompletion()
        d.putNext(4)
        outer.putCompletion()
        d.putCompletion()
        XCTAssertEqual(log.events, ["a.subscribe#1", "d.subscribe#1", "a.dispose#1", "next 4", "completed", "d.dispose#1"])
    }

    func testThrottledStartsAtOnceWhenIdleAndReleasesDroppedInners() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        weak var weakDropped: Tracked?
        disposedAtEnd(log.record(outer.signal |> throttled))
        outer.putNext(syncValues([1]))
        outer.putNext(a.signal)
        do {
            let captured = Tracked()
            weakDropped = captured
            outer.putNext(
                Signal { _ in
                    withExtendedLifetime(captured) {}
                    return EmptyDisposable
                })
        }
        XCTAssertNotNil(weakDropped)
        outer.putNext(syncValues([3]))
        XCTAssertNil(weakDropped)
        a.putNext(2)
        a.putCompletion()
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3"])
    }

    func testThrottledErrorStopsEverything() {
        let log = EventLog()
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        log.record(outer.signal |> throttled)
        outer.putNext(a.signal)
        outer.putNext(traced("b", log, syncValues([1])))
        a.putError(TestError(5))
        XCTAssertEqual(log.events, ["error E5"])
    }

    func testMapToThrottledCallsFForEveryValueButRunsOnlyTheLatestPending() {
        let log = EventLog()
        let outer = ManualSource<Int, TestError>()
        let first = ManualSource<Int, TestError>()
        disposedAtEnd(
            log.record(
                outer.signal
                    |> mapToThrottled { (value: Int) -> Signal<Int, TestError> in
                        log.add("f \(value)")
                        return value == 0 ? first.signal : traced("s\(value)", log, syncValues([value]))
                    }))
        for value in 0..<4 {
            outer.putNext(value)
        }
        first.putCompletion()
        XCTAssertEqual(log.events, ["f 0", "f 1", "f 2", "f 3", "s3.subscribe#1", "next 3", "s3.dispose#1"])
    }

    func testMapToQueueCallsFOnArrivalAndRunsTheSignalsInOrder() {
        let log = EventLog()
        let outer = ManualSource<Int, TestError>()
        let first = ManualSource<Int, TestError>()
        log.record(
            outer.signal
                |> mapToQueue { (value: Int) -> Signal<Int, TestError> in
                    log.add("f \(value)")
                    return value == 0 ? first.signal : syncValues([value])
                })
        for value in 0..<3 {
            outer.putNext(value)
        }
        first.putNext(10)
        first.putCompletion()
        outer.putCompletion()
        XCTAssertEqual(log.events, ["f 0", "f 1", "f 2", "next 10", "next 1", "next 2", "completed"])
    }

    // MARK: - Release

    func testFlatteningReleasesInnersAndCallbacksAfterTermination() {
        for operatorIndex in 0..<3 {
            weak var weakInnerCapture: Tracked?
            weak var weakCallbackCapture: Tracked?
            let outer = Outer()
            let a = ManualSource<Int, TestError>()
            var handle: Disposable?
            do {
                let inner = Tracked()
                weakInnerCapture = inner
                let callback = Tracked()
                weakCallbackCapture = callback
                let operators: [(Signal<Inner, TestError>) -> Inner] = [switchToLatest, queue, throttled]
                handle = (outer.signal |> operators[operatorIndex]).start(next: { _ in withExtendedLifetime(callback) {} })
                // The live inner subscription holds `inner` through its disposable.
                outer.putNext(
                    Signal { subscriber in
                        let upstream = a.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
                        return ActionDisposable {
                            withExtendedLifetime(inner) {}
                            upstream.dispose()
                        }
                    })
            }
            XCTAssertNotNil(weakInnerCapture)
            XCTAssertNotNil(weakCallbackCapture)
            outer.putCompletion()
            a.putCompletion()
            XCTAssertNil(weakInnerCapture, "operator \(operatorIndex)")
            XCTAssertNil(weakCallbackCapture, "operator \(operatorIndex)")
            withExtendedLifetime(handle) {}
        }
    }

    func testFlatteningReleasesEverythingAfterDisposal() {
        weak var weakCallbackCapture: Tracked?
        let outer = Outer()
        let a = ManualSource<Int, TestError>()
        var handle: Disposable?
        do {
            let callback = Tracked()
            weakCallbackCapture = callback
            handle = (outer.signal |> switchToLatest).start(next: { _ in withExtendedLifetime(callback) {} })
            outer.putNext(a.signal)
        }
        handle?.dispose()
        XCTAssertNil(weakCallbackCapture)
        XCTAssertEqual(outer.subscriberCount + a.subscriberCount, 0)
        withExtendedLifetime(handle) {}
    }

    func testMapToSignalReleasesItsTransformAfterTerminationAndAfterDisposal() {
        // The outer subscription's callbacks (one object: the engine, the transform and the
        // error mapping) go with the outer subscription.
        for disposing in [false, true] {
            weak var weakTransformCapture: Tracked?
            let outer = ManualSource<Int, TestError>()
            let inner = ManualSource<Int, TestError>()
            let log = EventLog()
            var handle: Disposable?
            do {
                let captured = Tracked()
                weakTransformCapture = captured
                handle = log.record(
                    outer.signal
                        |> mapToSignal { _ in
                            withExtendedLifetime(captured) {}
                            return inner.signal
                        })
            }
            outer.putNext(1)
            inner.putNext(2)
            XCTAssertNotNil(weakTransformCapture)
            if disposing {
                handle?.dispose()
            } else {
                outer.putCompletion()
                inner.putCompletion()
            }
            XCTAssertEqual(log.events, disposing ? ["next 2"] : ["next 2", "completed"])
            XCTAssertNil(weakTransformCapture, disposing ? "after disposal" : "after completion")
            XCTAssertEqual(outer.subscriberCount + inner.subscriberCount, 0)
            withExtendedLifetime(handle) {}
        }
    }

    // MARK: - ignoreValues

    func testIgnoreValuesForwardsOnlyTerminalEvents() {
        let log = EventLog()
        let ignored: Signal<Never, TestError> = ignoreValues(syncValues([1, 2, 3]))
        log.record(ignored)
        log.record(syncValues([1], end: .fail(TestError(1))) |> ignoreValues, prefix: "2:")
        XCTAssertEqual(log.events, ["completed", "2:error E1"])
    }

    func testIgnoreValuesDisposalDisposesUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> ignoreValues)
        source.putNext(1)
        handle.dispose()
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1"])
    }

    // MARK: - then

    func testThenSubscribesTheNextSignalFromInsideTheCompletion() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        log.record(traced("a", log, a.signal) |> then(traced("b", log, b.signal)))
        a.putNext(1)
        a.putCompletion()
        b.putNext(2)
        b.putCompletion()
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "b.subscribe#1", "a.dispose#1", "next 2", "completed", "b.dispose#1"])
    }

    func testThenWithSynchronousSignals() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.single(1) |> then(.single(2)) |> then(syncValues([3, 4])))
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3", "next 4", "completed"])
    }

    func testThenAfterASynchronousFirstSignalUnderADownstreamFirstValueStillSubscribesTheNext() {
        let log = EventLog()
        let both = traced("a", log, Signal<Int, TestError>.single(1)) |> then(traced("b", log, syncValues([2], end: .stayOpen)))
        log.record(firstValueOnly(both))
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "completed", "b.subscribe#1", "a.dispose#1", "b.dispose#1"])
    }

    func testThenSkipsTheNextSignalAfterAnError() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        log.record(traced("a", log, a.signal) |> then(traced("b", log, syncValues([1]))))
        a.putError(TestError(1))
        XCTAssertEqual(log.events, ["a.subscribe#1", "error E1", "a.dispose#1"])
    }

    func testThenForwardsTheNextSignalsError() {
        let log = EventLog()
        log.record(syncValues([1]) |> then(syncValues([2], end: .fail(TestError(2)))))
        XCTAssertEqual(log.events, ["next 1", "next 2", "error E2"])
    }

    func testThenDisposalDisposesWhicheverIsLive() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        let first = log.record(traced("a", log, a.signal) |> then(traced("b", log, b.signal)))
        first.dispose()
        let second = log.record(traced("a", log, a.signal) |> then(traced("b", log, b.signal)))
        a.putCompletion()
        second.dispose()
        XCTAssertEqual(log.events, ["a.subscribe#1", "a.dispose#1", "a.subscribe#2", "b.subscribe#1", "a.dispose#2", "b.dispose#1"])
        XCTAssertEqual(a.subscriberCount + b.subscriberCount, 0)
    }

    func testThenDisposesASecondSignalThatEndsTheOutputTwiceAsTheOriginalDoes() {
        // SwiftSignalKit disposes it once by the output's teardown (through the handle it
        // kept) and once more by the forwarding subscriber's own termination; a later
        // disposal of the output disposes nothing more.
        let first = CountedSource(), second = CountedSource()
        let log = EventLog()
        let handle = log.record(first.signal |> then(second.signal))
        first.subscriber?.putCompletion()
        XCTAssertEqual([first.disposable.count, second.disposable.count], [1, 0])
        second.subscriber?.putNext(2)
        second.subscriber?.putCompletion()
        XCTAssertEqual(second.disposable.count, 2)
        handle.dispose()
        XCTAssertEqual(log.events, ["next 2", "completed"])
        XCTAssertEqual([first.disposable.count, second.disposable.count], [1, 2])
    }

    func testThenDisposesASecondSignalThatFailsTheOutputTwice() {
        let first = CountedSource(), second = CountedSource()
        let log = EventLog()
        log.record(first.signal |> then(second.signal))
        first.subscriber?.putCompletion()
        second.subscriber?.putError(TestError(1))
        XCTAssertEqual(log.events, ["error E1"])
        XCTAssertEqual([first.disposable.count, second.disposable.count], [1, 2])
    }

    func testThenDisposesALiveSecondSignalOnceWhenTheOutputIsDisposed() {
        let first = CountedSource(), second = CountedSource()
        let handle = (first.signal |> then(second.signal)).start()
        first.subscriber?.putCompletion()
        handle.dispose()
        second.subscriber?.putCompletion()
        handle.dispose()
        XCTAssertEqual([first.disposable.count, second.disposable.count], [1, 1])
    }

    func testThenReleasesCapturesAfterCompletion() {
        weak var weakCaptured: Tracked?
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        var handle: Disposable?
        do {
            let captured = Tracked()
            weakCaptured = captured
            handle = (a.signal |> then(b.signal)).start(completed: { withExtendedLifetime(captured) {} })
        }
        a.putCompletion()
        XCTAssertNotNil(weakCaptured)
        b.putCompletion()
        XCTAssertNil(weakCaptured)
        withExtendedLifetime(handle) {}
    }

    func testThenDisposesASecondSignalThatEndedInItsGeneratorBeforeTheFirst() {
        // The second signal completes while `take` has already ended the downstream
        // subscription: it is still disposed as soon as its generator returns.
        let log = EventLog()
        log.record(traced("a", log, Signal<Int, TestError>.complete()) |> then(traced("b", log, syncValues([1, 2]))) |> take(1))
        XCTAssertEqual(log.events, ["a.subscribe#1", "b.subscribe#1", "next 1", "completed", "b.dispose#1", "a.dispose#1"])
    }

    func testThenKeepsASecondSignalThatStaysOpenUntilTheFirstIsDisposed() {
        let log = EventLog()
        log.record(traced("a", log, Signal<Int, TestError>.complete()) |> then(traced("b", log, syncValues([1], end: .stayOpen))) |> take(1))
        XCTAssertEqual(log.events, ["a.subscribe#1", "b.subscribe#1", "next 1", "completed", "a.dispose#1", "b.dispose#1"])
    }

    // MARK: - then recursion

    /// A paging loop of `levels` levels: level n sends n from `source(n)`, then continues
    /// with level n - 1; level 0 completes.
    private static func pages(_ level: Int, _ log: EventLog, _ source: @escaping @Sendable (Int) -> Signal<Int, TestError>) -> Signal<Int, TestError> {
        level == 0
            ? .complete()
            : (traced("p\(level)", log, source(level)) |> then(deferred { Self.pages(level - 1, log, source) }))
    }

    func testThenRecursionWithSynchronousValuesDeliversEveryValueThenDisposesEveryLevelInnermostFirst() {
        let log = EventLog()
        log.record(Self.pages(3, log) { .single($0) })
        XCTAssertEqual(
            log.events,
            [
                "p3.subscribe#1", "next 3", "p2.subscribe#1", "next 2", "p1.subscribe#1", "next 1", "completed",
                "p1.dispose#1", "p2.dispose#1", "p3.dispose#1",
            ])
    }

    func testThenRecursionWithAsynchronousLevelsDisposesEachLevelWhenItCompletes() {
        let log = EventLog()
        let sources = (0...3).map { _ in ManualSource<Int, TestError>() }
        log.record(Self.pages(3, log) { sources[$0].signal })
        for level in [3, 2, 1] {
            sources[level].putNext(level)
            sources[level].putCompletion()
        }
        XCTAssertEqual(
            log.events,
            [
                "p3.subscribe#1", "next 3", "p2.subscribe#1", "p3.dispose#1", "next 2", "p1.subscribe#1", "p2.dispose#1",
                "next 1", "completed", "p1.dispose#1",
            ])
        XCTAssertEqual(sources.map(\.subscriberCount), [0, 0, 0, 0])
    }

    func testThenRecursionDisposedMidwayDisposesOnlyTheLiveLevel() {
        let log = EventLog()
        let sources = (0...3).map { _ in ManualSource<Int, TestError>() }
        let handle = log.record(Self.pages(3, log) { sources[$0].signal })
        sources[3].putNext(3)
        sources[3].putCompletion()
        sources[2].putNext(2)
        handle.dispose()
        sources[2].putNext(20)
        XCTAssertEqual(log.events, ["p3.subscribe#1", "next 3", "p2.subscribe#1", "p3.dispose#1", "next 2", "p2.dispose#1"])
        XCTAssertEqual(sources.map(\.subscriberCount), [0, 0, 0, 0])
    }

    // MARK: - deferred

    func testDeferredCallsTheGeneratorOncePerSubscriptionAtSubscriptionTime() {
        let log = EventLog()
        let calls = Atomic(value: 0)
        let signal = deferred { () -> Signal<Int, TestError> in
            .single(calls.modify { $0 + 1 })
        }
        XCTAssertEqual(calls.with { $0 }, 0)
        log.record(signal)
        log.record(signal)
        XCTAssertEqual(calls.with { $0 }, 2)
        XCTAssertEqual(log.events, ["next 1", "completed", "next 2", "completed"])
    }

    func testDeferredMirrorsErrorsAndDisposal() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(deferred { syncValues([1], end: .fail(TestError(1))) })
        let handle = log.record(deferred { traced("s", log, source.signal) })
        source.putNext(2)
        handle.dispose()
        XCTAssertEqual(log.events, ["next 1", "error E1", "s.subscribe#1", "next 2", "s.dispose#1"])
    }

    // MARK: - debug_measureTimeToFirstEvent

    func testMeasureTimeToFirstEventReportsOnlyTheFirstValueOfTheReturnedSignal() {
        let log = EventLog()
        let reports = EventLog()
        let measured: Signal<Int, TestError> = syncValues([1, 2]) |> measureTimeToFirstEvent(label: "load", report: { reports.add($0) })
        log.record(measured)
        log.record(measured)
        XCTAssertEqual(log.events, ["next 1", "next 2", "completed", "next 1", "next 2", "completed"])
        XCTAssertEqual(reports.events.count, 1)
        let report = reports.events.first ?? ""
        XCTAssertTrue(report.hasPrefix("measureTimeToFirstEvent(load: "), report)
        XCTAssertTrue(report.hasSuffix(" ms"), report)
        let milliseconds = Double(report.dropFirst("measureTimeToFirstEvent(load: ".count).dropLast(3))
        XCTAssertNotNil(milliseconds)
        XCTAssertGreaterThanOrEqual(milliseconds ?? -1, 0)
    }

    func testDebugMeasureTimeToFirstEventPassesTerminalEventsThrough() {
        // Without a value, so that nothing is printed into the test output; values go
        // through the same engine, tested above with a report closure.
        let log = EventLog()
        log.record(syncValues([Int](), end: .fail(TestError(1))) |> debug_measureTimeToFirstEvent(label: "test"))
        log.record(syncValues([Int](), end: .complete) |> debug_measureTimeToFirstEvent(label: "test"))
        XCTAssertEqual(log.events, ["error E1", "completed"])
    }
}

/// A minimal `take(1)`: forwards the first value, then completes.
private func firstValueOnly<T, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        signal.start(
            next: { value in
                subscriber.putNext(value)
                subscriber.putCompletion()
            },
            error: { error in
                subscriber.putError(error)
            },
            completed: {
                subscriber.putCompletion()
            })
    }
}
