import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

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
