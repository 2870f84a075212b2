import STypedSignal
import SignalTestSupport
import XCTest

final class CounterBagTests: LeakCheckedTestCase {
    func testCounterBag() {
        let bag = CounterBag()
        XCTAssertEqual(bag.add(), 1)
        XCTAssertEqual(bag.add(), 2)
        bag.remove(1)
        XCTAssertFalse(bag.isEmpty)
        bag.remove(2)
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.add(), 3)
    }
}
