import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class LockedStateTests: LeakCheckedTestCase {
    final class Counter: @unchecked Sendable {
        let state = LockedState(0)
    }

    func testWithLockIsMutuallyExclusiveUnderContention() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                counter.state.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(counter.state.withLock { $0 }, 80_000)
    }

    func testWithLockReturnsTheBodysResult() {
        let state = LockedState([1, 2])
        let removed = state.withLock { $0.removeFirst() }
        XCTAssertEqual(removed, 1)
        XCTAssertEqual(state.withLock { $0 }, [2])
    }

    func testWithLockReleasesTheLockWhenTheBodyThrows() {
        struct Failure: Error {}
        let state = LockedState(0)
        XCTAssertThrowsError(
            try state.withLock { (value: inout Int) throws(Failure) in
                value = 5
                throw Failure()
            }
        ) { XCTAssertTrue($0 is Failure) }
        // Taken again: the throw released it; the change made before the throw stays.
        XCTAssertEqual(state.withLock { $0 }, 5)
    }

    func testStateWiderThanTheMutexAlignmentIsStoredIntact() {
        struct Wide {
            var a: Int8
            var b: SIMD4<Double>
            var c: String
        }
        let state = LockedState(Wide(a: 1, b: SIMD4(1, 2, 3, 4), c: "kept"))
        state.withLock { $0.b.w = 9 }
        let value = state.withLock { $0 }
        XCTAssertEqual(value.a, 1)
        XCTAssertEqual(value.b, SIMD4(1, 2, 3, 9))
        XCTAssertEqual(value.c, "kept")
    }

    func testTheStateIsReleasedWithTheLockedState() {
        final class Probe {}
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            weakProbe = probe
            let state = LockedState(Optional(probe))
            withExtendedLifetime(state) {}
        }
        XCTAssertNil(weakProbe)
    }
}
