import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class PosixLockTests: LeakCheckedTestCase {
    final class Counter: @unchecked Sendable {
        let mutex = PosixLock()
        var value = 0
    }

    func testMutualExclusionUnderContention() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                counter.mutex.withLock { counter.value += 1 }
            }
        }
        XCTAssertEqual(counter.value, 80_000)
    }

    func testTryLockFailsWhileHeld() {
        let mutex = PosixLock()
        mutex.lock()
        XCTAssertFalse(mutex.tryLock())
        mutex.unlock()
        XCTAssertTrue(mutex.tryLock())
        mutex.unlock()
    }

    func testWithLockReleasesOnThrow() {
        struct Failure: Error {}
        let mutex = PosixLock()
        XCTAssertThrowsError(try mutex.withLock { throw Failure() })
        XCTAssertTrue(mutex.tryLock())
        mutex.unlock()
    }

    func testRecursiveMutexCanBeReentered() {
        let mutex = RecursivePosixLock()
        let value = mutex.withLock { mutex.withLock { 42 } }
        XCTAssertEqual(value, 42)
    }

    func testRecursiveMutexExcludesOtherThreads() {
        final class Shared: @unchecked Sendable {
            let mutex = RecursivePosixLock()
            var value = 0
        }
        let shared = Shared()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 {
                shared.mutex.withLock { shared.mutex.withLock { shared.value += 1 } }
            }
        }
        XCTAssertEqual(shared.value, 20_000)
    }
}

final class AtomicTests: LeakCheckedTestCase {
    func testWithModifySwap() {
        let atomic = Atomic(value: 1)
        XCTAssertEqual(atomic.with { $0 * 2 }, 2)
        XCTAssertEqual(atomic.modify { $0 + 1 }, 2)
        XCTAssertEqual(atomic.swap(10), 2)
        XCTAssertEqual(atomic.with { $0 }, 10)
    }

    func testTryWithThrowsWhenLocked() {
        let atomic = Atomic(value: 0)
        let result: Result<Int, Error> = atomic.with { _ in Result { try atomic.tryWith { $0 } } }
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual(error as? AtomicLockError, .isLocked)
        }
        XCTAssertEqual(try atomic.tryWith { $0 + 1 }, 1)
    }

    func testConcurrentModify() {
        let atomic = Atomic(value: 0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<5_000 { atomic.modify { $0 + 1 } }
        }
        XCTAssertEqual(atomic.with { $0 }, 40_000)
    }

    func testModifyReleasesOldValue() {
        final class Object {}
        weak var weakObject: Object?
        let atomic = Atomic<Object?>(value: nil)
        do {
            let object = Object()
            weakObject = object
            atomic.swap(object)
        }
        XCTAssertNotNil(weakObject)
        atomic.modify { _ in nil }
        XCTAssertNil(weakObject)
    }
}

final class BagTests: LeakCheckedTestCase {
    func testKeysIncreaseAndAreNeverReused() {
        let bag = Bag<String>()
        XCTAssertEqual(bag.add("a"), 0)
        XCTAssertEqual(bag.add("b"), 1)
        bag.removeAll()
        XCTAssertTrue(bag.isEmpty)
        XCTAssertEqual(bag.add("c"), 2)
    }

    func testInsertionOrderAndRemoval() {
        let bag = Bag<String>()
        let a = bag.add("a")
        let b = bag.add("b")
        bag.add("c")
        bag.remove(b)
        bag.remove(99)
        XCTAssertEqual(bag.copyItems(), ["a", "c"])
        XCTAssertEqual(bag.get(a), "a")
        XCTAssertNil(bag.get(b))
        XCTAssertEqual(bag.copyItemsWithIndices().map { $0.0 }, [0, 2])
        XCTAssertEqual(bag.first?.1, "a")
        XCTAssertEqual(bag.count, 2)
    }

    func testSnapshotIsIndependent() {
        let bag = Bag<Int>()
        bag.add(1)
        let snapshot = bag.copyItems()
        bag.add(2)
        XCTAssertEqual(snapshot, [1])
    }

    func testManyRemovalsKeepLookupCorrect() {
        let bag = Bag<Int>()
        let keys = (0..<100).map { bag.add($0) }
        for key in keys where key % 3 == 0 { bag.remove(key) }
        for key in keys {
            XCTAssertEqual(bag.get(key), key % 3 == 0 ? nil : key)
        }
    }
}
