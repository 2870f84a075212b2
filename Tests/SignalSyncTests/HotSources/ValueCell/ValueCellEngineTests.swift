import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ValueCellEngineTests: LeakCheckedTestCase {
    func testReplaysTheCurrentValueThenEveryLaterOne() throws {
        let cell = ValueCellEngine<Int>(1)
        let log = EventLog()
        let key = try XCTUnwrap(cell.hub.add { log.add("a \($0)") })
        cell.set(2)
        _ = cell.hub.add { log.add("b \($0)") }
        cell.hub.remove(key)
        cell.set(3)
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "b 3"])
    }

    func testClearStopsTheReplayWithoutTellingSubscribers() {
        let cell = ValueCellEngine<Int>(1)
        let log = EventLog()
        _ = cell.hub.add { log.add("a \($0)") }
        cell.clear()
        _ = cell.hub.add { log.add("b \($0)") }
        XCTAssertEqual(log.events, ["a 1"])
    }

    func testASetFromInsideASubscriberReachesEveryoneFirst() {
        let cell = ValueCellEngine<Int>(nil)
        let log = EventLog()
        _ = cell.hub.add { value in
            log.add("a \(value)")
            if value == 1 { cell.set(2) }
        }
        _ = cell.hub.add { log.add("b \($0)") }
        cell.set(1)
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "b 1"], "immediate re-entrancy, as in the originals")
    }

    func testUnlessEqualComparesOutsideTheLock() {
        let cell = ValueCellEngine<Int>(1)
        let log = EventLog()
        _ = cell.hub.add { log.add("a \($0)") }
        cell.set(1) { current, new in
            cell.clear()  // re-entering the cell from the comparison does not dead-lock
            return current == new
        }
        cell.set(2) { $0 == $1 }
        XCTAssertEqual(log.events, ["a 1", "a 2"])
    }

    func testReplaceSourceStartsTheNewSourceBeforeDisposingTheOldAndDisposeClosesTheSlot() {
        let cell = ValueCellEngine<Int>(nil)
        let log = EventLog()
        cell.replaceSource {
            log.add("start old")
            return CountingDisposable("old", log: log)
        }
        cell.replaceSource {
            log.add("start new")
            return CountingDisposable("new", log: log)
        }
        cell.disposeSource()
        cell.replaceSource { CountingDisposable("late", log: log) }
        XCTAssertEqual(log.events, ["start old", "start new", "old.dispose", "old released", "new.dispose", "new released", "late.dispose", "late released"])
    }

    func testReplaceSourceWithAValueSetsItThenDisposesThePreviousSourceAndLeavesTheSlotEmpty() {
        let cell = ValueCellEngine<Int>(1)
        let log = EventLog()
        _ = cell.hub.add { log.add("a \($0)") }
        cell.replaceSource { CountingDisposable("old", log: log) }
        cell.replaceSource(withValue: 2)
        _ = cell.hub.add { log.add("b \($0)") }
        cell.replaceSource { CountingDisposable("new", log: log) }
        cell.disposeSource()
        cell.replaceSource(withValue: 3)
        XCTAssertEqual(
            log.events, ["a 1", "a 2", "old.dispose", "old released", "b 2", "new.dispose", "new released", "a 3", "b 3"],
            "the slot closed: the value is still set, as a source started late would set it")
    }

    func testReplaceSourceWithAValueFromInsideASubscriber() {
        let cell = ValueCellEngine<Int>(nil)
        let log = EventLog()
        _ = cell.hub.add { value in
            log.add("a \(value)")
            if value == 1 {
                cell.replaceSource(withValue: 2)
            }
        }
        _ = cell.hub.add { log.add("b \($0)") }
        cell.replaceSource { CountingDisposable("old", log: log) }
        cell.replaceSource(withValue: 1)
        _ = cell.hub.add { log.add("c \($0)") }
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "old.dispose", "old released", "b 1", "c 2"])
    }
}
