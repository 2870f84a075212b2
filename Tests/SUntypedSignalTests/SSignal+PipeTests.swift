import SignalSync
import SUntypedSignal
import SignalTestSupport
import XCTest

final class SSignalPipeTests: LeakCheckedTestCase {
    func testWithoutReplayLateSubscribersSeeOnlyFutureValues() {
        let pipe = SPipe()
        pipe.putNext(1)
        let recorder = Recorder()
        recorder.record(pipe.signal())
        XCTAssertEqual(recorder.events, [])
        pipe.putNext(2)
        pipe.sink(nil)
        XCTAssertEqual(recorder.events, ["next 2", "next nil"])
    }

    func testReplayGivesTheMostRecentValueIncludingNil() {
        let pipe = SPipe(replay: true)
        let early = Recorder()
        early.record(pipe.signal())
        XCTAssertEqual(early.events, [], "nothing to replay before the first push")
        pipe.putNext(1)
        pipe.putNext(nil)
        let late = Recorder()
        late.record(pipe.signalProducer())
        XCTAssertEqual(late.events, ["next nil"])
        pipe.putNext(3)
        XCTAssertEqual(late.events, ["next nil", "next 3"])
        XCTAssertEqual(early.events, ["next 1", "next nil", "next 3"])
    }

    func testSubscribersAreCalledInSubscriptionOrderOnTheCallersThread() {
        let pipe = SPipe()
        let log = Recorder()
        pipe.signal().start(next: { _ in log.log("a") })
        pipe.signal().start(next: { _ in log.log("b") })
        pipe.putNext(0)
        XCTAssertEqual(log.events, ["a", "b"])
    }

    func testNeverCompletesOrErrors() {
        let pipe = SPipe()
        let recorder = Recorder()
        recorder.record(pipe.signal())
        for value in 0..<3 { pipe.putNext(value) }
        XCTAssertEqual(recorder.events, ["next 0", "next 1", "next 2"])
    }

    func testDisposalRemovesTheSubscriber() {
        let pipe = SPipe()
        let recorder = Recorder()
        let subscription = recorder.record(pipe.signal())
        subscription.dispose()
        pipe.putNext(1)
        XCTAssertEqual(recorder.events, [])
    }

    func testSubscriberDisposedByAnEarlierOneDuringAPushIsSkipped() {
        let pipe = SPipe()
        let log = Recorder()
        var second: SDisposable?
        pipe.signal().start(next: { _ in
            log.log("first")
            second?.dispose()
        })
        second = pipe.signal().start(next: { _ in log.log("second") })
        pipe.putNext(0)
        XCTAssertEqual(log.events, ["first"])
    }

    func testReentrantPushDeliversNestedValueFirst() {
        let pipe = SPipe()
        let log = Recorder()
        pipe.signal().start(next: { value in
            log.log("a \(describe(value))")
            if value as? Int == 1 { pipe.putNext(2) }
        })
        pipe.signal().start(next: { value in log.log("b \(describe(value))") })
        pipe.putNext(1)
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "b 1"])
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
            let recorder = Recorder()
            let box = UncheckedBox((pipe, recorder))
            concurrently(2) { index in
                if index == 0 {
                    box.value.1.record(box.value.0.signal())
                } else {
                    box.value.0.putNext(1)
                }
            }
            let events = recorder.events
            // Each value at most once, and 1 always; a push racing the subscription may
            // arrive before the replayed 0 (as with the typed Promise, documented on SPipe).
            XCTAssertTrue([["next 0", "next 1"], ["next 1", "next 0"], ["next 1"]].contains(events), "\(events)")
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
