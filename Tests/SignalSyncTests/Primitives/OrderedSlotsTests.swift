import SignalTestSupport
import XCTest

@testable import SignalSync

final class OrderedSlotsTests: LeakCheckedTestCase {
    /// Checks everything `slots` tells against `model` (keys and values in insertion order).
    private func check(_ slots: OrderedSlots<Int>, _ model: [(key: Int, value: Int)], line: UInt = #line) {
        XCTAssertEqual(slots.count, model.count, line: line)
        XCTAssertEqual(slots.isEmpty, model.isEmpty, line: line)
        XCTAssertEqual(slots.values, model.map(\.value), "insertion order", line: line)
        XCTAssertEqual(slots.keyedValues.map(\.key), model.map(\.key), line: line)
        XCTAssertEqual(slots.first?.key, model.first?.key, line: line)
        XCTAssertEqual(slots.first?.element, model.first?.value, line: line)
        var visited: [Int] = []
        slots.forEach { _, value in visited.append(value) }
        XCTAssertEqual(visited, model.map(\.value), line: line)
        for entry in model {
            XCTAssertEqual(slots[entry.key], entry.value, line: line)
        }
    }

    func testAddsAndRandomRemovalsKeepInsertionOrderAndKeysAgainstAModel() {
        var random = SeededRandom(seed: 7)
        var slots = OrderedSlots<Int>()
        var model: [(key: Int, value: Int)] = []
        var lastKey = -1
        var removedKeys: [Int] = []
        for round in 0..<6_000 {
            // Phases of mostly adding and mostly removing, so the slots fill, compact and empty.
            let adding = (round / 1_000) % 2 == 0 ? random.below(4) != 0 : random.below(4) == 0
            if adding || model.isEmpty {
                let key = slots.append(round)
                XCTAssertGreaterThan(key, lastKey, "keys increase")
                lastKey = key
                model.append((key, round))
            } else {
                let index = random.below(model.count)
                XCTAssertEqual(slots.remove(model[index].key), model[index].value)
                removedKeys.append(model[index].key)
                model.remove(at: index)
            }
            if round % 101 == 0 {
                check(slots, model)
            }
        }
        check(slots, model)
        for key in removedKeys.suffix(200) {
            XCTAssertNil(slots[key], "a removed key finds nothing")
            XCTAssertNil(slots.remove(key), "nor removes anything")
        }
        for index in Array(model.indices).shuffled(using: &random) {
            XCTAssertEqual(slots.remove(model[index].key), model[index].value)
        }
        check(slots, [])
        XCTAssertEqual(slots.slots.count, 0, "emptied, no tombstone is left")
        XCTAssertEqual(slots.head, 0)
        XCTAssertEqual(slots.append(-1), lastKey + 1, "a key is never reused, not even once empty")
    }

    func testRemoveLastTakesTheNewestElementLeftAndFirstTheOldest() {
        var slots = OrderedSlots<String>()
        let keys = ["a", "b", "c", "d", "e"].map { slots.append($0) }
        slots.remove(keys[4])
        slots.remove(keys[0])
        XCTAssertEqual(slots.first?.element, "b")
        XCTAssertEqual(slots.removeLast()?.element, "d")
        XCTAssertEqual(slots.removeLast()?.key, keys[2])
        XCTAssertEqual(slots.values, ["b"])
        XCTAssertEqual(slots.removeLast()?.element, "b")
        XCTAssertNil(slots.removeLast())
        XCTAssertNil(slots.first)
    }

    func testRemoveAllTakesEverythingInOrderAndKeysGoOn() {
        var slots = OrderedSlots<String>(firstKey: 10)
        XCTAssertEqual(slots.append("a"), 10)
        let b = slots.append("b")
        slots.append("c")
        slots.remove(b)
        XCTAssertEqual(slots.removeAll(), ["a", "c"])
        XCTAssertTrue(slots.isEmpty)
        XCTAssertEqual(slots.append("d"), 13)
    }

    func testUpdatesChangeElementsInPlace() {
        var slots = OrderedSlots<Int>()
        let keys = (0..<40).map { slots.append($0) }
        for key in keys where key % 2 == 0 {
            slots.remove(key)
        }
        slots.updateEach { key, value in value = key * 10 }
        XCTAssertEqual(slots.values, keys.filter { $0 % 2 == 1 }.map { $0 * 10 })
        XCTAssertEqual(
            slots.update(keys[3]) { value -> Int in
                value += 1
                return value
            }, 31)
        XCTAssertNil(slots.update(keys[2]) { _ in XCTFail("no element under a removed key") })
    }

    func testASlotKeepsItsElementAtItsOwnAddress() {
        // `move(from:)` reads and writes the element at the slot's address.
        XCTAssertEqual(MemoryLayout<OrderedSlots<Int>.Slot>.offset(of: \.element), 0)
        XCTAssertEqual(MemoryLayout<OrderedSlots<any AnyObject & Sendable>.Slot>.offset(of: \.element), 0)
        XCTAssertEqual(MemoryLayout<OrderedSlots<(Int8, String)>.Slot>.offset(of: \.element), 0)
    }

    func testARemovedElementIsReleasedByTheCallerAndCompactionReleasesNothing() {
        let released = OrderTrace<Int>()
        var random = SeededRandom(seed: 3)
        var slots = OrderedSlots<DeinitProbe>()
        let keys = (0..<300).map { number in slots.append(DeinitProbe { released.append(number) }) }
        let order = Array(0..<300).shuffled(using: &random).prefix(250)
        for number in order {
            let removed = slots.remove(keys[number])
            XCTAssertNotNil(removed)
            XCTAssertFalse(released.all.contains(number), "held by the caller until it drops it")
            withExtendedLifetime(removed) {}
        }
        XCTAssertEqual(released.all, Array(order), "released as the caller dropped them, compactions included")
        released.clear()
        _ = slots.removeAll()
        XCTAssertEqual(released.all, Array(0..<300).filter { !order.contains($0) }, "the rest in insertion order")
    }
}
