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

    func testRandomRemovalsKeepInsertionOrderAndKeysAgainstAModel() {
        var random = SeededRandom(seed: 5)
        let bag = Bag<Int>()
        var model: [(key: Int, value: Int)] = []
        for value in 0..<2_000 {
            model.append((bag.add(value), value))
            if random.below(3) == 0 {
                let index = random.below(model.count)
                bag.remove(model[index].key)
                model.remove(at: index)
            }
        }
        XCTAssertEqual(bag.copyItems(), model.map(\.value))
        XCTAssertEqual(bag.copyItemsWithIndices().map { $0.0 }, model.map(\.key))
        for index in Array(model.indices).shuffled(using: &random).prefix(model.count - 3) {
            bag.remove(model[index].key)
            model[index].key = -1
        }
        model.removeAll { $0.key == -1 }
        XCTAssertEqual(bag.copyItems(), model.map(\.value))
        XCTAssertEqual(bag.first?.0, model.first?.key)
        XCTAssertEqual(bag.count, 3)
        XCTAssertEqual(bag.add(-1), 2_000, "keys are never reused")
    }

    func testAnItemIsReleasedWhenRemovedAndRemoveAllReleasesInInsertionOrder() {
        let released = OrderTrace<Int>()
        let bag = Bag<DeinitProbe>()
        let keys = (0..<5).map { number in bag.add(DeinitProbe { released.append(number) }) }
        bag.remove(keys[3])
        XCTAssertEqual(released.all, [3], "released by remove")
        bag.remove(keys[1])
        bag.removeAll()
        XCTAssertEqual(released.all, [3, 1, 0, 2, 4])
    }
}
