import SignalTestSupport
import XCTest

@testable import SignalSync

final class LiveObjectCounterTests: LeakCheckedTestCase {
    func testCountsIncrementsAndDecrements() {
        let counter = LiveObjectCounter()
        counter.increment()
        counter.increment()
        counter.decrement()
        XCTAssertEqual(counter.current, 1)
    }

    /// The count is reached through `_getUnsafePointerToStoredProperties`, assuming it is
    /// the first stored property: the address Swift gives the property must be that one,
    /// and the count must read back through the property.
    func testTheCountIsTheFirstStoredProperty() {
        let counter = LiveObjectCounter()
        let propertyAddress = withUnsafeMutablePointer(to: &counter.storage) { UnsafeMutableRawPointer($0) }
        XCTAssertEqual(propertyAddress, _getUnsafePointerToStoredProperties(counter))
        counter.increment()
        XCTAssertEqual(counter.storage.value, 1)
    }
}
