import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalCatchTests: LeakCheckedTestCase {
    func testCatchPassesValuesAndCompletionWithoutCallingF() {
        let recorder = Recorder()
        var calls = 0
        recorder.record(
            syncValues([1, 2]).catch { _ in
                calls += 1
                return .complete()
            })
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "completed"])
        XCTAssertEqual(calls, 0)
    }

    func testCatchReplacesErrorWithSignal() {
        let log = Recorder()
        let source = tracedSignal("source", log) { subscriber in
            subscriber.putNext(1)
            subscriber.putError("boom")
        }
        source.catch { error in
            log.log("catch \(describe(error))")
            return tracedSignal("replacement", log) { subscriber in
                subscriber.putNext(2)
                subscriber.putCompletion()
            }
        }.start(next: log.next, error: log.error, completed: log.completed)
        XCTAssertEqual(
            log.events, ["start source", "next 1", "catch boom", "start replacement", "next 2", "completed", "dispose replacement", "dispose source"])
    }

    func testReplacementErrorsAreNotCaughtAgain() {
        let recorder = Recorder()
        var calls = 0
        recorder.record(
            SSignal.fail(1).catch { _ in
                calls += 1
                return .fail(2)
            })
        XCTAssertEqual(recorder.events, ["error 2"])
        XCTAssertEqual(calls, 1)
    }

    func testCatchNilError() {
        let recorder = Recorder()
        recorder.record(SSignal.fail(nil).catch { error in .single(error == nil ? "caught nil" : "other") })
        XCTAssertEqual(recorder.events, ["next caught nil", "completed"])
    }

    func testDisposalDisposesBothSubscriptions() {
        let source = ManualSource()
        let replacement = ManualSource()
        let subscription = source.signal.catch { _ in replacement.signal }.start()
        source.fail(nil)
        XCTAssertEqual(replacement.startCount, 1)
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1)
        XCTAssertEqual(replacement.disposeCount, 1)
    }

    func testDisposalBeforeErrorNeverCallsF() {
        let source = ManualSource()
        var calls = 0
        let subscription = source.signal.catch { _ in
            calls += 1
            return .never()
        }.start()
        subscription.dispose()
        source.fail(nil)
        XCTAssertEqual(calls, 0)
    }

    func testCatchReleasesCapturesAfterTermination() {
        weak var weakObject: Tracked?
        let replacement = ManualSource()
        do {
            let object = Tracked()
            weakObject = object
            SSignal.fail(nil).catch { _ in withExtendedLifetime(object) { replacement.signal } }.start()
        }
        replacement.complete()
        XCTAssertNil(weakObject)
    }

    // MARK: restart

    func testRestartResubscribesOnAsynchronousCompletion() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var starts = 0
        let source = SSignal { subscriber in
            starts += 1
            let value = starts
            queue.executionQueue.after(1) {
                subscriber.putNext(value)
                subscriber.putCompletion()
            }
            return nil
        }
        let recorder = Recorder()
        let subscription = recorder.record(source.restart())
        clock.advance(by: 3.5)
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3"], "restart never completes by itself")
        XCTAssertEqual(starts, 4)
        subscription.dispose()
        clock.advance(by: 10)
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3"], "nothing after disposal")
        XCTAssertEqual(starts, 4)
    }

    func testRestartForwardsErrorAndStops() {
        var starts = 0
        let recorder = Recorder()
        recorder.record(
            SSignal { subscriber in
                starts += 1
                if starts < 3 {
                    subscriber.putNext(starts)
                    subscriber.putCompletion()
                } else {
                    subscriber.putError("stop")
                }
                return nil
            }.restart())
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "error stop"])
        XCTAssertEqual(starts, 3)
    }

    func testRestartHundredThousandSynchronousCompletionsDoNotGrowTheStack() {
        var sum = 0
        var completed = false
        SSignal.single(1).restart().take(100_000).start(next: { sum += $0 as! Int }, completed: { completed = true })
        XCTAssertEqual(sum, 100_000)
        XCTAssertTrue(completed)
    }

    func testRestartSynchronousLoopStopsWhenTakeRightAfterItCompletes() {
        var starts = 0
        let source = SSignal { subscriber in
            starts += 1
            subscriber.putNext(starts)
            subscriber.putCompletion()
            return nil
        }
        let recorder = Recorder()
        recorder.record(source.restart().take(3))
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3", "completed"])
        XCTAssertEqual(starts, 3)
    }

    func testRestartDisposalFromInsideValueStopsRestarting() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var starts = 0
        let source = SSignal { subscriber in
            starts += 1
            queue.dispatch {
                subscriber.putNext(1)
                subscriber.putCompletion()
            }
            return nil
        }
        var subscription: SDisposable?
        var values = 0
        subscription = source.restart().start(next: { _ in
            values += 1
            if values == 2 { subscription?.dispose() }
        })
        clock.run()
        XCTAssertEqual(values, 2)
        XCTAssertEqual(starts, 2)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testRestartLiveIterationSurvivesAfterSynchronousOnes() {
        // Two synchronous iterations, then a live one: the live one must stay subscribed.
        let live = ManualSource()
        var starts = 0
        let source = SSignal.deferred {
            starts += 1
            return starts <= 2 ? SSignal.single(starts) : live.signal
        }
        let recorder = Recorder()
        let subscription = recorder.record(source.restart())
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
        XCTAssertEqual(live.subscriberCount, 1)
        XCTAssertEqual(live.disposeCount, 0)
        live.next(3)
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3"])
        subscription.dispose()
        XCTAssertEqual(live.disposeCount, 1)
    }

    func testRestartSynchronousRunsAreDisposedBeforeTheNextStarts() {
        // The order that holds on every path (Divergences.md): a run that completes
        // during its own start is torn down by it before the next run is subscribed.
        let log = Recorder()
        var starts = 0
        let source = SSignal.deferred {
            starts += 1
            let n = starts
            return tracedSignal("\(n)", log) { subscriber in
                if n <= 2 {
                    subscriber.putNext(n)
                    subscriber.putCompletion()
                }
            }
        }
        let subscription = source.restart().start(next: log.next)
        XCTAssertEqual(log.events, ["start 1", "next 1", "dispose 1", "start 2", "next 2", "dispose 2", "start 3"])
        subscription.dispose()
        XCTAssertEqual(log.events.last, "dispose 3")
    }

    func testRestartAsynchronousCompletionSubscribesTheNextRunBeforeDisposingTheCompletedOne() {
        // As in SSignalKit (the new run replaces the old in a meta-disposable): the
        // completed run is disposed by the loop once the next one has started, and again
        // by its own termination.
        let log = Recorder()
        let subscribers = Cell([SSubscriber]())
        var starts = 0
        let source = SSignal { subscriber in
            starts += 1
            let n = starts
            log.log("start \(n)")
            subscribers.value.append(subscriber)
            return CountingDisposal { log.log("dispose \(n)") }
        }
        let subscription = source.restart().start()
        subscribers.value[0].putCompletion()
        XCTAssertEqual(log.events, ["start 1", "start 2", "dispose 1", "dispose 1"])
        subscription.dispose()
        XCTAssertEqual(log.events.last, "dispose 2")
        subscribers.value.removeAll()
    }

    func testRestartReleasesCapturesAfterDisposal() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = source.signal.restart().start(next: { _ in _ = object })
        }
        source.complete()
        XCTAssertEqual(source.startCount, 2)
        subscription?.dispose()
        XCTAssertNil(weakObject)
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testRestartConcurrentAsynchronousCompletionsAndDisposal() {
        let source = ManualSource()
        let counter = Counter()
        let subscription = source.signal.restart().start(next: { _ in counter.increment() })
        let box = UncheckedBox(source)
        concurrently(4) { _ in
            for _ in 0..<200 {
                box.value.next(1)
                box.value.complete()
            }
        }
        subscription.dispose()
        XCTAssertEqual(source.subscriberCount, 0, "the live attempt was disposed")
        XCTAssertGreaterThan(counter.value, 0)
    }

    // MARK: retryIf

    func testRetryIfResubscribesWhilePredicateHolds() {
        var attempts = 0
        let recorder = Recorder()
        recorder.record(
            SSignal { subscriber in
                attempts += 1
                subscriber.putNext(attempts)
                subscriber.putError(attempts)
                return nil
            }.retryIf { ($0 as! Int) < 3 })
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3", "error 3"])
    }

    func testRetryIfForwardsCompletion() {
        let recorder = Recorder()
        var calls = 0
        recorder.record(
            syncValues([1]).retryIf { _ in
                calls += 1
                return true
            })
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
        XCTAssertEqual(calls, 0)
    }

    func testRetryIfHundredThousandSynchronousFailuresAreTrampolined() {
        var attempts = 0
        let recorder = Recorder()
        recorder.record(
            SSignal { subscriber in
                attempts += 1
                if attempts < 100_000 {
                    subscriber.putError(nil)
                } else {
                    subscriber.putNext("done")
                    subscriber.putCompletion()
                }
                return nil
            }.retryIf { _ in true })
        XCTAssertEqual(recorder.events, ["next done", "completed"])
        XCTAssertEqual(attempts, 100_000)
    }

    func testRetryIfDisposalStopsRetrying() {
        let source = ManualSource()
        let subscription = source.signal.retryIf { _ in true }.start()
        source.fail(nil)
        XCTAssertEqual(source.startCount, 2)
        subscription.dispose()
        XCTAssertEqual(source.subscriberCount, 0)
        source.fail(nil)
        XCTAssertEqual(source.startCount, 2)
    }

    func testRetryIfAsynchronousErrorsResubscribe() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var attempts = 0
        let source = SSignal { subscriber in
            attempts += 1
            let attempt = attempts
            queue.dispatch {
                if attempt < 3 {
                    subscriber.putError("retry")
                } else {
                    subscriber.putNext(attempt)
                    subscriber.putCompletion()
                }
            }
            return nil
        }
        let recorder = Recorder()
        recorder.record(source.retryIf { $0 as? String == "retry" })
        clock.run()
        XCTAssertEqual(recorder.events, ["next 3", "completed"])
    }
}

final class SRestartUnderLaterTakeTests: LeakCheckedTestCase {
    func testSynchronousRestartStopsWhenATakeFurtherDownCompletes() {
        var values: [Int] = []
        var completed = false
        var subscriptions = 0
        let source = SSignal { subscriber in
            subscriptions += 1
            subscriber.putNext(subscriptions)
            subscriber.putCompletion()
            return nil
        }
        source.restart().map { ($0 as! Int) * 10 }.take(3).start(next: { values.append($0 as! Int) }, completed: { completed = true })
        XCTAssertEqual(values, [10, 20, 30])
        XCTAssertTrue(completed)
        XCTAssertEqual(subscriptions, 3)
    }

    /// A subscription that ended inside its own generator does not enclose what its
    /// terminal callbacks start: a restart loop started there runs (it used to find that
    /// subscription ended, start nothing, and never end).
    func testARestartStartedFromACallbackOfASubscriptionThatEndedInItsGeneratorRuns() {
        let loop = SSignal.single(5).restart().take(2)
        let cases: [(String, SSignal)] = [
            ("then", SSignal.complete().then(loop)),
            ("catch", SSignal.fail(1).catch { _ in loop }),
            ("mapToSignal after then", SSignal.complete().then(.single(0)).mapToSignal { _ in loop }),
            ("queue after then", SSignal.complete().then(.single(loop)).queue()),
        ]
        for (name, signal) in cases {
            var events: [String] = []
            signal.start(next: { events.append("\($0 as! Int)") }, error: { _ in events.append("error") }, completed: { events.append("completed") })
            XCTAssertEqual(events, ["5", "5", "completed"], name)
        }
        var events: [String] = []
        SSignal.single(1).start(completed: {
            loop.start(next: { events.append("\($0 as! Int)") }, completed: { events.append("completed") })
        })
        XCTAssertEqual(events, ["5", "5", "completed"], "started by a completion callback: its own take still stops it")
    }

    /// A terminal callback of a subscription whose generator has returned is not enclosed
    /// by the generators still on the stack (another signal's, which pushed the value
    /// that ended it): a restart loop started there runs (it used to find that other
    /// subscription ended, start nothing, and never end).
    func testARestartStartedFromACompletionNotInItsGeneratorIgnoresOtherGeneratorsOnTheStack() {
        let loop = SSignal.single(5).restart().take(2)
        let pipe = SPipe()
        var events: [String] = []
        pipe.signal().take(1).start(completed: {
            loop.start(next: { events.append("\($0 as! Int)") }, completed: { events.append("completed") })
        })
        let pusher = SSignal { subscriber in
            subscriber.putCompletion()
            pipe.putNext(1)  // from a generator whose subscription has ended
            return nil
        }
        pusher.start()
        XCTAssertEqual(events, ["5", "5", "completed"])
    }
}

/// A disposable that runs `action` at every `dispose()` call (the test counts them).
private final class CountingDisposal: SDisposable {
    private let action: () -> Void

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    func dispose() {
        action()
    }
}
