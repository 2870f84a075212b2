import Foundation
import SignalTestSupport
import XCTest

@testable import SUntypedSignal

/// The equality `ignoreRepeated` uses (see `untypedValuesEqual`).
final class SValueEqualityTests: LeakCheckedTestCase {
    private struct Point: Equatable {
        let x: Int
    }

    private struct Opaque {
        let x: Int
    }

    private final class Reference {}

    private final class Value: Hashable {
        let id: Int
        init(_ id: Int) { self.id = id }
        static func == (lhs: Value, rhs: Value) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    func testNilEqualsOnlyNil() {
        XCTAssertTrue(untypedValuesEqual(nil, nil))
        XCTAssertFalse(untypedValuesEqual(nil, 0))
        XCTAssertFalse(untypedValuesEqual("", nil))
    }

    func testBoxedNilOptionalCountsAsNil() {
        let none: Int? = nil
        let boxed: Any = none as Any
        XCTAssertTrue(untypedValuesEqual(boxed, nil))
        XCTAssertTrue(isNilValue(boxed))
        let some: Int? = 3
        XCTAssertTrue(untypedValuesEqual(some as Any, 3))
    }

    func testHashableValuesCompareAsAnyHashable() {
        XCTAssertTrue(untypedValuesEqual(1, 1))
        XCTAssertFalse(untypedValuesEqual(1, 2))
        XCTAssertTrue(untypedValuesEqual("a", "a"))
        XCTAssertFalse(untypedValuesEqual(1, "1"))
        XCTAssertTrue(untypedValuesEqual(1, 1.0), "AnyHashable compares numbers by value")
        XCTAssertFalse(untypedValuesEqual(1, 1.5))
        XCTAssertTrue(untypedValuesEqual([1, 2], [1, 2]))
        XCTAssertTrue(untypedValuesEqual(Value(1), Value(1)), "Hashable classes use ==, not identity")
    }

    func testNSObjectsUseIsEqual() {
        XCTAssertTrue(untypedValuesEqual(NSString(string: "x"), NSString(string: "x")))
        XCTAssertTrue(untypedValuesEqual(NSNumber(value: 2), NSNumber(value: 2)))
    }

    func testEquatableNonHashableValues() {
        XCTAssertTrue(untypedValuesEqual(Point(x: 1), Point(x: 1)))
        XCTAssertFalse(untypedValuesEqual(Point(x: 1), Point(x: 2)))
        XCTAssertFalse(untypedValuesEqual(Point(x: 1), 1))
    }

    func testOtherClassesCompareByIdentity() {
        let object = Reference()
        XCTAssertTrue(untypedValuesEqual(object, object))
        XCTAssertFalse(untypedValuesEqual(object, Reference()))
    }

    func testNonEquatableValuesAreNeverEqual() {
        XCTAssertFalse(untypedValuesEqual(Opaque(x: 1), Opaque(x: 1)))
        let closure: () -> Void = {}
        XCTAssertFalse(untypedValuesEqual(closure, closure))
        XCTAssertFalse(untypedValuesEqual((1, 2), (1, 2)))
    }
}
