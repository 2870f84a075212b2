import STypedSignal
import SignalTestSupport
import XCTest

final class SignalSingleTests: LeakCheckedTestCase {
    func testFreeFunctionConstructors() {
        let log = EventLog()
        log.record(single(1, TestError.self))
        log.record(fail(Int.self, TestError(2)))
        log.record(complete(Int.self, TestError.self))
        log.record(never(Int.self, TestError.self))
        XCTAssertEqual(log.events, ["next 1", "completed", "error E2", "completed"])
    }
}
