import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

/// `MergeEngine`: completion once all completed, the first error, disposal in order,
/// re-entrancy and concurrent terminal events.
final class MergeEngineTests: LeakCheckedTestCase {
    func testCompletesOnceEverySourceCompletedThenDisposesInOrder() {
        let log = EventLog()
        let engine = MergeEngine(count: 3)
        for name in ["a", "b", "c"].enumerated() { engine.attach(CountingDisposable(name.element, log: log), at: name.offset) }
        engine.sourceCompleted { log.add("completed") }
        engine.sourceCompleted { log.add("completed") }
        XCTAssertEqual(log.events, [], "two of three completed: nothing yet")
        engine.sourceCompleted { log.add("completed") }
        XCTAssertEqual(log.events, ["completed", "a.dispose", "b.dispose", "c.dispose", "a released", "b released", "c released"])
        engine.dispose()
        engine.sourceFailed { log.add("error") }
        XCTAssertEqual(log.events.count, 7, "nothing after the end")
    }

    func testTheFirstErrorEndsItAndALateSubscriptionIsDisposedAsItIsAttached() {
        let log = EventLog()
        let engine = MergeEngine(count: 2)
        engine.attach(CountingDisposable("a", log: log), at: 0)
        engine.sourceFailed { log.add("error") }  // b fails while being subscribed
        XCTAssertFalse(engine.isRunning, "the face subscribes no source after this one")
        engine.attach(CountingDisposable("b", log: log), at: 1)
        engine.sourceFailed { log.add("error again") }
        engine.sourceCompleted { log.add("completed") }
        XCTAssertEqual(log.events, ["error", "a.dispose", "a released", "b.dispose", "b released"])
    }

    func testASubscriberMayDisposeInsideTheTerminalEvent() {
        let a = CountingDisposable("a")
        let engine = MergeEngine(count: 1)
        engine.attach(a, at: 0)
        engine.sourceFailed { engine.dispose() }  // would dead-lock under the lock
        XCTAssertEqual(a.count, 1, "disposed once: by the disposal inside the error, not again by the end")
    }

    func testConcurrentTerminalEventsEndItExactlyOnce() {
        let rounds = 200 * Stress.scale
        for round in 0..<rounds {
            let terminals = LockedState(0)
            let handles = (0..<4).map { CountingDisposable("\($0)") }
            let engine = MergeEngine(count: 4)
            for (index, handle) in handles.enumerated() { engine.attach(handle, at: index) }
            Stress.run("merge terminals", threads: 4) { index in
                if round % 2 == 0 || index != 3 {
                    engine.sourceCompleted { terminals.withLock { $0 += 1 } }
                } else {
                    engine.sourceFailed { terminals.withLock { $0 += 1 } }
                }
            }
            XCTAssertEqual(terminals.withLock { $0 }, 1)
            XCTAssertEqual(handles.map { $0.count }, [1, 1, 1, 1], "each subscription disposed once")
        }
    }
}
