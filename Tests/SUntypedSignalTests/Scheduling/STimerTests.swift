import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class STimerTests: LeakCheckedTestCase {
    func testNothingHappensBeforeStart() {
        let clock = VirtualClock()
        let fired = Cell(0)
        let timer = STimer(timeout: 1, repeat: false, completion: { fired.value += 1 }, queue: virtualQueue(clock))
        clock.advance(by: 5)
        XCTAssertEqual(fired.value, 0)
        XCTAssertFalse(timer.isArmed)
    }

    func testOneShotFiresOnceAfterTimeoutOnTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let fires = Cell<[Double]>([])
        let onQueue = Cell(false)
        let timer = STimer(
            timeout: 1, repeat: false,
            completion: {
                fires.value.append(clock.now)
                onQueue.value = queue.isCurrentQueue()
            }, queue: queue)
        timer.start()
        XCTAssertTrue(timer.isArmed)
        clock.advance(by: 0.9)
        XCTAssertEqual(fires.value, [])
        clock.advance(by: 5)
        XCTAssertEqual(fires.value, [1.0])
        XCTAssertTrue(onQueue.value)
        XCTAssertFalse(timer.isArmed, "a one-shot timer invalidates itself")
    }

    func testRepeatingFiresEveryTimeout() {
        let clock = VirtualClock()
        let fires = Cell<[Double]>([])
        let timer = STimer(timeout: 0.5, repeat: true, completion: { fires.value.append(clock.now) }, queue: virtualQueue(clock))
        timer.start()
        clock.advance(by: 2)
        XCTAssertEqual(fires.value, [0.5, 1.0, 1.5, 2.0])
        timer.invalidate()
        clock.advance(by: 2)
        XCTAssertEqual(fires.value.count, 4)
        XCTAssertTrue(timer.repeats)
        XCTAssertEqual(timer.timeout, 0.5)
    }

    func testInvalidateBeforeFireAndIdempotence() {
        let clock = VirtualClock()
        let fired = Cell(0)
        let timer = STimer(timeout: 1, repeat: false, completion: { fired.value += 1 }, queue: virtualQueue(clock))
        timer.invalidate()
        timer.start()
        timer.invalidate()
        timer.invalidate()
        clock.advance(by: 2)
        XCTAssertEqual(fired.value, 0)
    }

    func testRestartAfterInvalidateAndAfterFire() {
        let clock = VirtualClock()
        let fires = Cell<[Double]>([])
        let timer = STimer(timeout: 1, repeat: false, completion: { fires.value.append(clock.now) }, queue: virtualQueue(clock))
        timer.start()
        clock.advance(by: 0.5)
        timer.invalidate()
        timer.start()
        clock.advance(by: 1)
        XCTAssertEqual(fires.value, [1.5])
        timer.start()
        clock.advance(by: 1)
        XCTAssertEqual(fires.value, [1.5, 2.5])
    }

    func testStartingTwiceReArmsFromTheSecondStart() {
        let clock = VirtualClock()
        let fires = Cell<[Double]>([])
        let timer = STimer(timeout: 1, repeat: false, completion: { fires.value.append(clock.now) }, queue: virtualQueue(clock))
        timer.start()
        clock.advance(by: 0.5)
        timer.start()
        clock.advance(by: 3)
        XCTAssertEqual(fires.value, [1.5], "the first arming is cancelled, not left running")
    }

    func testFireAndInvalidateRunsOnCallerThreadNow() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let fires = Cell(0)
        let onQueue = Cell(true)
        let timer = STimer(
            timeout: 1, repeat: true,
            completion: {
                fires.value += 1
                onQueue.value = queue.isCurrentQueue()
            }, queue: queue)
        timer.start()
        timer.fireAndInvalidate()
        XCTAssertEqual(fires.value, 1)
        XCTAssertFalse(onQueue.value)
        clock.advance(by: 5)
        XCTAssertEqual(fires.value, 1)
    }

    func testNegativeAndNaNTimeoutsFireOnNextTurn() {
        let clock = VirtualClock()
        let fired = Cell(0)
        let negative = STimer(timeout: -3, repeat: false, completion: { fired.value += 1 }, queue: virtualQueue(clock))
        let nan = STimer(timeout: .nan, repeat: false, completion: { fired.value += 1 }, queue: virtualQueue(clock))
        negative.start()
        nan.start()
        XCTAssertEqual(fired.value, 0, "never inline")
        clock.run()
        XCTAssertEqual(fired.value, 2)
    }

    func testArmedTimerKeepsItselfAliveUntilInvalidated() {
        let clock = VirtualClock()
        let fires = Cell(0)
        weak var weakTimer: STimer?
        do {
            let timer = STimer(timeout: 1, repeat: true, completion: { fires.value += 1 }, queue: virtualQueue(clock))
            weakTimer = timer
            timer.start()
        }
        XCTAssertNotNil(weakTimer)
        clock.advance(by: 2)
        XCTAssertEqual(fires.value, 2)
        weakTimer?.invalidate()
        XCTAssertNil(weakTimer, "invalidation releases the self-reference")
        clock.advance(by: 2)
        XCTAssertEqual(fires.value, 2)
    }

    func testUnstartedTimerIsReleased() {
        weak var weakObject: Tracked?
        weak var weakTimer: STimer?
        do {
            let object = Tracked()
            weakObject = object
            let timer = STimer(timeout: 1, repeat: false, completion: { _ = object }, queue: SQueue())
            weakTimer = timer
        }
        XCTAssertNil(weakTimer)
        XCTAssertNil(weakObject)
    }

    func testInvalidateFromInsideCompletion() {
        let clock = VirtualClock()
        let fires = Cell(0)
        let timer = Cell<STimer?>(nil)
        timer.value = STimer(
            timeout: 1, repeat: true,
            completion: {
                fires.value += 1
                timer.value?.invalidate()
            }, queue: virtualQueue(clock))
        timer.value?.start()
        clock.advance(by: 5)
        XCTAssertEqual(fires.value, 1)
        timer.value = nil
    }

    func testNativeQueueTimerFiresOnThatQueue() {
        let native = DispatchQueue(label: "timer-native")
        let fired = DispatchSemaphore(value: 0)
        let timer = STimer(
            timeout: 0, repeat: false,
            completion: {
                dispatchPrecondition(condition: .onQueue(native))
                fired.signal()
            }, nativeQueue: native)
        timer.start()
        XCTAssertEqual(fired.wait(timeout: .now() + 10), .success)
    }
}
