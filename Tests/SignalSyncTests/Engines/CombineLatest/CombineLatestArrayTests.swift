import SignalTestSupport
import XCTest

@testable import SignalSync

/// The storage of a typed `combineLatest` of an array: values gathered until every source
/// has one, then written into the delivered array in place, copied only while it is held.
final class CombineLatestArrayTests: LeakCheckedTestCase {
    /// An object whose release the tests watch.
    final class Probe {
        let name: String
        init(_ name: String) { self.name = name }
    }

    func testHoldsValuesUntilEverySourceHasOneThenCombinesThemInIndexOrder() {
        let storage = CombineLatestArray<[Int]>(count: 3)
        var value = 3
        storage.exchange(&value, at: 2)
        XCTAssertEqual(value, 3, "a first value leaves a copy of itself to release")
        value = 1
        storage.exchange(&value, at: 0)
        value = 10
        storage.exchange(&value, at: 0)
        XCTAssertEqual(value, 1, "a replaced value is handed back")
        value = 2
        storage.exchange(&value, at: 1)
        XCTAssertEqual(storage.combined, [10, 2, 3])
    }

    func testWritesInPlaceWhileNobodyHoldsTheArrayAndCopiesAHeldOne() {
        let storage = CombineLatestArray<[Int]>(count: 2)
        var value = 1
        storage.exchange(&value, at: 0)
        value = 2
        storage.exchange(&value, at: 1)
        let address = storage.combined.withUnsafeBufferPointer { $0.baseAddress }
        value = 3
        storage.exchange(&value, at: 0)
        XCTAssertEqual(value, 1)
        XCTAssertEqual(storage.combined.withUnsafeBufferPointer { $0.baseAddress }, address, "written in place, no copy")
        let held = storage.combined
        value = 4
        storage.exchange(&value, at: 1)
        XCTAssertEqual(held, [3, 2], "an array handed out never changes")
        XCTAssertEqual(storage.combined, [3, 4])
        XCTAssertNotEqual(storage.combined.withUnsafeBufferPointer { $0.baseAddress }, address, "the held array was copied")
    }

    /// A collection with no contiguous storage, which takes the subscript path.
    struct Scattered: RangeReplaceableCollection, MutableCollection {
        var storage: [Int] = []
        init() {}
        var startIndex: Int { storage.startIndex }
        var endIndex: Int { storage.endIndex }
        func index(after index: Int) -> Int { index + 1 }
        subscript(position: Int) -> Int {
            get { storage[position] }
            set { storage[position] = newValue }
        }
        mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Int {
            storage.replaceSubrange(subrange, with: newElements)
        }
    }

    func testACollectionWithoutContiguousStorageIsWrittenThroughItsSubscript() {
        let storage = CombineLatestArray<Scattered>(count: 2)
        var value = 1
        storage.exchange(&value, at: 0)
        value = 2
        storage.exchange(&value, at: 1)
        value = 3
        storage.exchange(&value, at: 1)
        XCTAssertEqual(value, 2)
        XCTAssertEqual(storage.combined.storage, [1, 3])
    }

    func testReleasesItsValuesWhetherOrNotEverySourceHadOne() {
        var released: [String] = []
        do {
            let partial = CombineLatestArray<[DeinitProbe]>(count: 3)
            var value = DeinitProbe { released.append("a") }
            partial.exchange(&value, at: 0)
            value = DeinitProbe { released.append("c") }
            partial.exchange(&value, at: 2)
            value = DeinitProbe { released.append("unused") }
        }
        XCTAssertEqual(released.sorted(), ["a", "c", "unused"])
        released = []
        do {
            let full = CombineLatestArray<[DeinitProbe]>(count: 2)
            var value = DeinitProbe { released.append("a") }
            full.exchange(&value, at: 0)
            value = DeinitProbe { released.append("b") }
            full.exchange(&value, at: 1)
            value = DeinitProbe { released.append("a2") }
            full.exchange(&value, at: 0)
            XCTAssertEqual(released, [], "the replaced value is handed back, not released under the lock")
            value = DeinitProbe { released.append("unused") }
            XCTAssertEqual(released, ["a"])
        }
        XCTAssertEqual(released.sorted(), ["a", "a2", "b", "unused"])
    }
}
