import SignalTestSupport
import XCTest

@testable import SignalSync

/// What the engine does for every case: the timer after an emission, and a downstream
/// that re-enters the engine. Each case's own behaviour is in its tests
/// (`DebounceEngineTests`, `ThrottleEngineTests`).
final class TimedHoldEngineTests: LeakCheckedTestCase {
    private func debounce(_ clock: VirtualClock, _ emit: @escaping (Int) -> Void) -> DebounceEngine<Int, String> {
        DebounceEngine(delay: 1, queue: clock.makeQueue(), emit: emit, fail: { _ in }, complete: {})
    }

    private func throttle(_ clock: VirtualClock, _ emit: @escaping (Int) -> Void) -> ThrottleEngine<Int, String> {
        ThrottleEngine(interval: 1, latest: true, queue: clock.makeQueue(), emit: emit, fail: { _ in }, complete: {})
    }

    func testAThrottlesEmissionArmsTheTimerAndADebouncesDoesNot() {
        let clock = VirtualClock()
        let log = EventLog()
        let debouncing = debounce(clock) { log.add("debounce \($0) at \(clock.now)") }
        debouncing.next(1)
        clock.advance(by: 1)
        XCTAssertEqual(clock.pendingCount, 0, "the emission ended the wait")
        let throttling = throttle(clock) { log.add("throttle \($0) at \(clock.now)") }
        throttling.next(2)
        XCTAssertEqual(clock.pendingCount, 1, "the emission opened an interval")
        throttling.dispose()
        debouncing.dispose()
        XCTAssertEqual(log.events, ["debounce 1 at 1.0", "throttle 2 at 1.0"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    /// A downstream that disposes the engine from inside an emission: no deadlock (the
    /// emission runs outside the lock), and no timer stays armed.
    private func checkADisposalFromDownstreamStopsEverything<Machine: TimedHoldMachine>(
        _ name: String, _ clock: VirtualClock, _ make: (@escaping (Int) -> Void) -> TimedHoldEngine<Machine, String>
    ) where Machine.Value == Int {
        let log = EventLog()
        let box = Atomic<TimedHoldEngine<Machine, String>?>(value: nil)
        _ = box.swap(
            make { value in
                log.add("next \(value)")
                box.with { $0 }?.dispose()
            })
        box.with { $0 }?.next(1)
        clock.advance(by: 1)
        box.with { $0 }?.next(2)
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["next 1"], name)
        XCTAssertEqual(clock.pendingCount, 0, name)
        _ = box.swap(nil)
    }

    func testADisposalFromDownstreamStopsEverythingInEveryCase() {
        let clock = VirtualClock()
        checkADisposalFromDownstreamStopsEverything("debounce", clock) { debounce(clock, $0) }
        checkADisposalFromDownstreamStopsEverything("throttle", clock) { throttle(clock, $0) }
    }
}
