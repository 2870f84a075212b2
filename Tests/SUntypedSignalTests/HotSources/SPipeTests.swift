import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalPipeTests: LeakCheckedTestCase {
    func testWithoutReplayLateSubscribersSeeOnlyFutureValues() {
        let pipe = SPipe()
        pipe.putNext(1)
        let recorder = EventLog()
        recorder.record(pipe.signal())
        XCTAssertEqual(recorder.events, [])
        pipe.putNext(2)
        pipe.sink(nil)
        XCTAssertEqual(recorder.events, ["next 2", "next nil"])
    }

    func testAMapAndAFilterOverThePipesSignalJoinItsHub() {
        // A stage over a hub's signal subscribes it with a prepared subscription state.
        let pipe = SPipe()
        let mapped = EventLog()
        let filtered = EventLog()
        let mapping = mapped.record(pipe.signal().map { ($0 as! Int) * 10 })
        let filtering = filtered.record(pipe.signal().filter { ($0 as! Int) % 2 == 0 })
        pipe.putNext(1)
        pipe.putNext(2)
        mapping.dispose()
        filtering.dispose()
        pipe.putNext(4)
        XCTAssertEqual(mapped.events, ["next 10", "next 20"])
        XCTAssertEqual(filtered.events, ["next 2"])
    }

    func testADeferredSignalOfThePipeJoinsItsHubWithTheDeferredsSubscriber() {
        // `deferred` runs the pipe's signal with its own subscriber.
        let pipe = SPipe()
        let recorder = EventLog()
        let subscription = recorder.record(SSignal.deferred { pipe.signal() })
        pipe.putNext(1)
        subscription.dispose()
        pipe.putNext(2)
        XCTAssertEqual(recorder.events, ["next 1"])
    }

    func testReplayGivesTheMostRecentValueIncludingNil() {
        let pipe = SPipe(replay: true)
        let early = EventLog()
        early.record(pipe.signal())
        XCTAssertEqual(early.events, [], "nothing to replay before the first push")
        pipe.putNext(1)
        pipe.putNext(nil)
        let late = EventLog()
        late.record(pipe.signalProducer())
        XCTAssertEqual(late.events, ["next nil"])
        pipe.putNext(3)
        XCTAssertEqual(late.events, ["next nil", "next 3"])
        XCTAssertEqual(early.events, ["next 1", "next nil", "next 3"])
    }

    func testSubscribersAreCalledInSubscriptionOrderOnTheCallersThread() {
        let pipe = SPipe()
        let log = EventLog()
        pipe.signal().start(next: { _ in log.add("a") })
        pipe.signal().start(next: { _ in log.add("b") })
        pipe.putNext(0)
        XCTAssertEqual(log.events, ["a", "b"])
    }

    func testNeverCompletesOrErrors() {
        let pipe = SPipe()
        let recorder = EventLog()
        recorder.record(pipe.signal())
        for value in 0..<3 { pipe.putNext(value) }
        XCTAssertEqual(recorder.events, ["next 0", "next 1", "next 2"])
    }

    func testDisposalRemovesTheSubscriber() {
        let pipe = SPipe()
        let recorder = EventLog()
        let subscription = recorder.record(pipe.signal())
        subscription.dispose()
        pipe.putNext(1)
        XCTAssertEqual(recorder.events, [])
    }

    func testSubscriberDisposedByAnEarlierOneDuringAPushIsSkipped() {
        let pipe = SPipe()
        let log = EventLog()
        let second = Cell<SDisposable?>(nil)
        pipe.signal().start(next: { _ in
            log.add("first")
            second.value?.dispose()
        })
        second.value = pipe.signal().start(next: { _ in log.add("second") })
        pipe.putNext(0)
        XCTAssertEqual(log.events, ["first"])
    }

    func testReentrantPushKeepsPushOrderForEverySubscriber() {
        let pipe = SPipe()
        let log = EventLog()
        disposedAtEnd(
            pipe.signal().start(next: { value in
                log.add("a \(describe(value))")
                if value as? Int == 1 { pipe.putNext(2) }
            }))
        disposedAtEnd(pipe.signal().start(next: { value in log.add("b \(describe(value))") }))
        pipe.putNext(1)
        // The original delivers the nested 2 first: a 1, a 2, b 2, b 1 (divergence).
        XCTAssertEqual(log.events, ["a 1", "b 1", "a 2", "b 2"], "the nested push waits for 1 to reach b; drained before putNext returns")
    }

    func testReentrantPushWithReplayNeverLeavesAStaleValue() {
        let pipe = SPipe(replay: true)
        let a = EventLog()
        let b = EventLog()
        disposedAtEnd(
            pipe.signal().start(next: { value in
                a.add("next \(describe(value))")
                if value as? Int == 1 { pipe.putNext(2) }
            }))
        disposedAtEnd(b.record(pipe.signal()))
        pipe.putNext(1)
        XCTAssertEqual(b.events, ["next 1", "next 2"], "b ends on the latest value")
        let late = EventLog()
        disposedAtEnd(late.record(pipe.signal()))
        XCTAssertEqual(late.events, ["next 2"])
    }

    func testSubscriberAddedDuringADeliveryReplaysItThenGetsTheQueuedPush() {
        let pipe = SPipe(replay: true)
        let added = EventLog()
        let subscription = Cell<SDisposable?>(nil)
        disposedAtEnd(
            pipe.signal().start(next: { value in
                if value as? Int == 1 {
                    pipe.putNext(2)
                    subscription.value = added.record(pipe.signal())
                }
            }))
        pipe.putNext(1)
        // As if the queued push ran after the delivery of 1: replay 1, then 2, never 2 twice.
        XCTAssertEqual(added.events, ["next 1", "next 2"])
        subscription.value?.dispose()
    }

    func testAPushReachingASubscriberDuringItsReplayComesAfterTheReplay() {
        let pipe = SPipe(replay: true)
        pipe.putNext(0)
        let log = EventLog()
        let pushed = DispatchSemaphore(value: 0)
        let box = UncheckedBox(pipe)
        let subscription = pipe.signal().start(next: { value in
            if value as? Int == 0 {
                // Another thread pushes while this replay runs; it must not wait for us.
                Thread {
                    box.value.putNext(1)
                    pushed.signal()
                }.start()
                XCTAssertEqual(pushed.wait(timeout: .now() + 30), .success, "watchdog: the other thread's push blocked")
            }
            log.add("next \(describe(value))")
        })
        XCTAssertEqual(log.events, ["next 0", "next 1"], "the newer value after the replayed one")
        subscription.dispose()
    }

    func testDeepReentrantPushesRunInConstantStack() {
        let pipe = SPipe()
        let counter = Counter()
        disposedAtEnd(
            pipe.signal().start(next: { value in
                counter.increment()
                if let value = value as? Int, value < 100_000 { pipe.putNext(value + 1) }
            }))
        pipe.putNext(1)
        XCTAssertEqual(counter.value, 100_000)
    }

    func testConcurrentPushesAllArrive() {
        let pipe = SPipe()
        let counter = Counter()
        pipe.signal().start(next: { _ in counter.increment() })
        let box = UncheckedBox(pipe)
        concurrently(8) { _ in
            for value in 0..<500 { box.value.putNext(value) }
        }
        XCTAssertEqual(counter.value, 4000)
    }

    func testConcurrentSubscribeAndPushWithReplayDeliversTheLastValueOnce() {
        for _ in 0..<50 {
            let pipe = SPipe(replay: true)
            pipe.putNext(0)
            let recorder = EventLog()
            let box = UncheckedBox((pipe, recorder))
            concurrently(2) { index in
                if index == 0 {
                    box.value.1.record(box.value.0.signal())
                } else {
                    box.value.0.putNext(1)
                }
            }
            let events = recorder.events
            // Each value at most once, 1 always and last: a push racing the subscription
            // comes after the replayed 0, never before it.
            XCTAssertTrue([["next 0", "next 1"], ["next 1"]].contains(events), "\(events)")
        }
    }

    func testPipeDeallocatedWhileSubscribedIsFine() {
        var pipe: SPipe? = SPipe()
        let subscription = pipe!.signal().start()
        weak var weakPipe: SPipe?
        weakPipe = pipe
        pipe = nil
        XCTAssertNil(weakPipe, "subscriptions do not keep the pipe")
        subscription.dispose()
    }

    func testTheSinkKeepsThePipeGoingAndOnceEverythingIsGoneSubscriptionsAreReleased() {
        weak var weakObject: Tracked?
        var sink: ((Any?) -> Void)?
        let seen = Cell<[Int]>([])
        var subscription: SDisposable?
        do {
            let pipe = SPipe()
            sink = pipe.sink
            let object = Tracked()
            weakObject = object
            subscription = pipe.signal().start(next: { value in
                withExtendedLifetime(object) {}
                seen.value.append(value as! Int)
            })
        }
        sink?(1)
        XCTAssertEqual(seen.value, [1], "the sink keeps the pipe's state")
        XCTAssertNotNil(weakObject)
        sink = nil
        XCTAssertNil(weakObject, "nobody can push: the undisposed subscription is released")
        subscription?.dispose()
    }

    func testTheSignalKeepsThePipesStateAndIsTheSameAtEachCall() {
        var signal: SSignal?
        var sink: ((Any?) -> Void)?
        do {
            let pipe = SPipe(replay: true)
            XCTAssertTrue(pipe.signal() === pipe.signalProducer())
            signal = pipe.signal()
            sink = pipe.sink
            sink?(1)
        }
        let recorder = EventLog()
        let subscription = recorder.record(signal!)
        sink?(2)
        subscription.dispose()
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
    }

    func testCallbacksOfASubscriptionDisposedInsideNextAreReleasedWhenThePushReturns() {
        let pipe = SPipe()
        // nonisolated(unsafe): read by a callback that runs synchronously, on the test's
        // thread, inside `putNext` (a weak variable: a box would obscure the test).
        nonisolated(unsafe) weak var weakObject: Tracked?
        let subscription = Cell<SDisposable?>(nil)
        let seen = Cell<[Int]>([])
        let aliveAfterDispose = Cell<Bool?>(nil)
        do {
            let object = Tracked()
            weakObject = object
            subscription.value = pipe.signal().start(next: { value in
                withExtendedLifetime(object) {}
                seen.value.append(value as! Int)
                subscription.value?.dispose()
                aliveAfterDispose.value = weakObject != nil
            })
        }
        pipe.putNext(1)
        XCTAssertEqual(aliveAfterDispose.value, true, "kept while the push runs")
        XCTAssertNil(weakObject, "released when the push returns")
        pipe.putNext(2)
        XCTAssertEqual(seen.value, [1])
    }

    func testSubscriptionCallbacksReleasedOnDisposal() {
        let pipe = SPipe()
        weak var weakObject: Tracked?
        var subscription: SDisposable?
        do {
            let object = Tracked()
            weakObject = object
            subscription = pipe.signal().start(next: { _ in _ = object })
        }
        XCTAssertNotNil(weakObject)
        subscription?.dispose()
        XCTAssertNil(weakObject)
    }
}

final class SPipeOrderTests: LeakCheckedTestCase {
    func testSubscribersLeavingInRandomOrderKeepDeliveryOrderAndAreReleasedAsTheyLeave() {
        PipeOrderDriver.subscribersLeavingInRandomOrder(UntypedAPI.self, seed: 31)
        PipeOrderDriver.subscribersLeavingInRandomOrder(UntypedAPI.self, seed: 31) { SPipe(replay: true) }
    }
}
