import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalMetaTests: LeakCheckedTestCase {
    // MARK: switchToLatest

    func testSwitchToLatestForwardsOnlyTheLatestInner() {
        let outer = ManualSource()
        let first = ManualSource()
        let second = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(outer.signal.switchToLatest()))
        outer.next(first.signal)
        first.next(1)
        outer.next(second.signal)
        first.next("stale")
        second.next(2)
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
        XCTAssertEqual(first.disposeCount, 1)
        XCTAssertEqual(second.disposeCount, 0)
    }

    func testSwitchToLatestDisposesPreviousAfterNewStarted() {
        let log = EventLog()
        let outer = ManualSource()
        disposedAtEnd(outer.signal.switchToLatest().start(next: log.next))
        outer.next(tracedSignal("a", log))
        outer.next(tracedSignal("b", log) { $0.putNext("b1") })
        XCTAssertEqual(log.events, ["start a", "start b", "next b1", "dispose a"])
    }

    func testSwitchToLatestCompletesWhenOuterAndCurrentInnerComplete() {
        let outer = ManualSource()
        let inner = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.switchToLatest())
        outer.next(inner.signal)
        outer.complete()
        XCTAssertEqual(recorder.events, [])
        inner.complete()
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testSwitchToLatestCompletesAtOnceWhenOuterCompletesIdle() {
        let recorder = EventLog()
        recorder.record(SSignal.complete().switchToLatest())
        recorder.record(SSignal.single(SSignal.single(1)).switchToLatest())
        XCTAssertEqual(recorder.events, ["completed", "next 1", "completed"])
    }

    func testSwitchToLatestReplacedInnerCompletionDoesNotComplete() {
        let outer = ManualSource()
        let first = ManualSource()
        let second = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.switchToLatest())
        outer.next(first.signal)
        outer.next(second.signal)
        outer.complete()
        first.complete()
        XCTAssertEqual(recorder.events, [], "the replaced inner no longer counts")
        second.complete()
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testSwitchToLatestSynchronousInnerCompletionDisposesPrevious() {
        let outer = ManualSource()
        let first = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.switchToLatest())
        outer.next(first.signal)
        outer.next(SSignal.single(2))
        XCTAssertEqual(first.disposeCount, 1, "a new inner that completes at once still replaces the running one")
        outer.complete()
        XCTAssertEqual(recorder.events, ["next 2", "completed"])
    }

    func testSwitchToLatestInnerErrorEndsEverything() {
        let outer = ManualSource()
        let inner = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.switchToLatest())
        outer.next(inner.signal)
        inner.fail("e")
        XCTAssertEqual(recorder.events, ["error e"])
        XCTAssertEqual(outer.disposeCount, 1)
    }

    func testSwitchToLatestOuterErrorEndsEverything() {
        let outer = ManualSource()
        let inner = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.switchToLatest())
        outer.next(inner.signal)
        outer.fail("outer")
        XCTAssertEqual(recorder.events, ["error outer"])
        XCTAssertEqual(inner.disposeCount, 1)
    }

    func testNonSignalValueIsATypeError() {
        for make in [{ (s: SSignal) in s.switchToLatest() }, { $0.queue() }, { $0.throttled() }] {
            let error = Cell<Any?>(nil)
            make(syncValues([5])).start(error: { error.value = $0 })
            XCTAssertEqual(error.value as? SSignalTypeError, SSignalTypeError(expected: "SSignal", actual: "Int"))
            make(syncValues([nil])).start(error: { error.value = $0 })
            XCTAssertEqual(error.value as? SSignalTypeError, SSignalTypeError(expected: "SSignal", actual: "nil"))
        }
    }

    func testNoInnerIsSubscribedAfterTheOutputFailed() {
        for make in [{ (s: SSignal) in s.switchToLatest() }, { $0.queue() }, { $0.throttled() }] {
            let log = EventLog()
            make(syncValues([tracedSignal("a", log) { $0.putError("x") }, 5, tracedSignal("b", log)]))
                .start(error: { log.add("error \($0 ?? "nil")") })
            XCTAssertEqual(log.events, ["start a", "error x", "dispose a"], "b is never subscribed, the type error never sent")
        }
    }

    func testTeardownAfterCompletionDisposesTheFinishedInnerBeforeTheOuter() {
        let log = EventLog()
        let outer = ManualSource()
        let inner = Cell<SSubscriber?>(nil)
        outer.signal.switchToLatest().start(completed: { log.add("completed") })
        outer.next(tracedSignal("a", log) { inner.value = $0 })
        outer.complete()
        inner.value?.putCompletion()
        XCTAssertEqual(log.events, ["start a", "completed", "dispose a"])
        XCTAssertEqual(outer.disposeCount, 1)
    }

    func testSwitchToLatestDisposalDisposesInnerAndOuter() {
        let outer = ManualSource()
        let inner = ManualSource()
        let subscription = outer.signal.switchToLatest().start()
        outer.next(inner.signal)
        subscription.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertEqual(outer.disposeCount, 1)
        outer.next(SSignal.single(1))
    }

    func testSwitchToLatestReentrantEnqueueFromInsideInnerStart() {
        let outer = SPipe()
        let recorder = EventLog()
        let log = EventLog()
        let subscription = outer.signal().switchToLatest().start(next: { value in
            recorder.add("next \(describe(value))")
            if value as? String == "a" {
                outer.putNext(tracedSignal("b", log) { $0.putNext("b") })
            }
        })
        outer.putNext(tracedSignal("a", log) { $0.putNext("a") })
        XCTAssertEqual(recorder.events, ["next a", "next b"])
        XCTAssertEqual(log.events, ["start a", "start b", "dispose a"])
        subscription.dispose()
        XCTAssertEqual(log.events, ["start a", "start b", "dispose a", "dispose b"])
    }

    func testSwitchToLatestFromSeveralThreadsKeepsExactlyOneInnerAlive() {
        let outer = ManualSource()
        let started = Counter()
        let disposed = Counter()
        let subscription = outer.signal.switchToLatest().start()
        let box = UncheckedBox(outer)
        concurrently(4) { _ in
            for _ in 0..<100 {
                box.value.next(
                    SSignal { _ in
                        started.increment()
                        return SBlockDisposable { disposed.increment() }
                    })
            }
        }
        XCTAssertEqual(started.value, 400)
        XCTAssertEqual(disposed.value, 399, "every replaced inner is disposed, the latest one runs")
        subscription.dispose()
        XCTAssertEqual(disposed.value, 400)
    }

    func testMapToSignal() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2]).mapToSignal { value in syncValues([value, (value as! Int) * 10]) })
        XCTAssertEqual(recorder.events, ["next 1", "next 10", "next 2", "next 20", "completed"])
    }

    func testMapToSignalOverHotSourcesJoinsTheirHubs() {
        // The outer pipe's hub and each inner's hub hand their values to the engine
        // directly: the variable's value replayed when it becomes the inner, a replaced
        // inner's values dropped, nothing after disposal.
        let outer = SPipe()
        let variable = SVariable()
        let pipe = SPipe()
        let recorder = EventLog()
        let handle = recorder.record(outer.signal().mapToSignal { ($0 as! Int) == 0 ? variable.signal() : pipe.signal() })
        variable.set(SSignal.single("b"))
        outer.putNext(0)
        variable.set(SSignal.single("c"))
        outer.putNext(1)
        variable.set(SSignal.single("d"))
        pipe.putNext("x")
        XCTAssertEqual(recorder.events, ["next b", "next c", "next x"])
        handle.dispose()
        outer.putNext(0)
        pipe.putNext("y")
        variable.set(SSignal.single("e"))
        XCTAssertEqual(recorder.events.count, 3, "nothing after disposal")
        #if DEBUG
            let before = LiveSubscriptions.current
            let live = outer.signal().mapToSignal { _ in pipe.signal() }.start()
            outer.putNext(0)
            XCTAssertEqual(LiveSubscriptions.current - before, 1, "no subscription of either pipe's own")
            live.dispose()
        #endif
    }

    func testMapToSignalOverHotSourcesUnderConcurrentPushesLeavesOneInnerJoined() {
        StressDriver.mapToSignalOverHotSourcesLeavesOneInnerJoined(UntypedAPI.self)
    }

    func testMapToSignalOverClosedHubsSendsNothing() {
        // A pipe gone before its signal is started closes its hub: the outer joins
        // nothing, and an inner whose pipe is gone sends nothing.
        let closed = Cell<SSignal?>(nil)
        do {
            let gone = SPipe()
            closed.value = gone.signal()
        }
        let recorder = EventLog()
        let overClosed = recorder.record(closed.value!.mapToSignal { SSignal.single($0) })
        let outer = SPipe()
        let toClosed = recorder.record(outer.signal().mapToSignal { _ in closed.value! })
        outer.putNext(1)
        XCTAssertEqual(recorder.events, [])
        overClosed.dispose()
        toClosed.dispose()
    }

    func testMapToSignalOverHotSourcesReleasesItsCapturesAfterDisposal() {
        weak var weakTransformCapture: Tracked?
        weak var weakCallbackCapture: Tracked?
        let outer = SPipe()
        let inner = SPipe()
        var handle: SDisposable?
        do {
            let transformCapture = Tracked()
            let callbackCapture = Tracked()
            weakTransformCapture = transformCapture
            weakCallbackCapture = callbackCapture
            handle = outer.signal()
                .mapToSignal { _ in
                    withExtendedLifetime(transformCapture) {}
                    return inner.signal()
                }
                .start(next: { _ in withExtendedLifetime(callbackCapture) {} })
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

    // MARK: queue

    func testQueueRunsInnersOneAtATimeInOrder() {
        let outer = ManualSource()
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.queue())
        outer.next(a.signal)
        outer.next(b.signal)
        XCTAssertEqual(b.startCount, 0)
        a.next("a")
        a.complete()
        XCTAssertEqual(b.startCount, 1)
        b.next("b")
        outer.complete()
        XCTAssertEqual(recorder.events, ["next a", "next b"])
        b.complete()
        XCTAssertEqual(recorder.events, ["next a", "next b", "completed"])
    }

    func testQueueSynchronousInnersDoNotStall() {
        // Regression test for the original's defect: a synchronous inner started from the
        // completion of the previous one was disposed by the bookkeeping of that one.
        let outer = ManualSource()
        let first = ManualSource()
        let live = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.queue())
        outer.next(first.signal)
        outer.next(SSignal.single(1))
        outer.next(SSignal.single(2))
        outer.next(live.signal)
        first.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
        XCTAssertEqual(live.startCount, 1)
        XCTAssertEqual(live.disposeCount, 0, "the live inner is not disposed")
        live.next(3)
        outer.next(SSignal.single(4))
        live.complete()
        outer.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3", "next 4", "completed"])
    }

    func testQueueHundredThousandSynchronousInnersDoNotGrowTheStack() {
        let outer = ManualSource()
        let gate = ManualSource()
        let sum = Cell(0)
        let completed = Cell(false)
        outer.signal.queue().start(next: { sum.value += $0 as! Int }, completed: { completed.value = true })
        outer.next(gate.signal)
        for _ in 0..<100_000 {
            outer.next(SSignal.single(1))
        }
        outer.complete()
        gate.complete()
        XCTAssertEqual(sum.value, 100_000)
        XCTAssertTrue(completed.value)
    }

    func testQueueInnerErrorDropsPendingInners() {
        let outer = ManualSource()
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        recorder.record(outer.signal.queue())
        outer.next(a.signal)
        outer.next(b.signal)
        a.fail("e")
        XCTAssertEqual(recorder.events, ["error e"])
        XCTAssertEqual(b.startCount, 0)
    }

    func testQueueDisposalCancelsRunningAndPending() {
        let outer = ManualSource()
        let a = ManualSource()
        let b = ManualSource()
        let subscription = outer.signal.queue().start()
        outer.next(a.signal)
        outer.next(b.signal)
        subscription.dispose()
        XCTAssertEqual(a.disposeCount, 1)
        XCTAssertEqual(b.startCount, 0)
        XCTAssertEqual(outer.disposeCount, 1)
    }

    func testQueueFromSeveralThreadsRunsEveryInnerOnce() {
        let outer = ManualSource()
        let counter = Counter()
        let completions = Counter()
        outer.signal.queue().start(next: { _ in counter.increment() }, completed: { completions.increment() })
        let box = UncheckedBox(outer)
        concurrently(4) { _ in
            for _ in 0..<250 {
                box.value.next(SSignal.single(1))
            }
        }
        outer.complete()
        XCTAssertEqual(counter.value, 1000)
        XCTAssertEqual(completions.value, 1)
    }

    func testMapToQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let recorder = EventLog()
        recorder.record(
            syncValues([3, 1, 2]).mapToQueue { value in
                SSignal.single(value).delay(Double(value as! Int), onQueue: queue)
            })
        clock.advance(by: 10)
        XCTAssertEqual(recorder.events, ["next 3", "next 1", "next 2", "completed"], "order of arrival, not of duration")
    }

    // MARK: throttled

    func testThrottledKeepsOnlyTheLatestWaitingInner() {
        let outer = ManualSource()
        let running = ManualSource()
        let log = EventLog()
        let recorder = EventLog()
        recorder.record(outer.signal.throttled())
        outer.next(running.signal)
        outer.next(
            tracedSignal("dropped1", log) {
                $0.putNext("x")
                $0.putCompletion()
            })
        outer.next(
            tracedSignal("dropped2", log) {
                $0.putNext("y")
                $0.putCompletion()
            })
        outer.next(
            tracedSignal("latest", log) {
                $0.putNext("z")
                $0.putCompletion()
            })
        running.next("r")
        running.complete()
        XCTAssertEqual(log.events, ["start latest", "dispose latest"], "intermediates are never subscribed")
        outer.complete()
        XCTAssertEqual(recorder.events, ["next r", "next z", "completed"])
    }

    func testMapToThrottled() {
        let outer = ManualSource()
        let recorder = EventLog()
        let gate = ManualSource()
        disposedAtEnd(
            recorder.record(
                outer.signal.mapToThrottled { value in
                    value as? String == "gate" ? gate.signal : SSignal.single(value)
                }))
        outer.next("gate")
        outer.next(1)
        outer.next(2)
        gate.complete()
        XCTAssertEqual(recorder.events, ["next 2"])
    }

    // MARK: then, deferred

    func testThenConcatenatesAfterCompletion() {
        let log = EventLog()
        tracedSignal("a", log) {
            $0.putNext(1)
            $0.putCompletion()
        }
        .then(
            tracedSignal("b", log) {
                $0.putNext(2)
                $0.putCompletion()
            }
        )
        .start(next: log.next, completed: log.completed)
        // Both sources terminate inside their generators, so each disposable is disposed
        // when its generator returns: b's (inner) before a's (outer), as in the original.
        XCTAssertEqual(log.events, ["start a", "next 1", "start b", "next 2", "completed", "dispose b", "dispose a"])
    }

    func testThenErrorNeverSubscribesNext() {
        let next = ManualSource()
        let recorder = EventLog()
        recorder.record(SSignal.fail("e").then(next.signal))
        XCTAssertEqual(recorder.events, ["error e"])
        XCTAssertEqual(next.startCount, 0)
    }

    func testThenDisposalDisposesBoth() {
        let first = ManualSource()
        let second = ManualSource()
        let subscription = first.signal.then(second.signal).start()
        first.complete()
        subscription.dispose()
        XCTAssertEqual(second.disposeCount, 1)
    }

    func testThenDisposesASecondSignalThatEndsTheOutputTwiceAsTheOriginalDoes() {
        // Once by the output's teardown, once more by the forwarding subscriber's own
        // termination, as in SSignalKit; a later disposal of the output disposes nothing more.
        // (The first signal is disposed twice too: by its own completion and by its handle,
        // which SSignalKit keeps after termination.)
        let first = SCountedSource(), second = SCountedSource()
        let recorder = EventLog()
        let subscription = recorder.record(first.signal.then(second.signal))
        first.subscriber?.putCompletion()
        XCTAssertEqual([first.count, second.count], [1, 0])
        second.subscriber?.putNext(2)
        second.subscriber?.putCompletion()
        XCTAssertEqual(second.count, 2)
        subscription.dispose()
        XCTAssertEqual(recorder.events, ["next 2", "completed"])
        XCTAssertEqual([first.count, second.count], [2, 2])
    }

    func testThenDisposesALiveSecondSignalOnceWhenTheOutputIsDisposed() {
        let first = SCountedSource(), second = SCountedSource()
        let subscription = first.signal.then(second.signal).start()
        first.subscriber?.putCompletion()
        subscription.dispose()
        second.subscriber?.putCompletion()
        subscription.dispose()
        XCTAssertEqual([first.count, second.count], [2, 1])
    }

    func testThenDisposesASecondSignalThatEndedInItsGeneratorBeforeTheFirst() {
        // The second signal completes while `take` has already ended the downstream
        // subscription: it is still disposed as soon as its generator returns.
        let log = EventLog()
        let second = tracedSignal("b", log) {
            $0.putNext(1)
            $0.putNext(2)
            $0.putCompletion()
        }
        log.record(tracedSignal("a", log) { $0.putCompletion() }.then(second).take(1))
        XCTAssertEqual(log.events, ["start a", "start b", "next 1", "completed", "dispose b", "dispose a"])
    }

    func testThenKeepsASecondSignalThatStaysOpenUntilTheFirstIsDisposed() {
        let log = EventLog()
        let second = tracedSignal("b", log) { $0.putNext(1) }
        log.record(tracedSignal("a", log) { $0.putCompletion() }.then(second).take(1))
        XCTAssertEqual(log.events, ["start a", "start b", "next 1", "completed", "dispose a", "dispose b"])
    }

    // MARK: then recursion

    /// A paging loop of `level` levels: level n runs `source(n)` (which sends n), logging
    /// "start pn" and "dispose pn", then continues with level n - 1; level 0 completes.
    private static func pages(_ level: Int, _ log: EventLog, _ source: @escaping @Sendable (Int) -> SSignal) -> SSignal {
        guard level > 0 else { return SSignal.complete() }
        let traced = SSignal { subscriber in
            log.add("start p\(level)")
            let inner = source(level).start(next: subscriber.putNext, completed: subscriber.putCompletion)
            return SBlockDisposable {
                log.add("dispose p\(level)")
                inner.dispose()
            }
        }
        return traced.then(SSignal.deferred { Self.pages(level - 1, log, source) })
    }

    func testThenRecursionWithSynchronousValuesDeliversEveryValueThenDisposesEveryLevelInnermostFirst() {
        let log = EventLog()
        log.record(Self.pages(3, log) { SSignal.single($0) })
        XCTAssertEqual(
            log.events,
            ["start p3", "next 3", "start p2", "next 2", "start p1", "next 1", "completed", "dispose p1", "dispose p2", "dispose p3"])
    }

    func testThenRecursionWithAsynchronousLevelsDisposesEachLevelWhenItCompletes() {
        let log = EventLog()
        let sources = (0...3).map { _ in ManualSource() }
        log.record(Self.pages(3, log) { sources[$0].signal })
        for level in [3, 2, 1] {
            sources[level].next(level)
            sources[level].complete()
        }
        XCTAssertEqual(
            log.events,
            ["start p3", "next 3", "start p2", "dispose p3", "next 2", "start p1", "dispose p2", "next 1", "completed", "dispose p1"])
        XCTAssertEqual(sources.map(\.subscriberCount), [0, 0, 0, 0])
    }

    func testThenRecursionDisposedMidwayDisposesOnlyTheLiveLevel() {
        let log = EventLog()
        let sources = (0...3).map { _ in ManualSource() }
        let handle = log.record(Self.pages(3, log) { sources[$0].signal })
        sources[3].next(3)
        sources[3].complete()
        sources[2].next(2)
        handle.dispose()
        sources[2].next(20)
        XCTAssertEqual(log.events, ["start p3", "next 3", "start p2", "dispose p3", "next 2", "dispose p2"])
        XCTAssertEqual(sources.map(\.subscriberCount), [0, 0, 0, 0])
    }

    func testDeferredCallsGeneratorPerSubscription() {
        let calls = Cell(0)
        let signal = SSignal.deferred {
            calls.value += 1
            return .single(calls.value)
        }
        XCTAssertEqual(calls.value, 0)
        let recorder = EventLog()
        recorder.record(signal)
        recorder.record(SSignal.defer { .fail("via defer") })
        recorder.record(signal)
        XCTAssertEqual(recorder.events, ["next 1", "completed", "error via defer", "next 2", "completed"])
    }

    func testMetaOperatorsReleaseCapturesAfterCompletion() {
        weak var weakObject: Tracked?
        let outer = ManualSource()
        do {
            let object = Tracked()
            weakObject = object
            outer.signal.mapToQueue { value in withExtendedLifetime(object) { SSignal.single(value) } }.start()
        }
        outer.next(1)
        XCTAssertNotNil(weakObject)
        outer.complete()
        XCTAssertNil(weakObject)
    }
}
