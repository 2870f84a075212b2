import Foundation
import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

/// Runs `body` here, or on a fresh stack when this thread's is close to its end: what the
/// library's guard points do.
private func withRoom<Result>(_ body: () -> Result) -> Result {
    StackGuard.isLow ? StackGuard.onFreshStack(body) : body()
}

/// The calling thread's stack, as the system reports it.
private func stackOfThisThread() -> ClosedRange<UInt> {
    var low: UInt = 0
    var size = 0
    precondition(signalsync_current_stack_bounds(&low, &size) != 0)
    return low...(low + UInt(size))
}

/// The low end of the fresh stack the caller runs on: its floor less the reserve.
private func lowEndOfThisFreshStack() -> UInt {
    signalsync_get_stack_floor() - UInt(StackGuard.reserve(ofStackOf: StackGuard.freshStackSize))
}

final class StackGuardTests: LeakCheckedTestCase {
    func testAShallowStackIsNotLow() {
        XCTAssertFalse(StackGuard.isLow)
        XCTAssertEqual(withRoom { 7 }, 7)
    }

    /// The same thread (its identity, its thread-locals) on another stack, whose floor
    /// `isLow` measures against; the caller's floor is back afterwards.
    func testOnFreshStackRunsOnTheSameThreadAndReturnsTheResult() {
        Stress.onOneThread("fresh stack", stackSize: 1 << 20) {
            let caller = pthread_self()
            var key = pthread_key_t()
            XCTAssertEqual(pthread_key_create(&key, nil), 0)
            defer { pthread_key_delete(key) }
            let marker = UnsafeMutableRawPointer(bitPattern: 0x5157)
            pthread_setspecific(key, marker)
            let threadStack = stackOfThisThread()
            _ = StackGuard.isLow
            let floorBefore = signalsync_get_stack_floor()
            var steps: [String] = []
            let result = StackGuard.onFreshStack { () -> Int in
                XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0, "the body runs on the calling thread")
                XCTAssertEqual(pthread_getspecific(key), marker, "with the calling thread's thread-locals")
                let frame = signalsync_frame_address()
                XCTAssertFalse(threadStack.contains(frame), "on a stack that is not the thread's")
                let low = lowEndOfThisFreshStack()
                XCTAssertTrue(frame > low && frame - low <= UInt(StackGuard.freshStackSize), "whose floor isLow reads")
                XCTAssertFalse(StackGuard.isLow)
                steps.append("body")
                return 42
            }
            steps.append("after")
            XCTAssertEqual(result, 42)
            XCTAssertEqual(steps, ["body", "after"], "the caller goes on once the body has returned")
            XCTAssertEqual(signalsync_get_stack_floor(), floorBefore, "the thread's own floor is back")
        }
    }

    /// Work on a fresh stack that needs another one gets one: each its own stack with its
    /// own floor, every floor restored on the way back; the thread then keeps two.
    func testFreshStacksNestAndRestoreTheFloor() {
        Stress.onOneThread("nested fresh stacks", stackSize: 1 << 20) {
            let caller = pthread_self()
            let floorBefore = signalsync_get_stack_floor()
            let floors = StackGuard.onFreshStack { () -> [UInt] in
                let first = signalsync_get_stack_floor()
                let deeper = StackGuard.onFreshStack { () -> [UInt] in
                    let second = signalsync_get_stack_floor()
                    let deepest = StackGuard.onFreshStack { () -> UInt in
                        XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0, "three fresh stacks deep, the same thread")
                        return signalsync_get_stack_floor()
                    }
                    XCTAssertEqual(signalsync_get_stack_floor(), second)
                    return [second, deepest]
                }
                XCTAssertEqual(signalsync_get_stack_floor(), first)
                return [first] + deeper
            }
            XCTAssertEqual(Set(floors).count, 3, "each level on a stack of its own")
            XCTAssertFalse(floors.contains(floorBefore))
            XCTAssertEqual(signalsync_get_stack_floor(), floorBefore)
            XCTAssertEqual(signalsync_fresh_stacks_cached(), 2, "the thread keeps two stacks for its next calls")
        }
    }

    /// A loop that crosses the guard point again and again maps a stack once.
    func testALoopOfFreshStacksReusesOneStack() {
        Stress.onOneThread("a loop of fresh stacks", stackSize: 1 << 20) {
            var lowEnds = Set<UInt>()
            for _ in 0..<1_000 {
                StackGuard.onFreshStack { _ = lowEnds.insert(lowEndOfThisFreshStack()) }
            }
            XCTAssertEqual(lowEnds.count, 1)
            XCTAssertEqual(signalsync_fresh_stacks_cached(), 1)
        }
    }

    /// Below a fresh stack is a guard region: an overflow faults there instead of writing
    /// over other memory.
    func testTheMemoryBelowAFreshStackIsInaccessible() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "read below", of: self,
                body: {
                    StackGuard.onFreshStack {
                        let below = UnsafePointer<UInt8>(bitPattern: lowEndOfThisFreshStack() - 1)
                        print("reading below the fresh stack")
                        fflush(nil)
                        print("read below the fresh stack: \(below?.pointee ?? 0)")
                    }
                })
        else { return }
        XCTAssertTrue(outcome.output.contains("reading below the fresh stack"), outcome.output)
        XCTAssertFalse(outcome.output.contains("read below the fresh stack"), outcome.output)
        // A fault: a signal, or (under a sanitizer, which catches it) the sanitizer's report.
        XCTAssertTrue(outcome.trapped || outcome.output.contains("SEGV"), outcome.output)
    }

    func testRecursionFarBeyondTheStackCompletesThroughFreshStacks() {
        // Each level takes about 4 KiB of stack: 20,000 levels need about 80 MiB, ten
        // times the thread's 8 MiB. Levels that find the stack low move on, on the same
        // thread.
        @Sendable func descend(_ remaining: Int, _ thread: pthread_t) -> Int {
            if remaining == 0 { return pthread_equal(pthread_self(), thread) != 0 ? 0 : -1_000_000 }
            return withRoom {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_000) { buffer in
                    buffer.initialize(repeating: 1)
                    return Int(buffer[remaining % 4_000]) + descend(remaining - 1, thread)
                }
            }
        }
        let total = Atomic(value: 0)
        Stress.onOneThread("deep recursion", stackSize: 8 << 20) {
            total.swap(descend(20_000, pthread_self()))
        }
        XCTAssertEqual(total.with { $0 }, 20_000)
    }

    func testGeneratorsNestedAcrossFreshStacksStillSeeTheirEnclosingScope() {
        final class Probe: SubscriptionProbe, @unchecked Sendable {
            let hasEnded: Bool
            init(ended: Bool) { hasEnded = ended }
        }
        let outer = Probe(ended: true)
        // 20,000 nested generator runs of about 4 KiB each cross several fresh stacks.
        @Sendable func nest(_ remaining: Int) -> Bool {
            if remaining == 0 { return GenerationScope.enclosingHasEnded }
            return GenerationScope.run(Probe(ended: false)) {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_000) { buffer in
                    buffer.initialize(repeating: 0)
                    return nest(remaining - 1) && buffer[0] == 0
                }
            }
        }
        let seen = Atomic(value: false)
        Stress.onOneThread("nested scopes", stackSize: 8 << 20) {
            seen.swap(GenerationScope.run(outer) { nest(20_000) })
        }
        XCTAssertTrue(seen.with { $0 }, "the ended outermost subscription is seen from the innermost generator")
    }
}
