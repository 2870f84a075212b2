import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class TimerTests: LeakCheckedTestCase {
    private var clock = VirtualClock()
    private var queue = Queue(virtualClock: VirtualClock())

    override func setUp() {
        super.setUp()
        clock = VirtualClock()
        queue = Queue(virtualClock: clock, name: "timer")
    }

    /// A log entry per fire: `fire@<time>[ on queue]`.
    private func recorder(_ log: EventLog) -> @Sendable () -> Void {
        { [clock, queue] in log.add("fire@\(clock.now)\(queue.isCurrent() ? " on queue" : "")") }
    }

    func testOneShotFiresOnceAfterTimeoutOnTheQueue() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 2, repeat: false, completion: recorder(log), queue: queue)
        timer.start()
        clock.advance(to: 1.999)
        XCTAssertEqual(log.events, [])
        clock.advance(to: 2)
        XCTAssertEqual(log.events, ["fire@2.0 on queue"])
        clock.advance(by: 10)
        XCTAssertEqual(log.events, ["fire@2.0 on queue"])
        XCTAssertEqual(clock.pendingCount, 0)
        withExtendedLifetime(timer) {}
    }

    func testNothingFiresBeforeStart() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1, repeat: true, completion: recorder(log), queue: queue)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(clock.pendingCount, 0)
        withExtendedLifetime(timer) {}
    }

    func testRepeatingFiresEveryTimeout() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1.5, repeat: true, completion: recorder(log), queue: queue)
        timer.start()
        clock.advance(to: 4.5)
        XCTAssertEqual(log.events, ["fire@1.5 on queue", "fire@3.0 on queue", "fire@4.5 on queue"])
        timer.invalidate()
        clock.advance(by: 10)
        XCTAssertEqual(log.events.count, 3)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testCompletionReceivesTheTimerAndCanInvalidateIt() {
        let fires = Atomic(value: 0)
        let received = Atomic<STypedSignal.Timer?>(value: nil)
        let timer = STypedSignal.Timer(
            timeout: 1, repeat: true,
            completion: { (timer: STypedSignal.Timer) in
                let count = fires.modify { $0 + 1 }
                received.swap(timer)
                if count == 2 { timer.invalidate() }
            }, queue: queue)
        timer.start()
        clock.advance(by: 10)
        XCTAssertEqual(fires.with { $0 }, 2)
        XCTAssertTrue(received.with { $0 } === timer)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testInvalidateBeforeFiringPreventsTheFire() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: recorder(log), queue: queue)
        timer.start()
        clock.advance(by: 0.5)
        timer.invalidate()
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
    }

    func testInvalidateIsIdempotentAndSafeBeforeStart() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: recorder(log), queue: queue)
        timer.invalidate()
        timer.invalidate()
        timer.start()
        timer.invalidate()
        timer.invalidate()
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
    }

    func testInvalidateFromAnotherThread() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1, repeat: true, completion: recorder(log), queue: queue)
        timer.start()
        let done = expectation(description: "invalidated")
        Thread.detachNewThread {
            timer.invalidate()
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
    }

    func testRestartAfterFiring() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: recorder(log), queue: queue)
        timer.start()
        clock.advance(by: 1)
        clock.advance(by: 2)
        timer.start()
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["fire@1.0 on queue", "fire@4.0 on queue"])
    }

    func testRestartAfterInvalidate() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: recorder(log), queue: queue)
        timer.start()
        timer.invalidate()
        clock.advance(by: 2)
        timer.start()
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["fire@3.0 on queue"])
    }

    func testStartingTwiceReArmsFromTheSecondStart() {
        let log = EventLog()
        let timer = STypedSignal.Timer(timeout: 2, repeat: false, completion: recorder(log), queue: queue)
        timer.start()
        clock.advance(by: 1)
        timer.start()
        XCTAssertEqual(clock.pendingCount, 1)
        clock.advance(by: 10)
        XCTAssertEqual(log.events, ["fire@3.0 on queue"])
        withExtendedLifetime(timer) {}
    }

    func testRestartFromInsideItsOwnCompletion() {
        let fires = Atomic<[Double]>(value: [])
        let clock = self.clock
        let timer = STypedSignal.Timer(
            timeout: 1, repeat: false,
            completion: { (timer: STypedSignal.Timer) in
                let count = fires.modify { $0 + [clock.now] }.count
                if count < 3 { timer.start() }
            }, queue: queue)
        timer.start()
        clock.advance(by: 10)
        XCTAssertEqual(fires.with { $0 }, [1, 2, 3])
    }

    func testUnretainedTimerNeverFires() {
        let log = EventLog()
        weak var weakTimer: STypedSignal.Timer?
        do {
            let timer = STypedSignal.Timer(timeout: 1, repeat: true, completion: recorder(log), queue: queue)
            weakTimer = timer
            timer.start()
        }
        XCTAssertNil(weakTimer)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testTimerReleasesItsCompletionWhenDeallocated() {
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: { withExtendedLifetime(object) {} }, queue: queue)
            timer.start()
        }
        XCTAssertNil(weakObject)
    }

    func testNegativeAndNaNTimeoutsFireOnNextQueueTurnNeverInline() {
        for timeout in [-1.0, Double.nan, 0] {
            let log = EventLog()
            let timer = STypedSignal.Timer(timeout: timeout, repeat: false, completion: recorder(log), queue: queue)
            timer.start()
            XCTAssertEqual(log.events, [], "timeout \(timeout)")
            clock.run()
            XCTAssertEqual(log.events.count, 1, "timeout \(timeout)")
            withExtendedLifetime(timer) {}
        }
    }

    func testRepeatingPeriodBelowOneMillisecondIsRaised() {
        let fires = Atomic(value: 0)
        let timer = STypedSignal.Timer(timeout: 0, repeat: true, completion: { fires.modify { $0 + 1 } }, queue: queue)
        timer.start()
        clock.run()
        XCTAssertEqual(fires.with { $0 }, 1)
        clock.advance(by: 0.0105)
        XCTAssertEqual(fires.with { $0 }, 11)
        timer.invalidate()
    }
}
