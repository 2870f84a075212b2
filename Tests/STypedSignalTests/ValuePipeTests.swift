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
