import SUntypedSignal
import SignalTestSupport
import XCTest

final class SSignalTypeErrorTests: LeakCheckedTestCase {
    func testDescriptionNamesExpectedAndActual() {
        let error = SSignalTypeError(expected: "SSignal", actual: "Int")
        XCTAssertEqual(error.description, "expected SSignal, got Int")
        XCTAssertEqual("\(error)", "expected SSignal, got Int")
    }

    func testValueInitializerUsesTheDynamicType() {
        XCTAssertEqual(SSignalTypeError(expected: "SSignal", value: 5).actual, "Int")
        XCTAssertEqual(SSignalTypeError(expected: "SSignal", value: "x").actual, "String")
        XCTAssertEqual(SSignalTypeError(expected: "SSignal", value: nil).actual, "nil")
        let nilInt: Int? = nil
        let boxed: Any = nilInt as Any
        XCTAssertEqual(SSignalTypeError(expected: "SSignal", value: boxed).actual, "nil")
        XCTAssertEqual(SSignalTypeError(expected: "SSignal", value: Tracked()).actual, "Tracked")
    }

    func testEquatableAndThrowable() {
        XCTAssertEqual(SSignalTypeError(expected: "A", actual: "B"), SSignalTypeError(expected: "A", actual: "B"))
        XCTAssertNotEqual(SSignalTypeError(expected: "A", actual: "B"), SSignalTypeError(expected: "A", actual: "C"))
        let error: Error = SSignalTypeError(expected: "A", actual: "B")
        XCTAssertTrue(error is SSignalTypeError)
    }
}
