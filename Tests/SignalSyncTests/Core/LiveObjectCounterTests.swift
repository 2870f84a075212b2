import SignalTestSupport
import XCTest

@testable import SignalSync

final class LiveObjectCounterTests: LeakCheckedTestCase {
    func testCountsIncrementsAndDecrements() {
        let counter = LiveObjectCounter()
        counter.increment()
        counter.increment()
        counter.decrement()
        XCTAssertEqual(counter.current, 1)
    }
}
