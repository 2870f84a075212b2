import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class SpinLockTests: LeakCheckedTestCase {
    final class Counter: @unchecked Sendable {
        // Safety: `value` is guarded by `lock`.
        let lock = SpinLock()
        var value = 0
    }

    func testMutualExclusionUnderContention() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 {
                counter.lock.withLock { counter.value += 1 }
            }
        }
        XCTAssertEqual(counter.value, 80_000)
    }

    func testWithLockReleasesWhenTheBodyThrows() {
        struct Failure: Error {}
        let counter = Counter()
        XCTAssertThrowsError(try counter.lock.withLock { throw Failure() })
        // Would spin forever if the throw had left it taken.
        counter.lock.withLock { counter.value = 1 }
        XCTAssertEqual(counter.value, 1)
    }

    func testAWaiterProceedsOnceTheHolderUnlocks() {
        let counter = Counter()
        let entered = DispatchSemaphore(value: 0)
        counter.lock.withLock {
            DispatchQueue.global().async {
                counter.lock.withLock { counter.value += 1 }
                entered.signal()
            }
            XCTAssertEqual(entered.wait(timeout: .now() + 0.05), .timedOut, "the waiter must not enter while the lock is held")
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(counter.lock.withLock { counter.value }, 1)
    }
}
