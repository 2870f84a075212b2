import SignalTestSupport
import XCTest

@testable import SignalSync

final class DistinctEngineTests: LeakCheckedTestCase {
    func testDropsValuesEqualToTheLastOneThatPassed() {
        let engine = DistinctEngine<Int>(isEqual: { abs($0 - $1) < 2 })
        let passed = [10, 11, 12, 13, 20, 19].filter(engine.shouldPass)
        XCTAssertEqual(passed, [10, 12, 20])
    }

    func testTheComparisonRunsOutsideTheLockSoItMayReenter() {
        let box = LockedState<DistinctEngine<Int>?>(nil)
        let inner = LockedState<[Bool]>([])
        let engine = DistinctEngine<Int>(isEqual: { last, value in
            // Calling the engine from inside the comparison (once) would dead-lock under its lock.
            if value == 2,
                let engine = box.withLock({ engine in
                    defer { engine = nil }
                    return engine
                })
            {
                let result = engine.shouldPass(5)
                inner.withLock { $0.append(result) }
            }
            return last == value
        })
        box.withLock { $0 = engine }
        XCTAssertTrue(engine.shouldPass(1))
        XCTAssertTrue(engine.shouldPass(2), "compared again with 5, which passed meanwhile")
        XCTAssertEqual(inner.withLock { $0 }, [true])
        XCTAssertFalse(engine.shouldPass(2))
    }

    func testConcurrentValuesAreEachComparedWithTheLatestThatPassed() {
        // Every thread offers the same value: exactly one of them passes, however they interleave.
        let rounds = 200 * Stress.scale
        let passes = LockedState(0)
        for round in 0..<rounds {
            let engine = DistinctEngine<Int>(isEqual: ==)
            XCTAssertTrue(engine.shouldPass(-1))
            Stress.run("distinct", threads: 4) { _ in
                if engine.shouldPass(round) {
                    passes.withLock { $0 += 1 }
                }
            }
        }
        XCTAssertEqual(passes.withLock { $0 }, rounds)
    }
}
