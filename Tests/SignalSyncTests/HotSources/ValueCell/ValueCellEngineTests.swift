import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ValueCellEngineTests: LeakCheckedTestCase {
    final class Source: UpstreamDisposable {
        let name: String
        let log: EventLog

        init(_ name: String, _ log: EventLog) {
            self.name = name
            self.log = log
        }

        func dispose() { log.add("dispose \(name)") }
    }

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
            return Source("old", log)
        }
        cell.replaceSource {
            log.add("start new")
            return Source("new", log)
        }
        cell.disposeSource()
        cell.replaceSource { Source("late", log) }
        XCTAssertEqual(log.events, ["start old", "start new", "dispose old", "dispose new", "dispose late"])
    }

    func testReplaceSourceWithAValueSetsItThenDisposesThePreviousSourceAndLeavesTheSlotEmpty() {
        let cell = ValueCellEngine<Int>(1)
        let log = EventLog()
        _ = cell.hub.add { log.add("a \($0)") }
        cell.replaceSource { Source("old", log) }
        cell.replaceSource(withValue: 2)
        _ = cell.hub.add { log.add("b \($0)") }
        cell.replaceSource { Source("new", log) }
        cell.disposeSource()
        cell.replaceSource(withValue: 3)
        XCTAssertEqual(
            log.events, ["a 1", "a 2", "dispose old", "b 2", "dispose new", "a 3", "b 3"],
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
        cell.replaceSource { Source("old", log) }
        cell.replaceSource(withValue: 1)
        _ = cell.hub.add { log.add("c \($0)") }
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "dispose old", "b 1", "c 2"])
    }
}
