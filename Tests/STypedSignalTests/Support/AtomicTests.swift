import STypedSignal
import SignalTestSupport
import XCTest

/// Atomic and Bag are the shared SignalSync types under their original names.
final class AtomicTests: LeakCheckedTestCase {
    func testAtomicAndBagAreTheSharedTypes() {
        let atomic = Atomic(value: 3)
        XCTAssertEqual(atomic.modify { $0 * 2 }, 6)
        let bag = Bag<Int>()
        XCTAssertEqual(bag.add(1), 0)
        XCTAssertEqual(bag.first?.1, 1)
    }
}
