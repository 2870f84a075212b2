import STypedSignal
import SignalTestSupport
import XCTest

final class WeakTests: LeakCheckedTestCase {
    func testWeak() {
        var object: Tracked? = Tracked()
        let weak = Weak(object!)
        XCTAssertNotNil(weak.value)
        object = nil
        XCTAssertNil(weak.value)
    }
}
