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

    func testWithLockIfAvailableSkipsTheBodyWhileHeld() {
        let mutex = PosixLock()
        var ran = false
        let nested: Int? = mutex.withLock {
            mutex.withLockIfAvailable {
                ran = true
                return 1
            }
        }
        XCTAssertNil(nested, "a plain lock is not available to its own holder")
        XCTAssertFalse(ran)
        XCTAssertEqual(mutex.withLockIfAvailable { 2 }, 2)
    }

    func testWithLockReleasesOnThrow() {
        struct Failure: Error {}
        let mutex = PosixLock()
        XCTAssertThrowsError(try mutex.withLock { throw Failure() })
        XCTAssertEqual(mutex.withLockIfAvailable { 1 }, 1)
    }

    func testRecursiveMutexCanBeReentered() {
        let mutex = PosixLock(recursive: true)
        let value = mutex.withLock { mutex.withLock { 42 } }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(mutex.withLock { mutex.withLockIfAvailable { 7 } }, 7, "the holder may take it again")
    }

    func testRecursiveMutexExcludesOtherThreads() {
        final class Shared: @unchecked Sendable {
            let mutex = PosixLock(recursive: true)
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
