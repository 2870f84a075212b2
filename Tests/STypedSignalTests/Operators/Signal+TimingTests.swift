import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// A signal that logs `subscribe@<time>[ on queue]` and then behaves like `body`.
private func timedSource<T, E>(
    _ log: EventLog, _ clock: VirtualClock, _ queue: Queue,
    _ body: @escaping @Sendable (Subscriber<T, E>) -> Disposable = { _ in EmptyDisposable }
) -> Signal<T, E> {
    Signal { subscriber in
        log.add("subscribe@\(clock.now)\(queue.isCurrent() ? " on queue" : "")")
        return body(subscriber)
    }
}

final class SignalTimingTests: LeakCheckedTestCase {
    private var clock = VirtualClock()
    private var queue = Queue(virtualClock: VirtualClock())

    override func setUp() {
        super.setUp()
        clock = VirtualClock()
        queue = Queue(virtualClock: clock, name: "timing")
    }

    // MARK: delay

    func testDelayDelaysTheSubscriptionAndRunsItOnQueue() {
        let log = EventLog()
        let source: Signal<Int, TestError> = timedSource(log, clock, queue) { subscriber in
            subscriber.putNext(1)
            subscriber.putCompletion()
            return EmptyDisposable
        }
        let queue = queue
        let handle = (source |> delay(2.0, queue: queue)).start(
            next: { value in
                log.add("next \(value)\(queue.isCurrent() ? " on queue" : "")")
            }, completed: { log.add("completed") })
        XCTAssertEqual(log.events, [])
        clock.advance(to: 1.999)
        XCTAssertEqual(log.events, [])
        clock.advance(to: 2.0)
        XCTAssertEqual(log.events, ["subscribe@2.0 on queue", "next 1 on queue", "completed"])
        XCTAssertEqual(clock.pendingCount, 0)
        handle.dispose()
    }

    func testDelayDelaysErrorsToo() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.fail(TestError(4)) |> delay(1.0, queue: queue))
        clock.advance(by: 0.5)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.5)
        XCTAssertEqual(log.events, ["error E4"])
    }

    func testDelayDoesNotDelayLaterValues() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        disposedAtEnd(log.record(source.signal |> delay(1.0, queue: queue)))
        clock.advance(by: 1)
        source.putNext(1)
        source.putNext(2)
        XCTAssertEqual(log.events, ["next 1", "next 2"])
        XCTAssertEqual(clock.now, 1)
    }

    func testDelayArmsTheTimerInlineWhenAlreadyOnQueue() {
        let log = EventLog()
        let deadline = Atomic<Double?>(value: nil)
        let clock = self.clock
        let queue = self.queue
        queue.async {
            log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> delay(1.0, queue: queue))
            // Armed inline: the only pending item is the timer, not a hop.
            deadline.swap(clock.nextDeadline)
        }
        clock.advance(by: 0.5)
        XCTAssertEqual(deadline.with { $0 }, 1.0)
        clock.advance(by: 0.5)
        XCTAssertEqual(log.events, ["subscribe@1.0 on queue"])
    }

    func testDelayDisposalBeforeFiringStopsTimerAndReleasesCaptures() {
        let log = EventLog()
        weak var weakObject: Tracked?
        var handle: Disposable?
        do {
            let object = Tracked()
            weakObject = object
            let source: Signal<Int, NoError> = timedSource(log, clock, queue) { _ in
                withExtendedLifetime(object) {}
                return EmptyDisposable
            }
            handle = (source |> delay(5.0, queue: queue)).start()
        }
        clock.run()
        XCTAssertEqual(clock.pendingCount, 1)
        handle?.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
        XCTAssertNil(weakObject)
        clock.advance(by: 10)
        XCTAssertEqual(log.events, [])
    }

    func testDelayDisposalBeforeTheHopPreventsEverything() {
        let log = EventLog()
        let handle = log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> delay(1.0, queue: queue))
        handle.dispose()
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testDelayDisposalAfterFiringDisposesUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> delay(1.0, queue: queue))
        clock.advance(by: 1)
        source.putNext(1)
        handle.dispose()
        source.putNext(2)
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "s.dispose#1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testDelayNegativeOrNaNTimeoutSubscribesOnNextQueueTurnNeverInline() {
        for timeout in [-1.0, -Double.infinity, Double.nan, 0] {
            let log = EventLog()
            log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> delay(timeout, queue: queue))
            XCTAssertEqual(log.events, [], "timeout \(timeout)")
            clock.run()
            XCTAssertEqual(log.events, ["subscribe@0.0 on queue"], "timeout \(timeout)")
        }
    }

    func testDelayInfiniteTimeoutNeverSubscribes() {
        let log = EventLog()
        let handle = log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> delay(.infinity, queue: queue))
        clock.advance(by: 1e15)
        XCTAssertEqual(log.events, [])
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testDelayOnRealQueueDisposedOnItsQueueNeverSubscribesLater() {
        // Disposal on the timer's queue races with a zero-second timer: whatever had not
        // subscribed when dispose() returned never subscribes.
        let real = Queue(name: "delay-race")
        let subscriptions = Atomic(value: 0)
        let source = Signal<Int, NoError> { _ in
            subscriptions.modify { $0 + 1 }
            return EmptyDisposable
        }
        var countAtDispose = 0
        for _ in 0..<200 {
            let handle = (source |> delay(0, queue: real)).start()
            real.sync {
                handle.dispose()
                countAtDispose = subscriptions.with { $0 }
            }
        }
        let drained = expectation(description: "drained")
        real.after(0.05) { drained.fulfill() }
        wait(for: [drained], timeout: 10)
        XCTAssertEqual(subscriptions.with { $0 }, countAtDispose)
    }

    // MARK: suspendAwareDelay

    func testSuspendAwareDelayShortTimeoutUsesOneTimer() {
        let log = EventLog()
        log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(4.4, granularity: 4.0, queue: queue))
        clock.run()
        XCTAssertEqual(clock.pendingCount, 1)
        clock.advance(to: 4.39)
        XCTAssertEqual(log.events, [])
        clock.advance(to: 4.4)
        XCTAssertEqual(log.events, ["subscribe@4.4 on queue"])
    }

    func testSuspendAwareDelayPollsThenArmsFinalTimerForTheRest() {
        let log = EventLog()
        log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(10.0, granularity: 4.0, queue: queue))
        // Ticks at 4 (10 − 4.4 = 5.6 not reached) and 8 (reached): final timer of 2 s.
        clock.advance(to: 9.999)
        XCTAssertEqual(log.events, [])
        clock.advance(to: 10)
        XCTAssertEqual(log.events, ["subscribe@10.0 on queue"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testSuspendAwareDelayCountsWallClockTimeSpentSuspended() {
        let log = EventLog()
        let suspended = Atomic(value: 0.0)
        let clock = self.clock
        let signal: Signal<Int, NoError> =
            timedSource(log, clock, queue)
            |> suspendAwareDelay(
                100.0, granularity: 4.0, queue: queue,
                wallClock: { clock.now + suspended.with { $0 } },
                longDelayMinimum: {
                    XCTFail("only for an hour or more")
                    return 0
                })
        log.record(signal)
        clock.advance(by: 1)
        suspended.swap(200)  // the device slept 200 s; the monotonic timers did not move
        clock.advance(by: 3)
        // The tick at 4 sees 204 s of wall time: the final timer gets the 0.5 s minimum.
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.5)
        XCTAssertEqual(log.events, ["subscribe@4.5 on queue"])
    }

    func testSuspendAwareDelayFinalTimerHasHalfSecondMinimumOnTime() {
        // 5 s with granularity 4: the tick at 4 reaches 5 − 4.4; remaining 1 s.
        // 4.5 s with granularity 4: tick at 4, remaining 0.5 s. 4.45: remaining 0.45 → 0.5.
        for (timeout, expected) in [(5.0, 5.0), (4.45, 4.5)] {
            let log = EventLog()
            let clock = VirtualClock()
            let queue = Queue(virtualClock: clock)
            log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(timeout, granularity: 4.0, queue: queue))
            clock.advance(by: 100)
            XCTAssertEqual(log.events, ["subscribe@\(expected) on queue"], "timeout \(timeout)")
        }
    }

    func testSuspendAwareDelayOfAnHourOrMoreUsesTheRandomMinimum() {
        let log = EventLog()
        let suspended = Atomic(value: 0.0)
        let clock = self.clock
        let signal: Signal<Int, NoError> =
            timedSource(log, clock, queue)
            |> suspendAwareDelay(
                3600.0, granularity: 60.0, queue: queue,
                wallClock: { clock.now + suspended.with { $0 } },
                longDelayMinimum: { 3.0 })
        log.record(signal)
        clock.run()  // the start is recorded on the queue
        suspended.swap(4000)
        clock.advance(by: 60)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 3)
        XCTAssertEqual(log.events, ["subscribe@63.0 on queue"])
    }

    func testSuspendAwareDelayPublicFormReadsTheVirtualClock() {
        let log = EventLog()
        let clock = VirtualClock(now: 0)
        let queue = Queue(virtualClock: clock)
        // The public form reads the virtual clock as its wall clock; advance a full hour.
        log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(3600.0, granularity: 600.0, queue: queue))
        // The tick at 3000 reaches 3600 − 660; remaining 600 > 5, so no minimum applies.
        clock.advance(to: 3599.999)
        XCTAssertEqual(log.events, [])
        clock.advance(to: 3600)
        XCTAssertEqual(log.events, ["subscribe@3600.0 on queue"])
    }

    func testSuspendAwareDelayDisposalWhilePollingStopsTheTicker() {
        let log = EventLog()
        let handle = log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(60.0, granularity: 4.0, queue: queue))
        clock.advance(by: 10)
        XCTAssertEqual(clock.pendingCount, 1)
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 100)
        XCTAssertEqual(log.events, [])
    }

    func testSuspendAwareDelayDisposalWhileFinalTimerArmedStopsIt() {
        let log = EventLog()
        let handle = log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(10.0, granularity: 4.0, queue: queue))
        clock.advance(by: 9)
        XCTAssertEqual(clock.nextDeadline, 10)
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 10)
        XCTAssertEqual(log.events, [])
    }

    func testSuspendAwareDelayDisposalAfterSubscriptionDisposesUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let handle = log.record(traced("s", log, source.signal) |> suspendAwareDelay(1.0, queue: queue))
        clock.advance(by: 1)
        source.putNext(5)
        handle.dispose()
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 5", "s.dispose#1"])
    }

    func testSuspendAwareDelayBadGranularityUsesOneTimer() {
        for granularity in [0.0, -4.0, Double.nan, Double.infinity] {
            let log = EventLog()
            let clock = VirtualClock()
            let queue = Queue(virtualClock: clock)
            log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(10.0, granularity: granularity, queue: queue))
            clock.run()
            XCTAssertEqual(clock.pendingCount, 1, "granularity \(granularity)")
            XCTAssertEqual(clock.nextDeadline, 10, "granularity \(granularity)")
            clock.advance(by: 10)
            XCTAssertEqual(log.events, ["subscribe@10.0 on queue"], "granularity \(granularity)")
        }
    }

    func testSuspendAwareDelayNegativeOrNaNTimeoutSubscribesOnNextQueueTurn() {
        for timeout in [-5.0, Double.nan] {
            let log = EventLog()
            log.record(timedSource(log, clock, queue) as Signal<Int, NoError> |> suspendAwareDelay(timeout, queue: queue))
            XCTAssertEqual(log.events, [])
            clock.run()
            XCTAssertEqual(log.events, ["subscribe@0.0 on queue"], "timeout \(timeout)")
        }
    }

    // MARK: timeout

    func testTimeoutUpstreamValueInTimeStopsTimerAndIsForwarded() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let alternate = traced("alt", log, Signal<Int, TestError>.single(0))
        log.record(traced("s", log, source.signal) |> timeout(2.0, queue: queue, alternate: alternate))
        clock.advance(by: 1)
        source.putNext(1)
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "next 2", "completed", "s.dispose#1"])
    }

    func testTimeoutSwitchesToAlternateOnQueueBeforeDisposingUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let alternate = ManualSource<Int, TestError>()
        let queue = self.queue
        let alternateSignal = Signal<Int, TestError> { subscriber in
            log.add(queue.isCurrent() ? "alternate on queue" : "alternate off queue")
            return alternate.signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        }
        let handle = log.record(traced("s", log, source.signal) |> timeout(2.0, queue: queue, alternate: traced("alt", log, alternateSignal)))
        clock.advance(by: 2)
        source.putNext(1)
        alternate.putNext(10)
        XCTAssertEqual(log.events, ["s.subscribe#1", "alt.subscribe#1", "alternate on queue", "s.dispose#1", "next 10"])
        XCTAssertEqual(source.subscriberCount, 0)
        handle.dispose()
        XCTAssertEqual(log.events.last, "alt.dispose#1")
        XCTAssertEqual(alternate.subscriberCount, 0)
    }

    func testTimeoutSynchronousValueDoesNotPreventTheTimeout() {
        // Faithful quirk: the timer is started after the synchronous subscription.
        let log = EventLog()
        let source = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            return EmptyDisposable
        }
        log.record(traced("s", log, source) |> timeout(1.0, queue: queue, alternate: traced("alt", log, .single(2))))
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1"])
        XCTAssertEqual(clock.pendingCount, 1)
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 1", "alt.subscribe#1", "next 2", "completed", "s.dispose#1", "alt.dispose#1"])
    }

    func testTimeoutSynchronousTerminationPreventsTheTimeout() {
        for source in [Signal<Int, TestError>.single(1), .fail(TestError(1)), .complete()] {
            let log = EventLog()
            log.record(source |> timeout(1.0, queue: queue, alternate: traced("alt", log, .never())))
            XCTAssertEqual(clock.pendingCount, 0)
            clock.advance(by: 5)
            XCTAssertFalse(log.events.contains("alt.subscribe#1"))
        }
    }

    func testTimeoutUpstreamErrorOrCompletionInTimeIsForwarded() {
        let log = EventLog()
        let failing = ManualSource<Int, TestError>()
        log.record(failing.signal |> timeout(2.0, queue: queue, alternate: .single(0)), prefix: "a ")
        let completing = ManualSource<Int, TestError>()
        log.record(completing.signal |> timeout(2.0, queue: queue, alternate: .single(0)), prefix: "b ")
        failing.putError(TestError(3))
        completing.putCompletion()
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, ["a error E3", "b completed"])
    }

    func testTimeoutDropsUpstreamEventsOnceTheTimerFired() {
        // The alternate's generator runs before the upstream subscription is disposed;
        // upstream events sent meanwhile are dropped.
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let alternate = Signal<Int, TestError> { subscriber in
            source.putNext(1)
            subscriber.putNext(2)
            source.putCompletion()
            return EmptyDisposable
        }
        log.record(traced("s", log, source.signal) |> timeout(1.0, queue: queue, alternate: alternate))
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["s.subscribe#1", "next 2", "s.dispose#1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testTimeoutDisposalStopsTimerAndDisposesUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> timeout(1.0, queue: queue, alternate: traced("alt", log, .never())))
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testTimeoutReleasesCapturedObjectsAfterDisposal() {
        weak var weakObject: Tracked?
        var handle: Disposable?
        do {
            let object = Tracked()
            weakObject = object
            let alternate = Signal<Int, NoError> { _ in
                withExtendedLifetime(object) {}
                return EmptyDisposable
            }
            handle = (Signal<Int, NoError>.never() |> timeout(10.0, queue: queue, alternate: alternate)).start()
        }
        handle?.dispose()
        XCTAssertNil(weakObject)
    }

    func testTimeoutNegativeOrNaNTimeoutSwitchesOnNextQueueTurn() {
        for value in [-1.0, Double.nan] {
            let log = EventLog()
            log.record(Signal<Int, TestError>.never() |> timeout(value, queue: queue, alternate: .single(9)))
            XCTAssertEqual(log.events, [])
            clock.run()
            XCTAssertEqual(log.events, ["next 9", "completed"], "timeout \(value)")
        }
    }

    func testTimeoutInfiniteNeverSwitches() {
        let log = EventLog()
        let handle = log.record(Signal<Int, TestError>.never() |> timeout(.infinity, queue: queue, alternate: .single(9)))
        clock.advance(by: 1e15)
        XCTAssertEqual(log.events, [])
        handle.dispose()
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testTimeoutRacingValueAndTimerOnRealQueueForwardsOneSide() {
        // An upstream value sent from another thread races with the timer: either the
        // value is forwarded (and the alternate never starts) or the alternate wins (and
        // the value is dropped); never both.
        let real = Queue(name: "timeout-race")
        for _ in 0..<200 {
            let source = ManualSource<Int, NoError>()
            let events = EventLog()
            let handle = events.record(source.signal |> timeout(0, queue: real, alternate: .single(0)))
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { source.putNext(1) }
            group.wait()
            real.sync {}
            let seen = events.events
            XCTAssertTrue(seen == ["next 1"] || seen == ["next 0", "completed"], "\(seen)")
            handle.dispose()
        }
    }
}
