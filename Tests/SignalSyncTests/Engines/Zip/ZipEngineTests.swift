import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

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
        let log = EventLog()
        let engine = ZipEngine<Int>(count: 2)
        engine.attach(CountingDisposable("a", log: log), at: 0)
        engine.attach(CountingDisposable("b", log: log), at: 1)
        let emit: ([Int]) -> Void = { log.add("row \($0)") }
        engine.receive(1, at: 0, emit: emit) { log.add("completed") }
        engine.receive(2, at: 0, emit: emit) { log.add("completed") }
        engine.sourceCompleted(at: 0) { log.add("completed") }
        XCTAssertEqual(log.events, [], "a's values wait for b")
        engine.receive(10, at: 1, emit: emit) { log.add("completed") }
        engine.receive(20, at: 1, emit: emit) { log.add("completed") }
        engine.receive(30, at: 1, emit: emit) { log.add("completed") }
        XCTAssertEqual(log.events, ["row [1, 10]", "row [2, 20]", "completed", "a.dispose", "b.dispose", "a released", "b released"])
    }

    func testASourceCompletingWithNothingWaitingEndsItAtOnce() {
        let log = EventLog()
        let engine = ZipEngine<Int>(count: 2)
        engine.attach(CountingDisposable("a", log: log), at: 0)
        engine.receive(1, at: 0, emit: { _ in log.add("row") }, complete: {})
        engine.sourceCompleted(at: 1) { log.add("completed") }  // b, while being subscribed
        XCTAssertFalse(engine.isRunning)
        engine.attach(CountingDisposable("b", log: log), at: 1)
        XCTAssertEqual(log.events, ["completed", "a.dispose", "a released", "b.dispose", "b released"])
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
        let a = CountingDisposable("a")
        let b = CountingDisposable("b")
        let engine = ZipEngine<Int>(count: 2)
        engine.attach(a, at: 0)
        engine.attach(b, at: 1)
        var rows = 0
        engine.receive(1, at: 0, emit: { _ in rows += 1 }, complete: {})
        engine.receive(2, at: 0, emit: { _ in rows += 1 }, complete: {})
        engine.receive(
            1, at: 1,
            emit: { _ in
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
        engine.attach(CountingDisposable("a"), at: 0)
        engine.receive(1, at: 0, emit: { rows.append($0) }, complete: {})
        engine.receive(2, at: 1, emit: { rows.append($0) }, complete: {})
        engine.attach(CountingDisposable("b"), at: 1)
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
