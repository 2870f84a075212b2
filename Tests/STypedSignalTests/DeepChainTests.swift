import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

/// Depth never overflows the stack: a hundred thousand chained operators, and a
/// `then(deferred { ... })` recursion as deep, run on an 8 MiB thread (the main thread's
/// usual size) from building the chain to releasing it. Past the depth the thread's stack
/// holds, the work continues on fresh stacks (`StackGuard`); each test has a watchdog.
final class DeepChainTests: LeakCheckedTestCase {
    /// Under ThreadSanitizer every call costs far more: a smaller depth on a smaller stack.
    static let depth = Stress.underThreadSanitizer ? 3_000 : 100_000
    /// The thread's stack: 8 MiB; 1 MiB under ThreadSanitizer, so that its smaller depth
    /// still crosses fresh stacks.
    static let stackSize = Stress.underThreadSanitizer ? 1 << 20 : 8 << 20

    func testAHundredThousandChainedMapsRunOnAnEightMebibyteStack() {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        Stress.onOneThread("\(depth) chained maps", stackSize: Self.stackSize) {
            let source = ValuePipe<Int>()
            var chain = source.signal() |> castError(Int.self)
            for _ in 0..<depth {
                chain = chain |> map { $0 + 1 }
            }
            var log: [String] = []
            let subscription = chain.start(
                next: { log.append("next \($0)") },
                error: { log.append("error \($0)") },
                completed: { log.append("completed") })
            source.putNext(0)
            source.putNext(10)
            subscription.dispose()
            source.putNext(20)
            chain = Signal.complete()
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next \(depth)", "next \(depth + 10)"])
    }

    func testAHundredThousandChainedMapsDeliverTerminalEventsAndTearDown() {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        let sourceDisposed = Atomic(value: 0)
        Stress.onOneThread("\(depth) chained maps to completion", stackSize: Self.stackSize) {
            let source = Signal<Int, NoError> { subscriber in
                subscriber.putNext(1)
                subscriber.putCompletion()
                return ActionDisposable { sourceDisposed.modify { $0 + 1 } }
            }
            var log: [String] = []
            do {
                var chain = source
                for _ in 0..<depth {
                    chain = chain |> map { $0 * 1 }
                }
                chain.start(next: { log.append("next \($0)") }, completed: { log.append("completed") })
            }
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next 1", "completed"])
        XCTAssertEqual(sourceDisposed.with { $0 }, 1)
    }

    func testAHundredThousandDeepThenDeferredRecursionRunsOnAnEightMebibyteStack() {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        // Each level completes empty and continues with the next; the innermost emits.
        @Sendable func countdown(_ remaining: Int) -> Signal<Int, NoError> {
            remaining == 0
                ? .single(0)
                : (Signal<Int, NoError>.complete() |> then(deferred { countdown(remaining - 1) }))
        }
        Stress.onOneThread("then/deferred \(depth) deep", stackSize: Self.stackSize) {
            var log: [String] = []
            countdown(depth).start(next: { log.append("next \($0)") }, completed: { log.append("completed") })
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next 0", "completed"])
    }
}
