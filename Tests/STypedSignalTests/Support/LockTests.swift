import STypedSignal
import SignalTestSupport
import XCTest

final class LockTests: LeakCheckedTestCase {
    func testLock() throws {
        struct Failure: Error {}
        let lock = Lock()
        var value = 0
        lock.locked { value += 1 }
        XCTAssertThrowsError(try lock.throwingLocked { throw Failure() })
        lock.locked { value += 1 }  // not left locked by the throw
        XCTAssertEqual(value, 2)
    }
}
