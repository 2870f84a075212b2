import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SBagTests: LeakCheckedTestCase {
    func testKeysIncreaseFromZeroAndAreNeverReused() {
        let bag = SBag()
        XCTAssertEqual(bag.addItem("a"), 0)
        XCTAssertEqual(bag.addItem("b"), 1)
        bag.removeItem(1)
        XCTAssertEqual(bag.addItem("c"), 2)
    }

    func testAddNilReturnsMinusOneAndAddsNothing() {
        let bag = SBag()
        XCTAssertEqual(bag.addItem(nil), -1)
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.addItem(1), 0, "a nil add consumes no key")
    }

    func testRemoveUnknownKeyIsNoOp() {
        let bag = SBag()
        bag.addItem(1)
        bag.removeItem(42)
        bag.removeItem(-1)
        XCTAssertEqual(bag.copyItems().count, 1)
    }

    func testEnumerationAndCopyFollowInsertionOrder() {
        let bag = SBag()
        let keyA = bag.addItem("a")
        bag.addItem("b")
        bag.addItem("c")
        bag.removeItem(keyA)
        bag.addItem("d")
        var seen: [String] = []
        bag.enumerateItems { seen.append($0 as! String) }
        XCTAssertEqual(seen, ["b", "c", "d"])
        XCTAssertEqual(bag.copyItems().map { $0 as! String }, ["b", "c", "d"])
    }

    func testCopyIsASnapshotAndEnumerationMayMutate() {
        let bag = SBag()
        bag.addItem(1)
        let snapshot = bag.copyItems()
        bag.addItem(2)
        XCTAssertEqual(snapshot.count, 1)
        var visited = 0
        bag.enumerateItems { _ in
            visited += 1
            bag.addItem(99)
        }
        XCTAssertEqual(visited, 2)
        XCTAssertEqual(bag.copyItems().count, 4)
    }

    func testIsEmpty() {
        let bag = SBag()
        XCTAssertTrue(bag.isEmpty)
        let key = bag.addItem(1)
        XCTAssertFalse(bag.isEmpty)
        bag.removeItem(key)
        XCTAssertTrue(bag.isEmpty)
    }
}

final class SBagOrderTests: LeakCheckedTestCase {
    func testRandomRemovalsKeepInsertionOrder() {
        var random = SeededRandom(seed: 29)
        let bag = SBag()
        let keys = (0..<1_000).map { bag.addItem($0) }
        let removed = Set(Array(0..<1_000).shuffled(using: &random).prefix(900))
        for number in Array(removed).shuffled(using: &random) {
            bag.removeItem(keys[number])
        }
        XCTAssertEqual(bag.copyItems().map { $0 as! Int }, Array(0..<1_000).filter { !removed.contains($0) })
        var enumerated: [Int] = []
        bag.enumerateItems { enumerated.append($0 as! Int) }
        XCTAssertEqual(enumerated, Array(0..<1_000).filter { !removed.contains($0) })
        XCTAssertEqual(bag.addItem(0), 1_000, "keys are never reused")
    }

    func testAnItemIsReleasedWhenRemoved() {
        let released = OrderTrace<Int>()
        let bag = SBag()
        let keys = (0..<3).map { number in bag.addItem(DeinitProbe { released.append(number) }) }
        bag.removeItem(keys[1])
        XCTAssertEqual(released.all, [1])
        bag.removeItem(keys[0])
        bag.removeItem(keys[2])
        XCTAssertEqual(released.all, [1, 0, 2])
        XCTAssertTrue(bag.isEmpty)
    }
}
