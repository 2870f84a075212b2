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
