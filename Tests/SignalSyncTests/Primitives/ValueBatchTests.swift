import SignalTestSupport
import XCTest

@testable import SignalSync

/// The first-in first-out storage of the unspecialized engines: order, growth,
/// compaction, moves between batches, and when values are released.
final class ValueBatchTests: XCTestCase {
    func testValuesKeepTheirOrderThroughGrowthAndMoves() {
        let batch = ValueBatch<Int>(capacity: 2)
        for value in 0..<100 { batch.append(value) }
        XCTAssertEqual(batch.elements, Array(0..<100))
        let other = ValueBatch<Int>(capacity: 1)
        batch.moveFirst(30, to: other)
        XCTAssertEqual(other.elements, Array(0..<30))
        XCTAssertEqual(batch.elements, Array(30..<100))
        batch.moveFirst(500, to: other)
        XCTAssertEqual(other.elements, Array(0..<100), "at most all of them move")
        XCTAssertTrue(batch.isEmpty)
        var visited: [Int] = []
        other.forEach { visited.append($0) }
        XCTAssertEqual(visited, Array(0..<100))
    }

    func testMovedOutSlotsAreReusedBeforeTheStorageGrows() {
        let batch = ValueBatch<Int>(capacity: 8)
        let sink = ValueBatch<Int>(capacity: 8)
        for round in 0..<1_000 {
            batch.append(round * 2)
            batch.append(round * 2 + 1)
            batch.moveFirst(1, to: sink)
            sink.removeAll()
            batch.moveFirst(1, to: sink)
            sink.removeAll()
        }
        XCTAssertTrue(batch.isEmpty)
        XCTAssertEqual(batch.room, 8, "a steady flow never grows the storage")
        for value in 0..<7 { batch.append(value) }
        batch.moveFirst(5, to: sink)
        for value in 7..<12 { batch.append(value) }  // compacts: 2 left + 5 new fit in 8
        XCTAssertEqual(batch.room, 8)
        XCTAssertEqual(batch.elements, Array(5..<12))
    }

    func testAnEmptyBatchHasNoStorageUntilItsFirstValue() {
        let batch = ValueBatch<Int>()
        XCTAssertEqual(batch.room, 0, "no storage while no value came")
        batch.removeAll()
        let other = ValueBatch<Int>()
        batch.moveFirst(3, to: other)
        XCTAssertEqual(other.room, 0, "moving nothing makes no room")
        batch.append(1)
        XCTAssertEqual(batch.room, 2, "the first value makes room for two")
        for value in 2...5 { batch.append(value) }
        XCTAssertEqual(batch.room, 8, "then the storage doubles")
        batch.moveFirst(2, to: other)
        XCTAssertEqual(other.elements, [1, 2])
        XCTAssertEqual(batch.elements, [3, 4, 5])
    }

    func testValuesAreReleasedByRemoveAllAndByTheBatchsEndAndNeverTwice() {
        let log = EventLog()
        let batch = ValueBatch<Probe>()
        batch.append(Probe("a", log))
        batch.append(Probe("b", log))
        batch.append(Probe("c", log))
        do {
            let other = ValueBatch<Probe>()
            batch.moveFirst(1, to: other)
            XCTAssertEqual(log.events, [], "moving releases nothing")
            batch.removeAll()
            XCTAssertEqual(log.events, ["b released", "c released"])
            withExtendedLifetime(other) {}
        }
        XCTAssertEqual(log.events, ["b released", "c released", "a released"], "a batch releases what it still holds")
        batch.removeAll()
        XCTAssertEqual(log.events.count, 3)
    }
}
