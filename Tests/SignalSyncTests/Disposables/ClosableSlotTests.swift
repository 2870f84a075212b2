import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// A disposable known by its number (its name): the items of these tests.
private func numbered(_ number: Int) -> CountingDisposable {
    CountingDisposable("\(number)")
}

/// The number of `item`, or nil.
private func number(_ item: (any UpstreamDisposable)?) -> Int? {
    (item as? CountingDisposable).flatMap { Int($0.name) }
}

final class ClosableSlotTests: LeakCheckedTestCase {
    func testReplaceReturnsThePreviousItem() {
        let slot = ClosableSlot()
        XCTAssertNil(slot.replace(with: numbered(1)))
        XCTAssertEqual(number(slot.replace(with: numbered(2))), 1)
        XCTAssertEqual(number(slot.replace(with: nil)), 2)
        XCTAssertNil(slot.replace(with: numbered(3)))
    }

    func testCloseReturnsTheItemOnceAndLaterItemsComeBackAtOnce() {
        let slot = ClosableSlot()
        _ = slot.replace(with: numbered(1))
        XCTAssertFalse(slot.isClosed)
        XCTAssertEqual(number(slot.close()), 1)
        XCTAssertTrue(slot.isClosed)
        XCTAssertNil(slot.close(), "a second close has nothing to hand out")
        XCTAssertEqual(number(slot.replace(with: numbered(5))), 5, "a closed slot hands a new item straight back to be disposed")
    }

    func testConcurrentReplaceAndCloseHandEveryItemOutExactlyOnce() {
        let slot = ClosableSlot()
        let handedOut = LockedState([Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<1_000 {
                if let out = number(slot.replace(with: numbered(thread * 1_000 + value))) {
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
        XCTAssertNil(list.append(numbered(1)))
        XCTAssertNil(list.append(numbered(2)))
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(numbers(list.close()), [1, 2])
        XCTAssertEqual(numbers(list.close()), [])
        let late = numbered(3)
        XCTAssertTrue(list.append(late) === late, "a closed list hands a new item straight back")
        XCTAssertEqual(list.count, 0)
    }

    func testRemoveTakesOutMatchingItems() {
        let list = ClosableList()
        let one = numbered(1)
        for item in [one, numbered(2), one, numbered(3)] {
            _ = list.append(item)
        }
        XCTAssertEqual(numbers(list.remove(identicalTo: one, onlyFirst: true).items), [1])
        XCTAssertEqual(numbers(list.remove(identicalTo: numbered(9), onlyFirst: true).items), [])
        _ = list.append(one)
        XCTAssertEqual(numbers(list.remove(identicalTo: one, onlyFirst: false).items), [1, 1])
        XCTAssertEqual(number(list.removeLast()), 3)
        XCTAssertEqual(numbers(list.close()), [2])
        XCTAssertNil(list.removeLast(), "an empty list has no last item")
    }

    func testRandomRemovalsByIdentityKeepInsertionOrderAgainstAModel() {
        var random = SeededRandom(seed: 11)
        let list = ClosableList()
        var objects: [CountingDisposable] = []
        var model: [CountingDisposable] = []
        for round in 0..<3_000 {
            // Mostly new objects, sometimes one already held again (a duplicate).
            if model.isEmpty || random.below(3) != 0 {
                let object = objects.isEmpty || random.below(5) != 0 ? numbered(round) : objects[random.below(objects.count)]
                objects.append(object)
                XCTAssertNil(list.append(object))
                model.append(object)
            } else if random.below(8) == 0 {
                XCTAssertTrue(list.removeLast() === model.removeLast(), "removeLast takes the newest")
            } else {
                let object = model[random.below(model.count)]
                let onlyFirst = random.below(2) == 0
                let expected = onlyFirst ? [object] : model.filter { $0 === object }
                let removed = list.remove(identicalTo: object, onlyFirst: onlyFirst).items
                XCTAssertEqual(removed.count, expected.count)
                XCTAssertTrue(removed.allSatisfy { $0 === object })
                if onlyFirst {
                    model.remove(at: model.firstIndex { $0 === object }!)
                } else {
                    model.removeAll { $0 === object }
                }
            }
            XCTAssertEqual(list.count, model.count)
        }
        let closed = list.close()
        XCTAssertEqual(closed.count, model.count)
        XCTAssertTrue(zip(closed, model).allSatisfy { $0 === $1 }, "close returns insertion order, duplicates in place")
    }

    func testDuplicatesLeaveOneByOneOldestFirstAndRemoveLastTakesTheNewestCopy() {
        let list = ClosableList()
        let one = numbered(1)
        for item in [one, numbered(2), one, numbered(3), one] {
            _ = list.append(item)
        }
        XCTAssertEqual(numbers(list.remove(identicalTo: one, onlyFirst: true).items), [1])
        XCTAssertEqual(number(list.removeLast()), 1, "the newest copy")
        XCTAssertEqual(numbers(list.close()), [2, 1, 3], "the middle copy stays in its place")
        XCTAssertEqual(numbers(list.remove(identicalTo: one, onlyFirst: false).items), [], "a closed list holds nothing")
    }

    func testRemovedItemsAreReleasedByTheCallerAfterTheListLetsGo() {
        let released = OrderTrace<Int>()
        let list = ClosableList()
        var items: [CountingDisposable]? = (0..<4).map { number in CountingDisposable(onRelease: { released.append(number) }) }
        for item in items! {
            _ = list.append(item)
        }
        var removed: [ClosableList.Item]? = list.remove(identicalTo: items![1], onlyFirst: true).items
        items = nil
        XCTAssertEqual(released.all, [], "the caller holds what it took out")
        XCTAssertEqual(removed?.count, 1)
        removed = nil
        XCTAssertEqual(released.all, [1])
        _ = list.close()
        XCTAssertEqual(released.all, [1, 0, 2, 3], "the rest in insertion order when the caller drops them")
    }
}
