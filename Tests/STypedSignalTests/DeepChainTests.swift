import Foundation
import STypedSignal
import SignalSync
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

    func testAHundredThousandChainedMapsAndFiltersRunOnAnEightMebibyteStack() {
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        Stress.onOneThread("\(depth) chained maps and filters", stackSize: Self.stackSize) {
            let source = ValuePipe<Int>()
            var chain = source.signal() |> castError(Int.self)
            for level in 0..<depth {
                chain = level % 2 == 0 ? chain |> map { $0 + 1 } : chain |> filter { $0 >= 0 }
            }
            var log: [String] = []
            let subscription = chain.start(next: { log.append("next \($0)") })
            source.putNext(0)
            source.putNext(-depth)
            source.putNext(10)
            subscription.dispose()
            source.putNext(20)
            chain = Signal.complete()
            outcome.swap(log)
        }
        XCTAssertEqual(outcome.with { $0 }, ["next \(depth / 2)", "next \(depth / 2 + 10)"])
    }

    func testAHundredThousandNestedSinglesStartAndReleaseOnAnEightMebibyteStack() {
        // Each `single` holds the next one as its value: releasing the outermost releases
        // them all, nested (a signal keeping its state in fields, not a closure context).
        let depth = Self.depth
        let outcome = Atomic<[Int]>(value: [])
        Stress.onOneThread("\(depth) nested singles", stackSize: Self.stackSize) {
            var nested = Signal<Any, NoError>.single(0)
            for level in 1...depth {
                nested = .single((level, nested))
            }
            var levels: [Int] = []
            nested.start(next: { value in
                if let (level, _) = value as? (Int, Signal<Any, NoError>) { levels.append(level) }
            })
            nested = .complete()
            outcome.swap(levels)
        }
        XCTAssertEqual(outcome.with { $0 }, [depth])
    }

    func testAHundredThousandNestedSinglesAreReleasedOnAnEightMebibyteStack() {
        // A single holds its value beside the signal: a single of a single of ... is
        // released nested, one signal inside the other.
        final class Nest: Sendable {
            let inner: Signal<Nest?, NoError>
            init(_ inner: Signal<Nest?, NoError>) { self.inner = inner }
        }
        let depth = Self.depth
        let outcome = Atomic<Int>(value: 0)
        Stress.onOneThread("\(depth) nested singles", stackSize: Self.stackSize) {
            var nested = Signal<Nest?, NoError>.single(nil)
            for _ in 0..<depth {
                nested = .single(Nest(nested))
            }
            var levels = 0
            var current: Signal<Nest?, NoError>? = nested
            while let signal = current {
                current = nil
                signal.start(next: { value in current = value?.inner })
                levels += 1
            }
            nested = .complete()
            outcome.swap(levels)
        }
        XCTAssertEqual(outcome.with { $0 }, depth + 1)
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

    // A value at every level, the shape of paging and polling loops. Each level hands the
    // downstream subscriber on (`then` and `deferred`), so a value crosses the same two
    // subscriptions at any depth: linear time. Measured in release on the project's
    // (shared, loaded) 2-core machine: 10,000 levels in 0.025-0.06 s, 100,000 in 0.33 s
    // (about 3 µs per level at both depths); before the hand-over, 5,000 levels took
    // 1.1 s and 10,000 levels 22.6 s (2.3 ms per level, quadratic).

    func testAHundredThousandLevelThenRecursionWithAValueEachRunsInLinearTime() {
        let depth = Self.depth
        let outcome = Atomic<(values: [Int], completed: Bool, disposed: [Int], maximumLive: Int)>(value: ([], false, [], 0))
        Stress.onOneThread("then/deferred \(depth) levels with values", stackSize: Self.stackSize) {
            var disposed: [Int] = []
            func page(_ level: Int) -> Signal<Int, NoError> {
                guard level > 0 else { return .complete() }
                let source = Signal<Int, NoError> { subscriber in
                    subscriber.putNext(level)
                    subscriber.putCompletion()
                    return ActionDisposable { disposed.append(level) }
                }
                return source |> then(deferred { page(level - 1) })
            }
            var values: [Int] = []
            var completed = false
            // The subscriptions live while a value is delivered (debug builds count them):
            // the downstream one and the level's own, at every depth. With a forwarding
            // subscription per `then` and `deferred`, two more per enclosing level.
            var maximumLive = 0
            let liveBefore = LiveSubscriptions.current
            page(depth).start(
                next: { value in
                    values.append(value)
                    maximumLive = max(maximumLive, LiveSubscriptions.current - liveBefore)
                },
                completed: { completed = true })
            outcome.swap((values, completed, disposed, maximumLive))
        }
        let result = outcome.with { $0 }
        XCTAssertEqual(result.values, Array((1...depth).reversed()))
        XCTAssertTrue(result.completed)
        // Every level's source once, innermost first (each is disposed when its generator
        // returns, and the inner levels run inside the outer ones' completions).
        XCTAssertEqual(result.disposed, Array(1...depth))
        XCTAssertLessThanOrEqual(result.maximumLive, 2)
    }

    func testAHundredThousandAsynchronousThenLevelsDisposeFromTheTopOnAnEightMebibyteStack() {
        // Each level completes later, from the test's loop: the levels' disposables nest
        // (each level's holds the next one's), and disposing the top tears the chain down.
        let depth = Self.depth
        let outcome = Atomic<(values: [Int], disposed: [Int], maximumLive: Int)>(value: ([], [], 0))
        Stress.onOneThread("\(depth) asynchronous then levels", stackSize: Self.stackSize) {
            var disposed: [Int] = []
            var pending: Subscriber<Int, NoError>?
            func page(_ level: Int) -> Signal<Int, NoError> {
                guard level > 0 else { return .complete() }
                let source = Signal<Int, NoError> { subscriber in
                    pending = subscriber
                    return ActionDisposable { disposed.append(level) }
                }
                return source |> then(deferred { page(level - 1) })
            }
            var values: [Int] = []
            var maximumLive = 0
            let liveBefore = LiveSubscriptions.current
            let handle = page(depth).start(next: { value in
                values.append(value)
                maximumLive = max(maximumLive, LiveSubscriptions.current - liveBefore)
            })
            for level in stride(from: depth, to: 1, by: -1) {
                let subscriber = pending.take()
                subscriber?.putNext(level)
                subscriber?.putCompletion()
            }
            pending?.putNext(1)
            handle.dispose()
            pending = nil
            outcome.swap((values, disposed, maximumLive))
        }
        let result = outcome.with { $0 }
        XCTAssertEqual(result.values, Array((1...depth).reversed()))
        XCTAssertEqual(result.disposed, Array((1...depth).reversed()))
        XCTAssertLessThanOrEqual(result.maximumLive, 2)
    }
}
