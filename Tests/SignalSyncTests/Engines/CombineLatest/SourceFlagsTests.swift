import SignalTestSupport
import XCTest

@testable import SignalSync

/// The flags of a `combineLatest`'s sources: a word for the first 64, an array beyond.
final class SourceFlagsTests: LeakCheckedTestCase {
    func testEachFlagIsSetAndClearedOnItsOwnOnBothSidesOfTheWord() {
        for count in [1, 2, 63, 64, 65, 130] {
            for seeded in Set([0, 1, count / 2, count - 1, count]) {
                var flags = SourceFlags(count: count, setBelow: seeded)
                var expected = (0..<count).map { $0 < seeded }
                XCTAssertEqual((0..<count).map { flags[$0] }, expected, "count \(count), seeded \(seeded)")
                for index in stride(from: 0, to: count, by: 3) {
                    flags[index].toggle()
                    expected[index].toggle()
                }
                XCTAssertEqual((0..<count).map { flags[$0] }, expected, "count \(count), seeded \(seeded), toggled")
            }
        }
    }

    func testUpToSixtyFourSourcesAllocateNothing() {
        XCTAssertTrue(SourceFlags(count: 64, setBelow: 64).beyond.isEmpty)
        XCTAssertEqual(SourceFlags(count: 65, setBelow: 65).beyond, [true])
    }
}
