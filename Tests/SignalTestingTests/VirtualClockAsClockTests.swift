import STypedSignal
import SignalSync
import SignalTestSupport
import SignalTesting
import XCTest

/// `VirtualClock` as a Swift `Clock`: tasks sleep in the same virtual time as signals.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class VirtualClockAsClockTests: LeakCheckedTestCase {
    func testInstantsCountFromTheClocksZero() {
        let clock = VirtualClock()
        clock.advance(by: 1.5)
        XCTAssertEqual(clock.currentInstant, VirtualClock.Instant(seconds: 1.5))
        XCTAssertEqual(clock.currentInstant.duration(to: clock.currentInstant.advanced(by: .seconds(2))), .seconds(2))
        XCTAssertEqual(clock.minimumResolution, .zero)
        XCTAssertEqual(clock.now, 1.5)
    }

    func testASleepEndsWhenTheClockReachesItsDeadline() async throws {
        let clock = VirtualClock()
        let task = Task { try await clock.sleep(until: VirtualClock.Instant(seconds: 2)) }
        while clock.pendingCount == 0 { await Task.yield() }
        clock.advance(by: 1.9)
        XCTAssertEqual(clock.pendingCount, 1)
        clock.advance(by: 0.1)
        try await task.value
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testCancellingASleepThrowsAndLeavesNothingScheduled() async {
        let clock = VirtualClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        while clock.pendingCount == 0 { await Task.yield() }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testASleepWithAPastDeadlineReturnsAtOnce() async throws {
        let clock = VirtualClock(now: 10)
        try await clock.sleep(until: VirtualClock.Instant(seconds: 3))
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testCodeGenericOverClockRunsOnTheVirtualClock() async throws {
        func waitTwice(on clock: some Clock<Duration>) async throws -> Int {
            try await clock.sleep(for: .seconds(1))
            try await clock.sleep(for: .seconds(1))
            return 2
        }
        let clock = VirtualClock()
        let task = Task { try await waitTwice(on: clock) }
        var advanced = 0
        while advanced < 2 {
            if clock.pendingCount > 0 {
                await clock.advance(by: .seconds(1))
                advanced += 1
            } else {
                await Task.yield()
            }
        }
        let value = try await task.value
        XCTAssertEqual(value, 2)
        XCTAssertEqual(clock.currentInstant, VirtualClock.Instant(seconds: 2))
    }
}
