import STypedSignal
import SignalTestSupport
import XCTest

final class SyncTypesTests: LeakCheckedTestCase {
    func testAtomicAndBagAreTheSharedTypes() {
        let atomic = Atomic(value: 3)
        XCTAssertEqual(atomic.modify { $0 * 2 }, 6)
        let bag = Bag<Int>()
        XCTAssertEqual(bag.add(1), 0)
        XCTAssertEqual(bag.first?.1, 1)
    }

    func testWeak() {
        var object: Tracked? = Tracked()
        let weak = Weak(object!)
        XCTAssertNotNil(weak.value)
        object = nil
        XCTAssertNil(weak.value)
    }

    func testSparseBag() {
        let bag = SparseBag<String>()
        let a = bag.add("a")
        let b = bag.add("b")
        XCTAssertEqual([a, b], [0, 1])
        bag.remove(a)
        XCTAssertEqual(Array(bag), ["b"])
        XCTAssertEqual(bag.get(b), "b")
        XCTAssertNil(bag.get(a))
        bag.removeAll()
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.add("c"), 2)
    }

    func testCounterBag() {
        let bag = CounterBag()
        XCTAssertEqual(bag.add(), 1)
        XCTAssertEqual(bag.add(), 2)
        bag.remove(1)
        XCTAssertFalse(bag.isEmpty)
        bag.remove(2)
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.add(), 3)
    }

    func testLock() throws {
        struct Failure: Error {}
        let lock = Lock()
        var value = 0
        lock.locked { value += 1 }
        XCTAssertThrowsError(try lock.throwingLocked { throw Failure() })
        lock.locked { value += 1 }  // not left locked by the throw
        XCTAssertEqual(value, 2)
    }
}
