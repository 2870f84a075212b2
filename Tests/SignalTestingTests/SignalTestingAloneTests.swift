import SignalTesting
import XCTest

/// A test file that imports SignalTesting and nothing of the library besides: what a
/// user's test names (the virtual clock under the scheduler) resolves through it alone.
final class SignalTestingAloneTests: XCTestCase {
    func testVirtualClockIsNamedThroughSignalTestingAlone() {
        let clock = VirtualClock()
        let scheduler = SignalTestScheduler(clock: clock, tickDuration: 0.5)
        scheduler.advance(ticks: 4)
        XCTAssertEqual(scheduler.tick(at: 2), 4)
        XCTAssertTrue(scheduler.clock === clock)
    }
}
