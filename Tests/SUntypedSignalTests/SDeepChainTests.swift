import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Depth never overflows the stack (as `DeepChainTests` for the typed API): a hundred
/// thousand chained operators and a `then(deferred ...)` recursion as deep, on an 8 MiB
/// thread, with a watchdog.
final class SDeepChainTests: LeakCheckedTestCase {
    static let depth = Stress.underThreadSanitizer ? 3_000 : 100_000
    /// The thread's stack: 8 MiB; 1 MiB under ThreadSanitizer, so that its smaller depth
    /// still crosses fresh stacks.
    static let stackSize = Stress.underThreadSanitizer ? 1 << 20 : 8 << 20

    func testAHundredThousandChainedMapsRunOnAnEightMebibyteStack() {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        Stress.onOneThread("\(depth) chained maps", stackSize: Self.stackSize) {
            let pipe = SPipe()
            var chain = pipe.signal()
            for _ in 0..<depth {
                chain = chain.map { ($0 as! Int) + 1 }
            }
            var log: [String] = []
            let subscription = chain.start(
                next: { log.append("next \($0 as! Int)") },
                error: { _ in log.append("error") },
                completed: { log.append("completed") })
            pipe.putNext(0)
            pipe.putNext(10)
            subscription.dispose()
            pipe.putNext(20)
            chain = SSignal.complete()
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next \(depth)", "next \(depth + 10)"])
    }

    func testAHundredThousandDeepThenDeferredRecursionRunsOnAnEightMebibyteStack() {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        @Sendable func countdown(_ remaining: Int) -> SSignal {
            remaining == 0 ? SSignal.single(0) : SSignal.complete().then(SSignal.deferred { countdown(remaining - 1) })
        }
        Stress.onOneThread("then/deferred \(depth) deep", stackSize: Self.stackSize) {
            var log: [String] = []
            countdown(depth).start(next: { log.append("next \($0 as! Int)") }, completed: { log.append("completed") })
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next 0", "completed"])
    }
}
