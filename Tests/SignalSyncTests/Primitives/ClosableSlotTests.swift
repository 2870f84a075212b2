import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// A disposable known by its number: the items of these tests.
private final class Numbered: UpstreamDisposable, @unchecked Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
    func dispose() {}
}

/// The number of `item`, or nil.
private func number(_ item: (any UpstreamDisposable)?) -> Int? {
    (item as? Numbered)?.number
}

final class ClosableSlotTests: LeakCheckedTestCase {
    func testReplaceReturnsThePreviousItem() {
        let slot = ClosableSlot()
        XCTAssertNil(slot.replace(with: Numbered(1)))
        XCTAssertEqual(number(slot.replace(with: Numbered(2))), 1)
        XCTAssertEqual(number(slot.replace(with: nil)), 2)
        XCTAssertNil(slot.replace(with: Numbered(3)))
    }

    func testCloseReturnsTheItemOnceAndLaterItemsComeBackAtOnce() {
        let slot = ClosableSlot()
        _ = slot.replace(with: Numbered(1))
        XCTAssertFalse(slot.isClosed)
        XCTAssertEqual(number(slot.close()), 1)
        XCTAssertTrue(slot.isClosed)
        XCTAssertNil(slot.close(), "a second close has nothing to hand out")
        XCTAssertEqual(number(slot.replace(with: Numbered(5))), 5, "a closed slot hands a new item straight back to be disposed")
    }

    func testConcurrentReplaceAndCloseHandEveryItemOutExactlyOnce() {
        let slot = ClosableSlot()
        let handedOut = LockedState([Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<1_000 {
                if let out = number(slot.replace(with: Numbered(thread * 1_000 + value))) {
                    handedOut.withLock { $0.append(out) }
                }
                if thread == 3 && value == 500, let out = number(slot.close()) {
                    handedOut.withLock { $0.append(out) }
                }
            }
        }
        XCTAssertEqual(handedOut.withLock { $0 }.sorted(), Array(0..<4_000))
    }
}

final class ClosableListTests: LeakCheckedTestCase {
    private func numbers(_ items: [ClosableList.Item]) -> [Int] {
        items.compactMap(number)
    }

    func testCloseReturnsItemsInInsertionOrderOnce() {
        let list = ClosableList()
        XCTAssertNil(list.append(Numbered(1)))
        XCTAssertNil(list.append(Numbered(2)))
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(numbers(list.close()), [1, 2])
        XCTAssertEqual(numbers(list.close()), [])
        let late = Numbered(3)
        XCTAssertTrue(list.append(late) === late, "a closed list hands a new item straight back")
        XCTAssertEqual(list.count, 0)
    }

    func testRemoveTakesOutMatchingItems() {
        let list = ClosableList()
        let one = Numbered(1)
        for item in [one, Numbered(2), one, Numbered(3)] {
            _ = list.append(item)
        }
        XCTAssertEqual(numbers(list.remove(onlyFirst: true) { $0 === one }), [1])
        XCTAssertEqual(numbers(list.remove(onlyFirst: true) { ($0 as! Numbered).number == 9 }), [])
        _ = list.append(one)
        XCTAssertEqual(numbers(list.remove(onlyFirst: false) { $0 === one }), [1, 1])
        XCTAssertEqual(number(list.removeLast()), 3)
        XCTAssertEqual(numbers(list.close()), [2])
        XCTAssertNil(list.removeLast(), "an empty list has no last item")
    }
}
