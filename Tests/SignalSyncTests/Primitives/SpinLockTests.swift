import Foundation
import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

final class SpinLockTests: LeakCheckedTestCase {
    /// A counter guarded by a spin lock on a flag in a heap block of its own.
    final class Counter: @unchecked Sendable {
        // Safety: `value` is guarded by `lock`; `flag` lives from `init` to `deinit`, at a
        // stable address, as `SpinLockView` requires.
        let flag: UnsafeMutablePointer<signalsync_atomic_bool> = {
            let flag = UnsafeMutablePointer<signalsync_atomic_bool>.allocate(capacity: 1)
            flag.initialize(to: signalsync_atomic_bool(value: false))
            return flag
        }()
        var lock: SpinLockView { SpinLockView(AtomicBoolView(flag)) }
        var value = 0
        deinit { flag.deallocate() }
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
