import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

/// A source subscription that logs its disposals (thread-safe).
private final class LoggedHandle: UpstreamDisposable, @unchecked Sendable {
    // Safety: immutable; the log guards itself.
    let name: String
    let log: Log?
    let disposals = LockedState(0)
    init(_ name: String, _ log: Log? = nil) {
        self.name = name
        self.log = log
    }
    func dispose() {
        disposals.withLock { $0 += 1 }
        log?.add("dispose \(name)")
    }
    var count: Int { disposals.withLock { $0 } }
}

/// A thread-safe log for the closures the engines call.
private final class Log: @unchecked Sendable {
    // Safety: reached only through `lines.withLock`.
    let lines = LockedState<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// `MergeEngine`: completion once all completed, the first error, disposal in order,
/// re-entrancy and concurrent terminal events.
final class MergeEngineTests: LeakCheckedTestCase {
    func testCompletesOnceEverySourceCompletedThenDisposesInOrder() {
        let log = Log()
        let engine = MergeEngine(count: 3)
        for name in ["a", "b", "c"].enumerated() { engine.attach(LoggedHandle(name.element, log), at: name.offset) }
        engine.sourceCompleted { log.add("completed") }
        engine.sourceCompleted { log.add("completed") }
        XCTAssertEqual(log.all, [], "two of three completed: nothing yet")
        engine.sourceCompleted { log.add("completed") }
        XCTAssertEqual(log.all, ["completed", "dispose a", "dispose b", "dispose c"])
        engine.dispose()
        engine.sourceFailed { log.add("error") }
        XCTAssertEqual(log.all.count, 4, "nothing after the end")
    }

    func testTheFirstErrorEndsItAndALateSubscriptionIsDisposedAsItIsAttached() {
        let log = Log()
        let engine = MergeEngine(count: 2)
        engine.attach(LoggedHandle("a", log), at: 0)
        engine.sourceFailed { log.add("error") }  // b fails while being subscribed
        XCTAssertFalse(engine.isRunning, "the face subscribes no source after this one")
        engine.attach(LoggedHandle("b", log), at: 1)
        engine.sourceFailed { log.add("error again") }
        engine.sourceCompleted { log.add("completed") }
        XCTAssertEqual(log.all, ["error", "dispose a", "dispose b"])
    }

    func testASubscriberMayDisposeInsideTheTerminalEvent() {
        let a = LoggedHandle("a")
        let engine = MergeEngine(count: 1)
        engine.attach(a, at: 0)
        engine.sourceFailed { engine.dispose() }  // would dead-lock under the lock
        XCTAssertEqual(a.count, 1, "disposed once: by the disposal inside the error, not again by the end")
    }

    func testConcurrentTerminalEventsEndItExactlyOnce() {
        let rounds = 200 * Stress.scale
        for round in 0..<rounds {
            let terminals = LockedState(0)
            let handles = (0..<4).map { LoggedHandle("\($0)") }
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

/// `ZipEngine`: rows of the n-th values, FIFO buffers, the completion rule, disposal,
/// re-entrancy and concurrent values.
final class ZipEngineTests: LeakCheckedTestCase {
    func testEmitsTheNthValuesTogetherWhenTheLastArrives() {
        let engine = ZipEngine<Int>(count: 3)
        var rows: [[Int]] = []
        let emit: ([Int]) -> Void = { rows.append($0) }
        for value in [1, 2, 3] { engine.receive(value, at: 0, emit: emit, complete: {}) }
        engine.receive(10, at: 1, emit: emit, complete: {})
        XCTAssertEqual(rows, [])
        engine.receive(100, at: 2, emit: emit, complete: {})
        engine.receive(20, at: 1, emit: emit, complete: {})
        engine.receive(200, at: 2, emit: emit, complete: {})
        XCTAssertEqual(rows, [[1, 10, 100], [2, 20, 200]])
    }

    func testACompletedSourceEndsItOnceItsUnpairedValuesAreUsedUp() {
        let log = Log()
        let engine = ZipEngine<Int>(count: 2)
        engine.attach(LoggedHandle("a", log), at: 0)
        engine.attach(LoggedHandle("b", log), at: 1)
        let emit: ([Int]) -> Void = { log.add("row \($0)") }
        engine.receive(1, at: 0, emit: emit) { log.add("completed") }
        engine.receive(2, at: 0, emit: emit) { log.add("completed") }
        engine.sourceCompleted(at: 0) { log.add("completed") }
        XCTAssertEqual(log.all, [], "a's values wait for b")
        engine.receive(10, at: 1, emit: emit) { log.add("completed") }
        engine.receive(20, at: 1, emit: emit) { log.add("completed") }
        engine.receive(30, at: 1, emit: emit) { log.add("completed") }
        XCTAssertEqual(log.all, ["row [1, 10]", "row [2, 20]", "completed", "dispose a", "dispose b"])
    }

    func testASourceCompletingWithNothingWaitingEndsItAtOnce() {
        let log = Log()
        let engine = ZipEngine<Int>(count: 2)
        engine.attach(LoggedHandle("a", log), at: 0)
        engine.receive(1, at: 0, emit: { _ in log.add("row") }, complete: {})
        engine.sourceCompleted(at: 1) { log.add("completed") }  // b, while being subscribed
        XCTAssertFalse(engine.isRunning)
        engine.attach(LoggedHandle("b", log), at: 1)
        XCTAssertEqual(log.all, ["completed", "dispose a", "dispose b"])
    }

    func testTheFirstErrorEndsItAndReleasesTheUnpairedValues() {
        final class Value {}
        weak var released: Value?
        let engine = ZipEngine<Value>(count: 2)
        let errors = LockedState(0)
        do {
            let value = Value()
            released = value
            engine.receive(value, at: 0, emit: { _ in }, complete: {})
        }
        XCTAssertNotNil(released, "an unpaired value waits")
        engine.sourceFailed { errors.withLock { $0 += 1 } }
        engine.sourceFailed { errors.withLock { $0 += 1 } }
        XCTAssertNil(released, "released at the end")
        XCTAssertEqual(errors.withLock { $0 }, 1)
    }

    func testASubscriberMayDisposeInsideARow() {
        let a = LoggedHandle("a")
        let b = LoggedHandle("b")
        let engine = ZipEngine<Int>(count: 2)
        engine.attach(a, at: 0)
        engine.attach(b, at: 1)
        var rows = 0
        engine.receive(1, at: 0, emit: { _ in rows += 1 }, complete: {})
        engine.receive(2, at: 0, emit: { _ in rows += 1 }, complete: {})
        engine.receive(1, at: 1, emit: { _ in
            rows += 1
            engine.dispose()  // would dead-lock under the lock
        }, complete: {})
        engine.receive(2, at: 1, emit: { _ in rows += 1 }, complete: {})
        XCTAssertEqual(rows, 1, "nothing after the disposal")
        XCTAssertEqual([a.count, b.count], [1, 1])
    }

    func testASourceMayEmitWhileBeingSubscribed() {
        // The face attaches a source's subscription after its start returned: values it
        // sent during the start are paired like any other.
        let engine = ZipEngine<Int>(count: 2)
        var rows: [[Int]] = []
        engine.attach(LoggedHandle("a"), at: 0)
        engine.receive(1, at: 0, emit: { rows.append($0) }, complete: {})
        engine.receive(2, at: 1, emit: { rows.append($0) }, complete: {})
        engine.attach(LoggedHandle("b"), at: 1)
        XCTAssertEqual(rows, [[1, 2]])
    }

    func testConcurrentValuesArePairedOnceEachAndNoneIsLost() {
        // Two threads per source push distinct values: every value lands in exactly one
        // row, every row holds one value of each source.
        let perThread = 250 * Stress.scale
        let rows = LockedState<[[Int]]>([])
        let engine = ZipEngine<Int>(count: 2)
        Stress.run("zip values", threads: 4) { thread in
            let source = thread % 2
            for step in 0..<perThread {
                let value = source * 1_000_000 + thread * 100_000 + step
                engine.receive(value, at: source, emit: { row in rows.withLock { $0.append(row) } }, complete: {})
            }
        }
        let all = rows.withLock { $0 }
        XCTAssertEqual(all.count, 2 * perThread)
        XCTAssertTrue(all.allSatisfy { $0[0] < 1_000_000 && $0[1] >= 1_000_000 }, "each row: one value of each source")
        let values = all.flatMap { $0 }
        XCTAssertEqual(Set(values).count, values.count, "no value paired twice")
        XCTAssertEqual(values.count, 4 * perThread, "no value lost")
    }

    func testRowsKeepEachSourcesOrder() {
        // One thread per source: the n-th row holds the n-th value of each, whatever the
        // interleaving.
        let count = 500 * Stress.scale
        let rows = LockedState<[[Int]]>([])
        let engine = ZipEngine<Int>(count: 2)
        Stress.run("zip order", threads: 2) { source in
            for step in 0..<count {
                engine.receive(step, at: source, emit: { row in rows.withLock { $0.append(row) } }, complete: {})
            }
        }
        let all = rows.withLock { $0 }
        XCTAssertEqual(all.count, count)
        XCTAssertTrue(all.allSatisfy { $0[0] == $0[1] })
        XCTAssertEqual(Set(all.map { $0[0] }).count, count)
    }
}

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
        let log = Log()
        let engine = WithLatestFromEngine<Int>()
        engine.attach(LoggedHandle("other", log), .other)
        engine.attach(LoggedHandle("source", log), .source)
        engine.otherValue(1)
        engine.end { log.add("completed") }
        engine.end { log.add("error") }
        engine.sourceValue { log.add("value \($0)") }
        engine.dispose()
        XCTAssertEqual(log.all, ["completed", "dispose other", "dispose source"])
    }

    func testTheOthersErrorWhileBeingSubscribedStopsTheSource() {
        let log = Log()
        let engine = WithLatestFromEngine<Int>()
        engine.end { log.add("error") }
        engine.attach(LoggedHandle("other", log), .other)
        XCTAssertFalse(engine.isRunning, "the face does not subscribe the source")
        XCTAssertEqual(log.all, ["error", "dispose other"])
    }

    func testASubscriberMayDisposeInsideAValue() {
        let other = LoggedHandle("other")
        let source = LoggedHandle("source")
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
