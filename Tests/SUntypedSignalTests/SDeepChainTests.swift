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

    func testAHundredThousandChainedMapsAndFiltersRunOnAnEightMebibyteStack() {
        // Fused in stages of several steps: the stages still nest a hundred thousand steps
        // deep.
        let depth = Self.depth
        let outcome = Atomic<[String]>(value: [])
        Stress.onOneThread("\(depth) chained maps and filters", stackSize: Self.stackSize) {
            let pipe = SPipe()
            var chain = pipe.signal()
            for level in 0..<depth {
                chain = level % 2 == 0 ? chain.map { ($0 as! Int) + 1 } : chain.filter { ($0 as! Int) >= 0 }
            }
            var log: [String] = []
            let subscription = chain.start(next: { log.append("next \($0 as! Int)") })
            pipe.putNext(0)
            pipe.putNext(-depth)
            pipe.putNext(10)
            subscription.dispose()
            pipe.putNext(20)
            chain = SSignal.complete()
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
            var nested = SSignal.single(0)
            for level in 1...depth {
                nested = .single((level, nested))
            }
            var levels: [Int] = []
            _ = nested.start(next: { value in
                if let (level, _) = value as? (Int, SSignal) { levels.append(level) }
            })
            nested = .complete()
            outcome.swap(levels)
        }
        XCTAssertEqual(outcome.with { $0 }, [depth])
    }

    func testAHundredThousandNestedSinglesAreReleasedOnAnEightMebibyteStack() {
        // A single holds its value in the signal: a single of a single of ... is released
        // nested, one signal inside the other.
        let depth = Self.depth
        let outcome = Atomic<Int>(value: 0)
        Stress.onOneThread("\(depth) nested singles", stackSize: Self.stackSize) {
            var nested = SSignal.single(0)
            for _ in 0..<depth {
                nested = SSignal.single(nested)
            }
            var levels = 0
            var current: SSignal? = nested
            while let signal = current {
                current = nil
                signal.start(next: { value in current = value as? SSignal })
                levels += 1
            }
            nested = SSignal.complete()
            outcome.swap(levels)
        }
        XCTAssertEqual(outcome.with { $0 }, depth + 1)
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

    // A value at every level, the shape of paging and polling loops: linear time, as in
    // `DeepChainTests`. Measured in release on the project's (shared, loaded) 2-core
    // machine: 10,000 levels in 0.02-0.03 s, 100,000 in 0.31-0.37 s (2-3.7 µs per level
    // at both depths); before the hand-over, 5,000 levels took 4.7 s and 10,000 levels
    // 12.4 s (1.2 ms per level, quadratic).

    func testAHundredThousandLevelThenRecursionWithAValueEachRunsInLinearTime() {
        let depth = Self.depth
        let outcome = Atomic<(values: [Int], completed: Bool, disposed: [Int], maximumLive: Int)>(value: ([], false, [], 0))
        Stress.onOneThread("then/deferred \(depth) levels with values", stackSize: Self.stackSize) {
            var disposed: [Int] = []
            func page(_ level: Int) -> SSignal {
                guard level > 0 else { return SSignal.complete() }
                let source = SSignal { subscriber in
                    subscriber.putNext(level)
                    subscriber.putCompletion()
                    return SBlockDisposable { disposed.append(level) }
                }
                return source.then(SSignal.deferred { page(level - 1) })
            }
            var values: [Int] = []
            var completed = false
            // The subscriptions live while a value is delivered (debug builds count them):
            // the downstream one and the level's own, at every depth.
            var maximumLive = 0
            let liveBefore = LiveSubscriptions.current
            page(depth).start(
                next: { value in
                    values.append(value as! Int)
                    maximumLive = max(maximumLive, LiveSubscriptions.current - liveBefore)
                },
                completed: { completed = true })
            outcome.swap((values, completed, disposed, maximumLive))
        }
        let result = outcome.with { $0 }
        XCTAssertEqual(result.values, Array((1...depth).reversed()))
        XCTAssertTrue(result.completed)
        XCTAssertEqual(result.disposed, Array(1...depth))
        XCTAssertLessThanOrEqual(result.maximumLive, 2)
    }

    func testAHundredThousandAsynchronousThenLevelsDisposeFromTheTopOnAnEightMebibyteStack() {
        let depth = Self.depth
        let outcome = Atomic<(values: [Int], disposed: [Int], maximumLive: Int)>(value: ([], [], 0))
        Stress.onOneThread("\(depth) asynchronous then levels", stackSize: Self.stackSize) {
            var disposed: [Int] = []
            var pending: SSubscriber?
            func page(_ level: Int) -> SSignal {
                guard level > 0 else { return SSignal.complete() }
                let source = SSignal { subscriber in
                    pending = subscriber
                    return SBlockDisposable { disposed.append(level) }
                }
                return source.then(SSignal.deferred { page(level - 1) })
            }
            var values: [Int] = []
            var maximumLive = 0
            let liveBefore = LiveSubscriptions.current
            let handle = page(depth).start(next: { value in
                values.append(value as! Int)
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
