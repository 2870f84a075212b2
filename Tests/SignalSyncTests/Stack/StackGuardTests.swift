import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// Runs `body` here, or on a fresh stack when this thread's is close to its end: what the
/// library's guard points do.
private func withRoom<Result>(_ body: () -> Result) -> Result {
    StackGuard.isLow ? StackGuard.onFreshStack(body) : body()
}

final class StackGuardTests: LeakCheckedTestCase {
    func testAShallowStackIsNotLow() {
        XCTAssertFalse(StackGuard.isLow)
        XCTAssertEqual(withRoom { 7 }, 7)
    }

    /// Off the main queue (there the guard stops the program instead: `MainQueueDeepChainTests`).
    func testOnFreshStackRunsOnAnotherThreadAndWaitsForIt() {
        Stress.onOneThread("fresh stack", stackSize: 1 << 20) {
            let caller = pthread_self()
            var steps: [String] = []
            let result = StackGuard.onFreshStack { () -> Int in
                XCTAssertEqual(pthread_equal(pthread_self(), caller), 0, "the body runs on a new thread")
                steps.append("body")
                return 42
            }
            steps.append("after")
            XCTAssertEqual(result, 42)
            XCTAssertEqual(steps, ["body", "after"], "the caller waits for the body")
        }
    }

    func testRecursionFarBeyondTheStackCompletesThroughFreshStacks() {
        // Each level takes about 4 KiB of stack: 20,000 levels need about 80 MiB, ten
        // times the thread's 8 MiB. Levels that find the stack low move on.
        @Sendable func descend(_ remaining: Int) -> Int {
            if remaining == 0 { return 0 }
            return withRoom {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_000) { buffer in
                    buffer.initialize(repeating: 1)
                    return Int(buffer[remaining % 4_000]) + descend(remaining - 1)
                }
            }
        }
        let total = Atomic(value: 0)
        Stress.onOneThread("deep recursion", stackSize: 8 << 20) {
            total.swap(descend(20_000))
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
