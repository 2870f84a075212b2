import STypedSignal
import SignalTestSupport
import XCTest

final class SparseBagTests: LeakCheckedTestCase {
    func testSparseBag() {
        let bag = SparseBag<String>()
        let a = bag.add("a")
        let b = bag.add("b")
        XCTAssertEqual([a, b], [0, 1])
        bag.remove(a)
        XCTAssertEqual(Array(bag), ["b"])
        XCTAssertEqual(bag.get(b), "b")
        XCTAssertNil(bag.get(a))
        bag.removeAll()
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.add("c"), 2)
    }
}
