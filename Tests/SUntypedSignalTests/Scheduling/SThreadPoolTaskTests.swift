import SUntypedSignal
import SignalTestSupport
import XCTest

final class SThreadPoolTaskTests: LeakCheckedTestCase {
    func testExecuteRunsTheBlockOnTheCallingThread() {
        let ran = Cell(false)
        let task = SThreadPoolTask { isCancelled in
            XCTAssertFalse(isCancelled())
            ran.value = true
        }
        task.execute()
        XCTAssertTrue(ran.value)
    }

    func testCancelledTaskDoesNotRun() {
        let ran = Cell(false)
        let task = SThreadPoolTask { _ in ran.value = true }
        task.cancel()
        XCTAssertTrue(task.isCancelled)
        task.execute()
        XCTAssertFalse(ran.value)
    }

    func testProbeReportsLiveCancellation() {
        let seen = Cell<[Bool]>([])
        let task = Cell<SThreadPoolTask?>(nil)
        task.value = SThreadPoolTask { isCancelled in
            seen.value.append(isCancelled())
            task.value?.cancel()
            seen.value.append(isCancelled())
        }
        task.value?.execute()
        XCTAssertEqual(seen.value, [false, true])
        task.value = nil
    }
}
