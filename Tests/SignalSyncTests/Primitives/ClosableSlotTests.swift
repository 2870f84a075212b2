import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ClosableSlotTests: LeakCheckedTestCase {
    func testReplaceReturnsThePreviousItem() {
        let slot = ClosableSlot<Int>()
        XCTAssertNil(slot.replace(with: 1))
        XCTAssertEqual(slot.replace(with: 2), 1)
        XCTAssertEqual(slot.replace(with: nil), 2)
        XCTAssertNil(slot.replace(with: 3))
    }

    func testCloseReturnsTheItemOnceAndLaterItemsComeBackAtOnce() {
        let slot = ClosableSlot<Int>()
        _ = slot.replace(with: 1)
        XCTAssertFalse(slot.isClosed)
        XCTAssertEqual(slot.close(), 1)
        XCTAssertTrue(slot.isClosed)
        XCTAssertNil(slot.close(), "a second close has nothing to hand out")
        XCTAssertEqual(slot.replace(with: 5), 5, "a closed slot hands a new item straight back to be disposed")
    }

    func testConcurrentReplaceAndCloseHandEveryItemOutExactlyOnce() {
        let slot = ClosableSlot<Int>()
        let handedOut = LockedState([Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<1_000 {
                if let out = slot.replace(with: thread * 1_000 + value) {
                    handedOut.withLock { $0.append(out) }
                }
                if thread == 3 && value == 500, let out = slot.close() {
                    handedOut.withLock { $0.append(out) }
                }
            }
        }
        XCTAssertEqual(handedOut.withLock { $0 }.sorted(), Array(0..<4_000))
    }
}

final class ClosableListTests: LeakCheckedTestCase {
    func testCloseReturnsItemsInInsertionOrderOnce() {
        let list = ClosableList<Int>()
        XCTAssertNil(list.append(1))
        XCTAssertNil(list.append(2))
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(list.close(), [1, 2])
        XCTAssertEqual(list.close(), [])
        XCTAssertEqual(list.append(3), 3, "a closed list hands a new item straight back")
        XCTAssertEqual(list.count, 0)
    }

    func testRemoveTakesOutMatchingItems() {
        let list = ClosableList<Int>()
        for value in [1, 2, 1, 3] {
            _ = list.append(value)
        }
        XCTAssertEqual(list.remove(onlyFirst: true) { $0 == 1 }, [1])
        XCTAssertEqual(list.remove(onlyFirst: true) { $0 == 9 }, [])
        _ = list.append(1)
        XCTAssertEqual(list.remove(onlyFirst: false) { $0 == 1 }, [1, 1])
        XCTAssertEqual(list.removeLast(), 3)
        XCTAssertEqual(list.close(), [2])
        XCTAssertNil(list.removeLast(), "an empty list has no last item")
    }
}
