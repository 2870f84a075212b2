import Foundation
import SignalSync
import XCTest

/// The thread contract of the "Threads and the main queue" article (STypedSignal's DocC), shown with real threads and a
/// watchdog, written once for both APIs: no callback starts after `dispose()` returns; a
/// callback already admitted on another thread is not waited for; no value is admitted
/// after the terminal event began, but one admitted before it may still be running.
public enum ThreadContractDriver {
    /// Counts callbacks that started, and those running right now.
    final class CallbackMeter: @unchecked Sendable {
        // Safety: both counts are guarded by `lock`.
        private let lock = NSLock()
        private var started = 0
        private var running = 0

        func enter() {
            lock.withLock {
                started += 1
                running += 1
            }
        }

        func leave() {
            lock.withLock { running -= 1 }
        }

        var counts: (started: Int, running: Int) {
            lock.withLock { (started, running) }
        }
    }

    /// Two threads push into a pipe without pause while the test disposes its subscription:
    /// callbacks admitted before may still finish, but none starts afterwards.
    public static func noCallbackStartsAfterDisposeReturnsWhileOtherThreadsPush<A: SignalAPIAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        for _ in 0..<(5 * Stress.scale) {
            let pipe = A.makePipe()
            let meter = CallbackMeter()
            let stop = DriverCounter()
            let dispose = A.start(
                A.signal(of: pipe),
                next: { _ in
                    meter.enter()
                    usleep(50)
                    meter.leave()
                })
            let pushers = DispatchGroup()
            for _ in 0..<2 {
                pushers.enter()
                Thread {
                    while stop.value == 0 { A.push(1, into: pipe) }
                    pushers.leave()
                }.start()
            }
            XCTAssertTrue(Stress.wait { meter.counts.started > 10 }, "watchdog: the pushers never delivered", file: file, line: line)
            dispose()
            // Callbacks admitted before the subscription ended may still start and finish
            // (a pusher descheduled between the subscription's check and the callback)...
            usleep(10_000)
            XCTAssertTrue(Stress.wait { meter.counts.running == 0 }, "watchdog: an admitted callback never finished", file: file, line: line)
            let afterDispose = meter.counts.started
            // ...but while the pushers keep going, no new one starts.
            usleep(30_000)
            XCTAssertEqual(meter.counts.started, afterDispose, "a callback started after dispose() returned", file: file, line: line)
            stop.increment()
            XCTAssertEqual(pushers.wait(timeout: .now() + 30), .success, "watchdog: a pusher hung", file: file, line: line)
        }
    }

    /// A callback blocked on another thread: `dispose()` returns without waiting for it.
    public static func disposeDoesNotWaitForACallbackRunningOnAnotherThread<A: SignalAPIAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let pipe = A.makePipe()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let dispose = A.start(
            A.signal(of: pipe),
            next: { _ in
                entered.signal()
                _ = release.wait(timeout: .now() + 30)
            })
        Thread {
            A.push(1, into: pipe)
            finished.signal()
        }.start()
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success, "watchdog: the callback never started", file: file, line: line)
        // The callback is blocked on the other thread; dispose() returns regardless.
        dispose()
        XCTAssertEqual(
            finished.wait(timeout: .now() + 0.05), .timedOut, "the callback is still running after dispose() returned", file: file, line: line)
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "watchdog: the callback never finished", file: file, line: line)
    }

    /// A value still running on another thread when the completion is sent: the completion
    /// runs meanwhile, the value's callback ends after it, and a later value is dropped.
    public static func aValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter<A: SignalAPIAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let log = EventLog()
        let nextEntered = DispatchSemaphore(value: 0)
        let releaseNext = DispatchSemaphore(value: 0)
        let nextDone = DispatchSemaphore(value: 0)
        let captured = Atomic<A.Subscriber?>(value: nil)
        let signal = A.signal { subscriber in
            captured.swap(subscriber)
            return nil
        }
        let dispose = A.start(
            signal,
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
        guard let subscriber = captured.with({ $0 }) else { return XCTFail("the generator ran", file: file, line: line) }
        Thread {
            A.putNext(1, to: subscriber)
            nextDone.signal()
        }.start()
        XCTAssertEqual(nextEntered.wait(timeout: .now() + 30), .success, "watchdog: next never started", file: file, line: line)
        A.putCompletion(to: subscriber)  // runs while next 1 is still running on the other thread
        A.putNext(2, to: subscriber)  // after the terminal event: dropped
        releaseNext.signal()
        XCTAssertEqual(nextDone.wait(timeout: .now() + 30), .success, "watchdog: next never finished", file: file, line: line)
        XCTAssertEqual(log.events, ["next 1 begins", "completed", "next 1 ends"], file: file, line: line)
        dispose()
    }
}
