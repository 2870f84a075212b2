import XCTest

@testable import SignalSync

final class IdentityIndexTests: XCTestCase {
    private final class Member {}

    func testAnEmptyIndexFindsNothingAndRemovingWhatIsNotThereDoesNothing() {
        var index = IdentityIndex()
        let member = Member()
        XCTAssertNil(index[ObjectIdentifier(member)])
        index[ObjectIdentifier(member)] = nil
        XCTAssertEqual(index.count, 0)
    }

    func testStoresReplacesAndRemovesByIdentity() {
        var index = IdentityIndex()
        let (a, b) = (Member(), Member())
        index[ObjectIdentifier(a)] = 1
        index[ObjectIdentifier(b)] = 2
        index[ObjectIdentifier(a)] = 3
        XCTAssertEqual(index[ObjectIdentifier(a)], 3, "a second store replaces")
        XCTAssertEqual(index[ObjectIdentifier(b)], 2)
        XCTAssertEqual(index.count, 2)
        index[ObjectIdentifier(a)] = nil
        XCTAssertNil(index[ObjectIdentifier(a)])
        XCTAssertEqual(index[ObjectIdentifier(b)], 2)
        XCTAssertEqual(index.count, 1)
        index.removeAll()
        XCTAssertNil(index[ObjectIdentifier(b)])
        XCTAssertEqual(index.count, 0)
    }

    /// Many members, stored and removed in a shuffled order, checked against a dictionary
    /// after every step: collisions, runs that wrap around the table and the shifts that
    /// close a hole are all exercised on the way.
    func testAgreesWithADictionaryThroughGrowthAndRemovalsInAnyOrder() {
        var generator = SystemRandomNumberGenerator()
        let members = (0..<3_000).map { _ in Member() }
        var index = IdentityIndex()
        var model: [ObjectIdentifier: Int] = [:]
        for (value, member) in members.enumerated() {
            index[ObjectIdentifier(member)] = value
            model[ObjectIdentifier(member)] = value
        }
        XCTAssertEqual(index.count, model.count)
        for (position, member) in members.shuffled(using: &generator).enumerated() {
            index[ObjectIdentifier(member)] = nil
            model[ObjectIdentifier(member)] = nil
            if position % 97 == 0 {
                for other in members {
                    XCTAssertEqual(index[ObjectIdentifier(other)], model[ObjectIdentifier(other)])
                }
            }
        }
        XCTAssertEqual(index.count, 0)
        for member in members {
            XCTAssertNil(index[ObjectIdentifier(member)])
        }
    }
}
