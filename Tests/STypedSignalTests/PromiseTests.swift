import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

final class PromiseTests: LeakCheckedTestCase {
    func testReplaysCurrentValueAndNeverCompletes() {
        let log = EventLog()
        let promise = Promise<Int>(1)
        disposedAtEnd(log.record(promise.get(), prefix: "a "))
        promise.set(.single(2))
        disposedAtEnd(log.record(promise.get(), prefix: "b "))
        XCTAssertEqual(log.events, ["a next 1", "a next 2", "b next 2"])
    }

    func testEmptyPromiseEmitsNothingUntilSet() {
        let log = EventLog()
        let promise = Promise<Int>()
        disposedAtEnd(log.record(promise.get()))
        XCTAssertEqual(log.events, [])
        promise.set(.single(3))
        XCTAssertEqual(log.events, ["next 3"])
    }

    func testSetClearsValueSubscribesNewBeforeDisposingOld() {
        let log = EventLog()
        let promise = Promise<Int>()
        let first = ManualSource<Int, NoError>()
        promise.set(traced("a", log, first.signal))
        first.putNext(1)
        promise.set(traced("b", log, Signal<Int, NoError>.never()))
        disposedAtEnd(log.record(promise.get()))
        XCTAssertEqual(log.events, ["a.subscribe#1", "b.subscribe#1", "a.dispose#1"])
    }

    func testLazyInitializerRunsOnFirstSubscriptionAfterExplicitValue() {
        let log = EventLog()
        let promise = Promise<Int>(initializeOnFirstAccess: traced("init", log, .single(10)))
        promise.set(.single(5))
        let signal = promise.get()
        XCTAssertEqual(log.events, [])
        disposedAtEnd(log.record(signal, prefix: "a "))
        disposedAtEnd(log.record(signal, prefix: "b "))
        XCTAssertEqual(log.events, ["a next 5", "init.subscribe#1", "a next 10", "init.dispose#1", "b next 10"])
    }

    func testReentrantSetDuringEmission() {
        let log = EventLog()
        let promise = Promise<Int>()
        let reentered = Atomic(value: false)
        disposedAtEnd(
            promise.get().start(next: { value in
                log.add("next \(value)")
                if value == 1 && !reentered.swap(true) {
                    promise.set(.single(10))
                }
            }))
        let source = ManualSource<Int, NoError>()
        promise.set(
            Signal { subscriber in
                subscriber.putNext(1)
                subscriber.putNext(2)
                return source.signal.start(next: subscriber.putNext)
            })
        disposedAtEnd(log.record(promise.get(), prefix: "late "))
        XCTAssertEqual(log.events, ["next 1", "next 10", "next 2", "late next 2"])
    }

    func testSubscriptionRetainsPromiseAndSourceDoesNot() {
        weak var weakPromise: Promise<Int>?
        let source = ManualSource<Int, NoError>()
        var handle: Disposable?
        do {
            let promise = Promise<Int>()
            weakPromise = promise
            promise.set(source.signal)
            handle = promise.get().start()
        }
        XCTAssertNotNil(weakPromise)
        handle?.dispose()
        XCTAssertNil(weakPromise)
        XCTAssertEqual(source.subscriberCount, 0, "deinit disposes the source subscription")
    }

    func testOnDeinitCalled() {
        let log = EventLog()
        do {
            let promise = Promise<Int>()
            promise.onDeinit = { log.add("deinit") }
        }
        XCTAssertEqual(log.events, ["deinit"])
    }

    func testDisposedSubscriberStopsReceiving() {
        let log = EventLog()
        let promise = Promise<Int>()
        let handle = log.record(promise.get())
        promise.set(.single(1))
        handle.dispose()
        promise.set(.single(2))
        XCTAssertEqual(log.events, ["next 1"])
    }
}

final class ValuePromiseTests: LeakCheckedTestCase {
    func testSetDeliversAndReplays() {
        let log = EventLog()
        let promise = ValuePromise<Int>(1)
        disposedAtEnd(log.record(promise.get(), prefix: "a "))
        promise.set(2)
        promise.set(2)
        disposedAtEnd(log.record(promise.get(), prefix: "b "))
        XCTAssertEqual(log.events, ["a next 1", "a next 2", "a next 2", "b next 2"])
    }

    func testIgnoreRepeated() {
        let log = EventLog()
        let promise = ValuePromise<Int>(ignoreRepeated: true)
        disposedAtEnd(log.record(promise.get()))
        promise.set(1)
        promise.set(1)
        promise.set(2)
        XCTAssertEqual(log.events, ["next 1", "next 2"])
        XCTAssertTrue(promise.ignoreRepeated)
    }

    func testReentrantSetOrderingQuirk() {
        let log = EventLog()
        let promise = ValuePromise<Int>()
        disposedAtEnd(
            promise.get().start(next: { value in
                log.add("a \(value)")
                if value == 1 { promise.set(2) }
            }))
        disposedAtEnd(promise.get().start(next: { log.add("b \($0)") }))
        promise.set(1)
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "b 1"])
    }

    func testConcurrentSetsAllDelivered() {
        let promise = ValuePromise<Int>()
        let count = Atomic(value: 0)
        disposedAtEnd(promise.get().start(next: { _ in count.modify { $0 + 1 } }))
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<250 { promise.set(index * 1000 + value) }
        }
        XCTAssertEqual(count.with { $0 }, 1000)
    }
}

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
        var added: Disposable?
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

final class MulticastTests: LeakCheckedTestCase {
    func testSharesOneUpstreamPerKey() {
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let multicast = Multicast<Int>()
        let shared = multicast.get(key: "k", signal: traced("up", log, source.signal))
        let a = log.record(shared, prefix: "a ")
        let b = log.record(shared, prefix: "b ")
        source.putNext(1)
        a.dispose()
        source.putNext(2)
        b.dispose()
        XCTAssertEqual(log.events, ["up.subscribe#1", "a next 1", "b next 1", "b next 2", "up.dispose#1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testDifferentKeysAreIndependent() {
        let log = EventLog()
        let multicast = Multicast<Int>()
        disposedAtEnd(log.record(multicast.get(key: "x", signal: traced("x", log, .never()))))
        disposedAtEnd(log.record(multicast.get(key: "y", signal: traced("y", log, .never()))))
        XCTAssertEqual(log.events, ["x.subscribe#1", "y.subscribe#1"])
    }

    func testCompletionForwardedAndKeyRestartsAfterwards() {
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let multicast = Multicast<Int>()
        let shared = multicast.get(key: "k", signal: traced("up", log, source.signal))
        disposedAtEnd(log.record(shared, prefix: "a "))
        disposedAtEnd(log.record(shared, prefix: "b "))
        source.putCompletion()
        disposedAtEnd(log.record(shared, prefix: "c "))
        XCTAssertEqual(log.events, ["up.subscribe#1", "a completed", "b completed", "up.dispose#1", "up.subscribe#2"])
    }

    func testSynchronousUpstreamCompletes() {
        let log = EventLog()
        let multicast = Multicast<Int>()
        log.record(multicast.get(key: "k", signal: .single(4)))
        log.record(multicast.get(key: "k", signal: .single(5)))
        XCTAssertEqual(log.events, ["next 4", "completed", "next 5", "completed"])
    }

    func testMulticastPromiseHoldsState() {
        let holder = MulticastPromise<Int>()
        holder.lock.locked {
            holder.value = 3
            _ = holder.subscribers.add { _ in }
        }
        XCTAssertEqual(holder.value, 3)
        XCTAssertFalse(holder.subscribers.isEmpty)
    }
}
