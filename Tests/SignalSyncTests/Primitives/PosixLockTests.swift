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
