import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalCatchTests: LeakCheckedTestCase {
    func testCatchPassesValuesAndCompletionWithoutCallingF() {
        let recorder = EventLog()
        let calls = Cell(0)
        recorder.record(
            syncValues([1, 2]).catch { _ in
                calls.value += 1
                return .complete()
            })
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "completed"])
        XCTAssertEqual(calls.value, 0)
    }

    func testCatchReplacesErrorWithSignal() {
        let log = EventLog()
        let source = tracedSignal("source", log) { subscriber in
            subscriber.putNext(1)
            subscriber.putError("boom")
        }
        source.catch { error in
            log.add("catch \(describe(error))")
            return tracedSignal("replacement", log) { subscriber in
                subscriber.putNext(2)
                subscriber.putCompletion()
            }
        }.start(next: log.next, error: log.error, completed: log.completed)
        XCTAssertEqual(
            log.events, ["start source", "next 1", "catch boom", "start replacement", "next 2", "completed", "dispose replacement", "dispose source"])
    }

    func testReplacementErrorsAreNotCaughtAgain() {
        let recorder = EventLog()
        let calls = Cell(0)
        recorder.record(
            SSignal.fail(1).catch { _ in
                calls.value += 1
                return .fail(2)
            })
        XCTAssertEqual(recorder.events, ["error 2"])
        XCTAssertEqual(calls.value, 1)
    }

    func testCatchNilError() {
        let recorder = EventLog()
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
        let calls = Cell(0)
        let subscription = source.signal.catch { _ in
            calls.value += 1
            return .never()
        }.start()
        subscription.dispose()
        source.fail(nil)
        XCTAssertEqual(calls.value, 0)
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
        let starts = Cell(0)
        let source = SSignal { subscriber in
            starts.value += 1
            let value = starts.value
            queue.executionQueue.after(1) {
                subscriber.putNext(value)
                subscriber.putCompletion()
            }
            return nil
        }
        let recorder = EventLog()
        let subscription = recorder.record(source.restart())
        clock.advance(by: 3.5)
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3"], "restart never completes by itself")
        XCTAssertEqual(starts.value, 4)
        subscription.dispose()
        clock.advance(by: 10)
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3"], "nothing after disposal")
        XCTAssertEqual(starts.value, 4)
    }

    func testRestartForwardsErrorAndStops() {
        let starts = Cell(0)
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                starts.value += 1
                if starts.value < 3 {
                    subscriber.putNext(starts.value)
                    subscriber.putCompletion()
                } else {
                    subscriber.putError("stop")
                }
                return nil
            }.restart())
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "error stop"])
        XCTAssertEqual(starts.value, 3)
    }

    func testRestartHundredThousandSynchronousCompletionsDoNotGrowTheStack() {
        let sum = Cell(0)
        let completed = Cell(false)
        SSignal.single(1).restart().take(100_000).start(next: { sum.value += $0 as! Int }, completed: { completed.value = true })
        XCTAssertEqual(sum.value, 100_000)
        XCTAssertTrue(completed.value)
    }

    func testRestartSynchronousLoopStopsWhenTakeRightAfterItCompletes() {
        let starts = Cell(0)
        let source = SSignal { subscriber in
            starts.value += 1
            subscriber.putNext(starts.value)
            subscriber.putCompletion()
            return nil
        }
        let recorder = EventLog()
        recorder.record(source.restart().take(3))
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3", "completed"])
        XCTAssertEqual(starts.value, 3)
    }

    func testRestartDisposalFromInsideValueStopsRestarting() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let starts = Cell(0)
        let source = SSignal { subscriber in
            starts.value += 1
            queue.dispatch {
                subscriber.putNext(1)
                subscriber.putCompletion()
            }
            return nil
        }
        let subscription = Cell<SDisposable?>(nil)
        let values = Cell(0)
        subscription.value = source.restart().start(next: { _ in
            values.value += 1
            if values.value == 2 { subscription.value?.dispose() }
        })
        clock.run()
        XCTAssertEqual(values.value, 2)
        XCTAssertEqual(starts.value, 2)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testRestartLiveIterationSurvivesAfterSynchronousOnes() {
        // Two synchronous iterations, then a live one: the live one must stay subscribed.
        let live = ManualSource()
        let starts = Cell(0)
        let source = SSignal.deferred {
            starts.value += 1
            return starts.value <= 2 ? SSignal.single(starts.value) : live.signal
        }
        let recorder = EventLog()
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
        let log = EventLog()
        let starts = Cell(0)
        let source = SSignal.deferred {
            starts.value += 1
            let n = starts.value
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
        let log = EventLog()
        let subscribers = Cell([SSubscriber]())
        let starts = Cell(0)
        let source = SSignal { subscriber in
            starts.value += 1
            let n = starts.value
            log.add("start \(n)")
            subscribers.value.append(subscriber)
            return CountingDisposable { log.add("dispose \(n)") }
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
        let attempts = Cell(0)
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                attempts.value += 1
                subscriber.putNext(attempts.value)
                subscriber.putError(attempts.value)
                return nil
            }.retryIf { ($0 as! Int) < 3 })
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3", "error 3"])
    }

    func testRetryIfForwardsCompletion() {
        let recorder = EventLog()
        let calls = Cell(0)
        recorder.record(
            syncValues([1]).retryIf { _ in
                calls.value += 1
                return true
            })
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
        XCTAssertEqual(calls.value, 0)
    }

    func testRetryIfHundredThousandSynchronousFailuresAreTrampolined() {
        let attempts = Cell(0)
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                attempts.value += 1
                if attempts.value < 100_000 {
                    subscriber.putError(nil)
                } else {
                    subscriber.putNext("done")
                    subscriber.putCompletion()
                }
                return nil
            }.retryIf { _ in true })
        XCTAssertEqual(recorder.events, ["next done", "completed"])
        XCTAssertEqual(attempts.value, 100_000)
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
        let attempts = Cell(0)
        let source = SSignal { subscriber in
            attempts.value += 1
            let attempt = attempts.value
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
        let recorder = EventLog()
        recorder.record(source.retryIf { $0 as? String == "retry" })
        clock.run()
        XCTAssertEqual(recorder.events, ["next 3", "completed"])
    }
}

final class SRestartUnderLaterTakeTests: LeakCheckedTestCase {
    func testSynchronousRestartStopsWhenATakeFurtherDownCompletes() {
        let values = Cell<[Int]>([])
        let completed = Cell(false)
        let subscriptions = Cell(0)
        let source = SSignal { subscriber in
            subscriptions.value += 1
            subscriber.putNext(subscriptions.value)
            subscriber.putCompletion()
            return nil
        }
        source.restart().map { ($0 as! Int) * 10 }.take(3).start(next: { values.value.append($0 as! Int) }, completed: { completed.value = true })
        XCTAssertEqual(values.value, [10, 20, 30])
        XCTAssertTrue(completed.value)
        XCTAssertEqual(subscriptions.value, 3)
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
            let events = Cell<[String]>([])
            signal.start(
                next: { events.value.append("\($0 as! Int)") }, error: { _ in events.value.append("error") }, completed: { events.value.append("completed") })
            XCTAssertEqual(events.value, ["5", "5", "completed"], name)
        }
        let events = Cell<[String]>([])
        SSignal.single(1).start(completed: {
            loop.start(next: { events.value.append("\($0 as! Int)") }, completed: { events.value.append("completed") })
        })
        XCTAssertEqual(events.value, ["5", "5", "completed"], "started by a completion callback: its own take still stops it")
    }

    /// A terminal callback of a subscription whose generator has returned is not enclosed
    /// by the generators still on the stack (another signal's, which pushed the value
    /// that ended it): a restart loop started there runs (it used to find that other
    /// subscription ended, start nothing, and never end).
    func testARestartStartedFromACompletionNotInItsGeneratorIgnoresOtherGeneratorsOnTheStack() {
        let loop = SSignal.single(5).restart().take(2)
        let pipe = SPipe()
        let events = Cell<[String]>([])
        pipe.signal().take(1).start(completed: {
            loop.start(next: { events.value.append("\($0 as! Int)") }, completed: { events.value.append("completed") })
        })
        let pusher = SSignal { subscriber in
            subscriber.putCompletion()
            pipe.putNext(1)  // from a generator whose subscription has ended
            return nil
        }
        pusher.start()
        XCTAssertEqual(events.value, ["5", "5", "completed"])
    }
}
