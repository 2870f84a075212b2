import SUntypedSignal
import SignalTestSupport
import XCTest

final class SThreadPoolTaskTests: LeakCheckedTestCase {
    func testExecuteRunsTheBlockOnTheCallingThread() {
        var ran = false
        let task = SThreadPoolTask { isCancelled in
            XCTAssertFalse(isCancelled())
            ran = true
        }
        task.execute()
        XCTAssertTrue(ran)
    }

    func testCancelledTaskDoesNotRun() {
        var ran = false
        let task = SThreadPoolTask { _ in ran = true }
        task.cancel()
        XCTAssertTrue(task.isCancelled)
        task.execute()
        XCTAssertFalse(ran)
    }

    func testProbeReportsLiveCancellation() {
        var seen: [Bool] = []
        var task: SThreadPoolTask?
        task = SThreadPoolTask { isCancelled in
            seen.append(isCancelled())
            task?.cancel()
            seen.append(isCancelled())
        }
        task?.execute()
        XCTAssertEqual(seen, [false, true])
        task = nil
    }
}
