import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

final class ValuePipeTests: LeakCheckedTestCase {
    func testDeliversToCurrentSubscribersWithoutReplay() {
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        pipe.putNext(0)
        let a = log.record(pipe.signal(), prefix: "a ")
        pipe.putNext(1)
        log.record(pipe.signal(), prefix: "b ")
        pipe.putNext(2)
        a.dispose()
        pipe.putNext(3)
        XCTAssertEqual(log.events, ["a next 1", "a next 2", "b next 2", "b next 3"])
    }

    func testAMapAndAFilterOverThePipesSignalJoinItsHub() {
        // A stage over a hub's signal subscribes it with a prepared subscription state.
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        let mapped = log.record(pipe.signal() |> map { $0 * 10 }, prefix: "map ")
        let filtered = log.record(pipe.signal() |> filter { $0 % 2 == 0 }, prefix: "filter ")
        pipe.putNext(1)
        pipe.putNext(2)
        mapped.dispose()
        filtered.dispose()
        pipe.putNext(4)
        XCTAssertEqual(log.events, ["map next 10", "map next 20", "filter next 2"])
    }

    func testADeferredSignalOfThePipeJoinsItsHubWithTheDeferredsSubscriber() {
        // `deferred` runs the pipe's signal with its own subscriber.
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        let subscription = log.record(deferred { pipe.signal() })
        pipe.putNext(1)
        subscription.dispose()
        pipe.putNext(2)
        XCTAssertEqual(log.events, ["next 1"])
    }

    func testPipeIsNotRetainedAndReleasesSubscribersOnDeinit() {
        weak var weakPipe: ValuePipe<Int>?
        weak var weakObject: Tracked?
        var signal: Signal<Int, NoError>?
        do {
            let pipe = ValuePipe<Int>()
            weakPipe = pipe
            signal = pipe.signal()
            let object = Tracked()
            weakObject = object
            _ = signal?.start(next: { _ in _ = object })
        }
        XCTAssertNil(weakPipe)
        XCTAssertNil(weakObject)
        let log = EventLog()
        log.record(signal!)
        XCTAssertEqual(log.events, [])
    }

    func testAHeldHandleDoesNotKeepTheCallbacksOnceThePipeIsGone() {
        weak var weakObject: Tracked?
        nonisolated(unsafe) var seen: [Int] = []
        var handle: Disposable?
        do {
            let pipe = ValuePipe<Int>()
            let object = Tracked()
            weakObject = object
            handle = pipe.signal().start(next: { value in
                withExtendedLifetime(object) {}
                seen.append(value)
            })
            pipe.putNext(1)
        }
        XCTAssertEqual(seen, [1])
        XCTAssertNil(weakObject, "the pipe went, and with it the subscriber: its callbacks go though the handle is held")
        handle?.dispose()
        handle = nil
    }

    func testCallbacksOfASubscriptionDisposedInsideNextAreReleasedWhenThePushReturns() {
        let pipe = ValuePipe<Int>()
        nonisolated(unsafe) weak var weakObject: Tracked?
        nonisolated(unsafe) var subscription: Disposable?
        nonisolated(unsafe) var seen: [Int] = []
        nonisolated(unsafe) var aliveAfterDispose: Bool?
        do {
            let object = Tracked()
            weakObject = object
            subscription = pipe.signal().start(next: { value in
                withExtendedLifetime(object) {}
                seen.append(value)
                subscription?.dispose()
                aliveAfterDispose = weakObject != nil
            })
        }
        pipe.putNext(1)
        XCTAssertEqual(aliveAfterDispose, true, "kept while the push runs")
        XCTAssertNil(weakObject, "released when the push returns")
        pipe.putNext(2)
        XCTAssertEqual(seen, [1])
    }

    func testDisposalWhileTwoThreadsPushStopsValuesAndReleasesTheCallbacksOnce() {
        for _ in 0..<50 {
            let pipe = ValuePipe<Int>()
            weak var weakObject: Tracked?
            let disposed = Atomic(value: false)
            let late = Atomic(value: 0)
            var subscription: Disposable?
            do {
                let object = Tracked()
                weakObject = object
                subscription = pipe.signal().start(next: { _ in
                    withExtendedLifetime(object) {}
                    if disposed.with({ $0 }) { _ = late.modify { $0 + 1 } }
                })
            }
            nonisolated(unsafe) let handle = subscription!
            subscription = nil
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                if index == 2 {
                    handle.dispose()
                    _ = disposed.swap(true)
                } else {
                    for value in 0..<200 { pipe.putNext(value) }
                }
            }
            XCTAssertNil(weakObject, "released once the pushes returned")
            XCTAssertLessThanOrEqual(late.with { $0 }, 2, "at most one value per pushing thread had started")
        }
    }

    func testReentrantPutNextKeepsPushOrderForEverySubscriber() {
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        disposedAtEnd(
            pipe.signal().start(next: { value in
                log.add("a \(value)")
                if value == 1 { pipe.putNext(2) }
            }))
        disposedAtEnd(pipe.signal().start(next: { log.add("b \($0)") }))
        pipe.putNext(1)
        // The original delivers the nested 2 first: a 1, a 2, b 2, b 1 (divergence).
        XCTAssertEqual(log.events, ["a 1", "b 1", "a 2", "b 2"], "the nested push waits for 1 to reach b; drained before putNext returns")
    }

    func testSubscriberAddedDuringADeliveryGetsTheQueuedPush() {
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        nonisolated(unsafe) var added: Disposable?
        disposedAtEnd(
            pipe.signal().start(next: { value in
                log.add("a \(value)")
                if value == 1 {
                    added = pipe.signal().start(next: { log.add("c \($0)") })
                    pipe.putNext(2)
                }
            }))
        pipe.putNext(1)
        XCTAssertEqual(log.events, ["a 1", "a 2", "c 2"])
        added?.dispose()
    }

    func testDeepReentrantPushesRunInConstantStack() {
        let pipe = ValuePipe<Int>()
        let count = Atomic(value: 0)
        disposedAtEnd(
            pipe.signal().start(next: { value in
                count.modify { $0 + 1 }
                if value < 100_000 { pipe.putNext(value + 1) }
            }))
        pipe.putNext(1)
        XCTAssertEqual(count.with { $0 }, 100_000)
    }

    func testPushFromAnotherThreadDuringADeliveryDoesNotWait() {
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        let pushed = DispatchSemaphore(value: 0)
        disposedAtEnd(
            pipe.signal().start(next: { value in
                if value == 1 {
                    Thread {
                        pipe.putNext(2)
                        pushed.signal()
                    }.start()
                    XCTAssertEqual(pushed.wait(timeout: .now() + 30), .success, "watchdog: the other thread's push blocked")
                }
                log.add("next \(value)")
            }))
        pipe.putNext(1)
        // The other thread delivers its own push on its own thread, at once.
        XCTAssertEqual(log.events, ["next 2", "next 1"])
    }

    func testConcurrentPutNext() {
        let pipe = ValuePipe<Int>()
        let count = Atomic(value: 0)
        for _ in 0..<3 { pipe.signal().start(next: { _ in count.modify { $0 + 1 } }) }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<500 { pipe.putNext(value) }
        }
        XCTAssertEqual(count.with { $0 }, 6000)
    }
}

final class ValuePipeOrderTests: LeakCheckedTestCase {
    func testSubscribersLeavingInRandomOrderKeepDeliveryOrderAndAreReleasedAsTheyLeave() {
        PipeOrderDriver.subscribersLeavingInRandomOrder(TypedAPI.self, seed: 17)
    }

    func testASubscriberLeavingDuringADeliveryMissesIt() {
        let pipe = ValuePipe<Int>()
        let delivered = OrderTrace<String>()
        var subscriptions: [String: Disposable] = [:]
        final class Leaves: @unchecked Sendable {
            // Safety: written before the first push, then only read, on this thread.
            var subscriptions: [String: Disposable] = [:]
        }
        let leaves = Leaves()
        for name in ["a", "b", "c", "d"] {
            subscriptions[name] = pipe.signal().start(next: { value in
                delivered.append("\(name)\(value)")
                if name == "a", value == 1 { leaves.subscriptions["c"]?.dispose() }
                if name == "b", value == 1 { leaves.subscriptions["b"]?.dispose() }
            })
        }
        leaves.subscriptions = subscriptions
        pipe.putNext(1)
        pipe.putNext(2)
        XCTAssertEqual(delivered.all, ["a1", "b1", "d1", "a2", "d2"])
        for subscription in subscriptions.values {
            subscription.dispose()
        }
    }
}
