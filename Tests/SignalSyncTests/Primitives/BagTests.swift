import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class BagTests: LeakCheckedTestCase {
    func testKeysIncreaseAndAreNeverReused() {
        let bag = Bag<String>()
        XCTAssertEqual(bag.add("a"), 0)
        XCTAssertEqual(bag.add("b"), 1)
        bag.removeAll()
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.add("c"), 2)
    }

    func testInsertionOrderAndRemoval() {
        let bag = Bag<String>()
        let a = bag.add("a")
        let b = bag.add("b")
        bag.add("c")
        bag.remove(b)
        bag.remove(99)
        XCTAssertEqual(bag.copyItems(), ["a", "c"])
        XCTAssertEqual(bag.get(a), "a")
        XCTAssertNil(bag.get(b))
        XCTAssertEqual(bag.copyItemsWithIndices().map { $0.0 }, [0, 2])
        XCTAssertEqual(bag.first?.1, "a")
        XCTAssertEqual(bag.count, 2)
    }

    func testSnapshotIsIndependent() {
        let bag = Bag<Int>()
        bag.add(1)
        let snapshot = bag.copyItems()
        bag.add(2)
        XCTAssertEqual(snapshot, [1])
    }

    func testManyRemovalsKeepLookupCorrect() {
        let bag = Bag<Int>()
        let keys = (0..<100).map { bag.add($0) }
        for key in keys where key % 3 == 0 { bag.remove(key) }
        for key in keys {
            XCTAssertEqual(bag.get(key), key % 3 == 0 ? nil : key)
        }
    }
}
