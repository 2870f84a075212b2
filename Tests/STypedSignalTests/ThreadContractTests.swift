import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

/// The thread contract of README's "Threads" section, shown with real threads and a
/// watchdog: no callback starts after `dispose()` returns; a callback already admitted on
/// another thread is not waited for; no value is admitted after the terminal event began,
/// but one admitted before it may still be running.
final class ThreadContractTests: LeakCheckedTestCase {
    /// Counts callbacks that started, and those running right now.
    final class CallbackMeter: @unchecked Sendable {
        private let lock = NSLock()
        private var started = 0
        private var running = 0

        func enter() {
            lock.lock()
            started += 1
            running += 1
            lock.unlock()
        }

        func leave() {
            lock.lock()
            running -= 1
            lock.unlock()
        }

        var counts: (started: Int, running: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (started, running)
        }
    }

    func testNoCallbackStartsAfterDisposeReturnsWhileOtherThreadsPush() {
        for _ in 0..<(5 * Stress.scale) {
            let pipe = ValuePipe<Int>()
            let meter = CallbackMeter()
            let stop = StopFlag()
            let subscription = pipe.signal().start(next: { _ in
                meter.enter()
                usleep(50)
                meter.leave()
            })
            let pushers = DispatchGroup()
            for _ in 0..<2 {
                pushers.enter()
                Thread {
                    while !stop.isSet { pipe.putNext(1) }
                    pushers.leave()
                }.start()
            }
            XCTAssertTrue(Stress.wait { meter.counts.started > 10 }, "watchdog: the pushers never delivered")
            subscription.dispose()
            // Callbacks admitted before the subscription ended may still start and finish
            // (a pusher descheduled between the subscription's check and the callback)...
            usleep(10_000)
            XCTAssertTrue(Stress.wait { meter.counts.running == 0 }, "watchdog: an admitted callback never finished")
            let afterDispose = meter.counts.started
            // ...but while the pushers keep going, no new one starts.
            usleep(30_000)
            XCTAssertEqual(meter.counts.started, afterDispose, "a callback started after dispose() returned")
            stop.set()
            XCTAssertEqual(pushers.wait(timeout: .now() + 30), .success, "watchdog: a pusher hung")
        }
    }

    func testDisposeDoesNotWaitForACallbackRunningOnAnotherThread() {
        let pipe = ValuePipe<Int>()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let subscription = pipe.signal().start(next: { _ in
            entered.signal()
            _ = release.wait(timeout: .now() + 30)
        })
        Thread {
            pipe.putNext(1)
            finished.signal()
        }.start()
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success, "watchdog: the callback never started")
        // The callback is blocked on the other thread; dispose() returns regardless.
        subscription.dispose()
        XCTAssertEqual(finished.wait(timeout: .now() + 0.05), .timedOut, "the callback is still running after dispose() returned")
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "watchdog: the callback never finished")
    }

    func testAValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter() {
        let log = EventLog()
        let nextEntered = DispatchSemaphore(value: 0)
        let releaseNext = DispatchSemaphore(value: 0)
        let nextDone = DispatchSemaphore(value: 0)
        let box = SendableBox(Box<Subscriber<Int, NoError>>())
        let signal = Signal<Int, NoError> { subscriber in
            box.value.value = subscriber
            return EmptyDisposable
        }
        let subscription = signal.start(
            next: { value in
                log.add("next \(value) begins")
                if value == 1 {
                    nextEntered.signal()
                    _ = releaseNext.wait(timeout: .now() + 30)
                }
                log.add("next \(value) ends")
            },
            completed: {
                log.add("completed")
            })
        guard let subscriber = box.value.value else { return XCTFail("the generator ran") }
        let sender = SendableBox(subscriber)
        Thread {
            sender.value.putNext(1)
            nextDone.signal()
        }.start()
        XCTAssertEqual(nextEntered.wait(timeout: .now() + 30), .success, "watchdog: next never started")
        subscriber.putCompletion()  // runs while next 1 is still running on the other thread
        subscriber.putNext(2)  // after the terminal event: dropped
        releaseNext.signal()
        XCTAssertEqual(nextDone.wait(timeout: .now() + 30), .success, "watchdog: next never finished")
        XCTAssertEqual(log.events, ["next 1 begins", "completed", "next 1 ends"])
        subscription.dispose()
    }
}

/// A mutable reference for tests.
final class Box<Value>: @unchecked Sendable {
    var value: Value?
}

/// A flag set once, read from any thread.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    func set() {
        lock.lock()
        flag = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return flag
    }
}
