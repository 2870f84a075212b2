import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

/// `WithLatestFromEngine`: the latest value, the ends, disposal order, re-entrancy and
/// concurrent values.
final class WithLatestFromEngineTests: LeakCheckedTestCase {
    func testEmitsTheOthersLatestValueAndNothingBeforeItsFirst() {
        let engine = WithLatestFromEngine<String>()
        var emitted: [String] = []
        engine.sourceValue { emitted.append($0) }
        engine.otherValue("x")
        engine.otherValue("y")
        engine.sourceValue { emitted.append($0) }
        engine.sourceValue { emitted.append($0) }
        engine.otherValue("z")
        engine.sourceValue { emitted.append($0) }
        XCTAssertEqual(emitted, ["y", "y", "z"])
    }

    func testTheEndDisposesTheOtherThenTheSourceAndIgnoresLaterEvents() {
        let log = EventLog()
        let engine = WithLatestFromEngine<Int>()
        engine.attach(CountingDisposable("other", log: log), .other)
        engine.attach(CountingDisposable("source", log: log), .source)
        engine.otherValue(1)
        engine.end { log.add("completed") }
        engine.end { log.add("error") }
        engine.sourceValue { log.add("value \($0)") }
        engine.dispose()
        XCTAssertEqual(log.events, ["completed", "other.dispose", "source.dispose", "other released", "source released"])
    }

    func testTheOthersErrorWhileBeingSubscribedStopsTheSource() {
        let log = EventLog()
        let engine = WithLatestFromEngine<Int>()
        engine.end { log.add("error") }
        engine.attach(CountingDisposable("other", log: log), .other)
        XCTAssertFalse(engine.isRunning, "the face does not subscribe the source")
        XCTAssertEqual(log.events, ["error", "other.dispose", "other released"])
    }

    func testASubscriberMayDisposeInsideAValue() {
        let other = CountingDisposable("other")
        let source = CountingDisposable("source")
        let engine = WithLatestFromEngine<Int>()
        engine.attach(other, .other)
        engine.attach(source, .source)
        engine.otherValue(1)
        var emitted = 0
        engine.sourceValue { _ in
            emitted += 1
            engine.dispose()  // would dead-lock under the lock
        }
        engine.sourceValue { _ in emitted += 1 }
        XCTAssertEqual(emitted, 1)
        XCTAssertEqual([other.count, source.count], [1, 1])
    }

    func testConcurrentValuesEachTakeALatestValueThatWasStored() {
        // The other pushes 1, 2, 3...; the source's values, on another thread, see a
        // latest value that only grows, and each is emitted exactly once after the first.
        let count = 2_000 * Stress.scale
        let emitted = LockedState<[Int]>([])
        let engine = WithLatestFromEngine<Int>()
        engine.otherValue(0)
        Stress.run("withLatestFrom", threads: 2) { thread in
            for step in 1...count {
                if thread == 0 {
                    engine.otherValue(step)
                } else {
                    engine.sourceValue { latest in emitted.withLock { $0.append(latest) } }
                }
            }
        }
        let all = emitted.withLock { $0 }
        XCTAssertEqual(all.count, count)
        XCTAssertEqual(all, all.sorted(), "the latest value never goes back")
        XCTAssertTrue(all.allSatisfy { (0...count).contains($0) })
    }
}
