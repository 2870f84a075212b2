import Foundation
import SUntypedSignal
import SignalTestSupport
import XCTest

/// The untyped twin of `ThreadContractTests` (README, "Threads"): no callback starts
/// after `dispose()` returns; a callback already admitted on another thread is not waited
/// for; no value is admitted after the terminal event began, but one admitted before it
/// may still be running.
final class SThreadContractTests: LeakCheckedTestCase {
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
            let pipe = SPipe()
            let meter = CallbackMeter()
            let stop = Counter()
            let subscription = pipe.signal().start(next: { _ in
                meter.enter()
                usleep(50)
                meter.leave()
            })
            let pushers = DispatchGroup()
            for _ in 0..<2 {
                pushers.enter()
                Thread {
                    while stop.value == 0 { pipe.putNext(1) }
                    pushers.leave()
                }.start()
            }
            XCTAssertTrue(Stress.wait { meter.counts.started > 10 }, "watchdog: the pushers never delivered")
            subscription.dispose()
            usleep(10_000)
            XCTAssertTrue(Stress.wait { meter.counts.running == 0 }, "watchdog: an admitted callback never finished")
            let afterDispose = meter.counts.started
            usleep(30_000)
            XCTAssertEqual(meter.counts.started, afterDispose, "a callback started after dispose() returned")
            stop.increment()
            XCTAssertEqual(pushers.wait(timeout: .now() + 30), .success, "watchdog: a pusher hung")
        }
    }

    func testDisposeDoesNotWaitForACallbackRunningOnAnotherThread() {
        let pipe = SPipe()
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
        subscription.dispose()
        XCTAssertEqual(finished.wait(timeout: .now() + 0.05), .timedOut, "the callback is still running after dispose() returned")
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "watchdog: the callback never finished")
    }

    func testAValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter() {
        let log = Recorder()
        let nextEntered = DispatchSemaphore(value: 0)
        let releaseNext = DispatchSemaphore(value: 0)
        let nextDone = DispatchSemaphore(value: 0)
        var captured: SSubscriber?
        let signal = SSignal { subscriber in
            captured = subscriber
            return nil
        }
        let subscription = signal.start(
            next: { value in
                let number = value as? Int ?? -1
                log.log("next \(number) begins")
                if number == 1 {
                    nextEntered.signal()
                    _ = releaseNext.wait(timeout: .now() + 30)
                }
                log.log("next \(number) ends")
            },
            completed: {
                log.log("completed")
            })
        guard let subscriber = captured else { return XCTFail("the generator ran") }
        let sender = UncheckedBox(subscriber)
        Thread {
            sender.value.putNext(1)
            nextDone.signal()
        }.start()
        XCTAssertEqual(nextEntered.wait(timeout: .now() + 30), .success, "watchdog: next never started")
        subscriber.putCompletion()
        subscriber.putNext(2)
        releaseNext.signal()
        XCTAssertEqual(nextDone.wait(timeout: .now() + 30), .success, "watchdog: next never finished")
        XCTAssertEqual(log.events, ["next 1 begins", "completed", "next 1 ends"])
        subscription.dispose()
    }
}
