import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

/// The storage with scripted inners: what runs after unlocking, in which order, and that
/// its closures may re-enter it.
final class InnerQueueEngineTests: LeakCheckedTestCase {
    /// How many inners run at once, at most, and how many ran.
    private final class Overlap: @unchecked Sendable {
        // Safety: guarded by `state`.
        private let state = LockedState((now: 0, most: 0, count: 0))
        func begin() {
            state.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
                $0.count += 1
            }
        }
        func end() { state.withLock { $0.now -= 1 } }
        var result: (most: Int, count: Int) { state.withLock { ($0.most, $0.count) } }
    }

    /// An inner: `body` runs when it is started, with the run to report its events to.
    private final class Inner: @unchecked Sendable {
        let name: String
        let body: (InnerQueueRun) -> Void
        init(_ name: String, body: @escaping (InnerQueueRun) -> Void = { _ in }) {
            self.name = name
            self.body = body
        }
    }

    /// An engine whose inners log their start and run their body; `downstream` is the log.
    /// An inner named `single <v>` is handed over as a face hands over a single: its value
    /// is logged if accepted, and its start returns no handle.
    private func makeEngine(_ mode: InnerQueueMode, _ log: EventLog) -> InnerQueueEngine {
        InnerQueueEngine(
            mode: mode, downstream: log,
            start: { engine, id, erased in
                let inner = erased as! Inner
                if inner.name.hasPrefix("single ") {
                    if engine.accepts(id) {
                        log.add("next \(inner.name.dropFirst(7))")
                    }
                    return nil
                }
                let run = InnerQueueRun(engine: engine, id: id)
                log.add("\(inner.name).start")
                inner.body(run)
                return CountingDisposable(inner.name, log: log)
            },
            complete: { log.add("completed") })
    }

    func testAHandedOverInnerDisposesTheRunningOneAfterItsValueAndLeavesNothingToDispose() {
        let log = EventLog()
        let engine = makeEngine(.switchToLatest, log)
        engine.setOuter(CountingDisposable("outer", log: log))
        engine.outerNext(Inner("a"))
        engine.outerNext(Inner("single 1"))
        engine.outerCompleted()
        engine.dispose()
        XCTAssertEqual(log.events, ["a.start", "next 1", "a.dispose", "a released", "completed", "outer.dispose", "outer released"])
    }

    func testHandedOverInnersRunInTheLoopInQueueOrder() {
        let log = EventLog()
        let engine = makeEngine(.queue, log)
        var first: InnerQueueRun?
        engine.outerNext(Inner("first") { first = $0 })
        engine.outerNext(Inner("single 1"))
        engine.outerNext(Inner("b") { run in run.completed() })
        engine.outerNext(Inner("single 2"))
        engine.outerCompleted()
        first?.completed()
        engine.dispose()
        XCTAssertEqual(log.events, ["first.start", "next 1", "first.dispose", "first released", "b.start", "next 2", "b.dispose", "completed", "b released"])
    }

    func testAHandedOverInnerAfterDisposalSendsNothing() {
        let log = EventLog()
        let engine = makeEngine(.switchToLatest, log)
        engine.dispose()
        engine.outerNext(Inner("single 1"))
        XCTAssertEqual(log.events, [])
    }

    func testDisposalDisposesTheCurrentInnerThenTheOuter() {
        let log = EventLog()
        let engine = makeEngine(.switchToLatest, log)
        engine.setOuter(CountingDisposable("outer", log: log))
        engine.outerNext(Inner("a"))
        engine.outerNext(Inner("b"))
        engine.dispose()
        engine.dispose()
        XCTAssertEqual(log.events.prefix(6), ["a.start", "b.start", "a.dispose", "a released", "b.dispose", "outer.dispose"])
        XCTAssertEqual(Set(log.events.dropFirst(6)), ["outer released", "b released"], "released after the teardown, in either order")
    }

    func testAnOuterHandleThatArrivesAfterTheDisposalIsDisposedAtOnce() {
        // The outer signal's start disposed the engine (a value of its own, or another
        // thread) before handing back its handle: nothing else will dispose it.
        let log = EventLog()
        let engine = makeEngine(.switchToLatest, log)
        engine.dispose()
        XCTAssertEqual(log.events, [])
        engine.setOuter(CountingDisposable("outer", log: log))
        XCTAssertEqual(log.events, ["outer.dispose", "outer released"])
        engine.dispose()
        XCTAssertEqual(log.events, ["outer.dispose", "outer released"], "disposed once")
    }

    func testAFinishedInnerIsDisposedFirstAtTeardownAfterTheCompletion() {
        let log = EventLog()
        let engine = makeEngine(.switchToLatest, log)
        engine.setOuter(CountingDisposable("outer", log: log))
        var aRun: InnerQueueRun?
        engine.outerNext(Inner("a") { aRun = $0 })
        engine.outerCompleted()
        aRun?.completed()
        engine.dispose()  // what the subscriber does after the completion
        XCTAssertEqual(log.events.prefix(4), ["a.start", "completed", "a.dispose", "outer.dispose"])
        XCTAssertEqual(Set(log.events.dropFirst(4)), ["outer released", "a released"], "released after the teardown, in either order")
    }

    func testSynchronouslyCompletingInnersRunInALoopNotARecursion() {
        let log = EventLog()
        let engine = makeEngine(.queue, log)
        var depth = 0
        var deepest = 0
        var completions = 0
        func inner() -> Inner {
            Inner("i") { run in
                depth += 1
                deepest = max(deepest, depth)
                completions += 1
                run.completed()
                depth -= 1
            }
        }
        // Everything waits behind a first inner that completes later.
        var first: InnerQueueRun?
        engine.outerNext(Inner("first") { first = $0 })
        for _ in 0..<10_000 {
            engine.outerNext(inner())
        }
        engine.outerCompleted()
        first?.completed()
        XCTAssertEqual(completions, 10_000)
        XCTAssertEqual(deepest, 1, "each inner starts from the loop, after the previous start returned")
        XCTAssertEqual(log.events.last { !$0.hasSuffix(" released") }, "completed", "after the inners, which are released as they end")
        engine.dispose()
    }

    func testValuesOfAReplacedInnerAreRefusedAndOnlyTheNewestInnerMayFail() {
        let log = EventLog()
        let engine = makeEngine(.switchToLatest, log)
        var runs: [InnerQueueRun] = []
        engine.outerNext(Inner("a") { runs.append($0) })
        engine.outerNext(Inner("b") { runs.append($0) })
        XCTAssertFalse(runs[0].acceptsNext())
        XCTAssertTrue(runs[1].acceptsNext())
        XCTAssertTrue(runs[1].downstream === log)
        XCTAssertFalse(runs[0].failed(), "a replaced inner's error is dropped")
        XCTAssertTrue(runs[1].failed())
        XCTAssertFalse(engine.outerFailed(), "one terminal event")
        engine.outerNext(Inner("late"))
        XCTAssertFalse(log.events.contains("late.start"), "nothing starts after the output terminated")
        engine.dispose()
    }

    func testClosuresMayDisposeTheEngineFromInsideAStart() {
        let log = EventLog()
        let engine = makeEngine(.queue, log)
        engine.setOuter(CountingDisposable("outer", log: log))
        engine.outerNext(Inner("a") { run in run.engine.dispose() })
        XCTAssertEqual(
            log.events, ["a.start", "outer.dispose", "outer released", "a.dispose", "a released"],
            "the inner started during disposal goes once its start returns")
    }

    func testConcurrentOuterValuesRunEveryQueuedInnerOnceWithoutOverlap() {
        let log = EventLog()
        let engine = makeEngine(.queue, log)
        let overlap = Overlap()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                engine.outerNext(
                    Inner("i") { run in
                        overlap.begin()
                        overlap.end()
                        run.completed()
                    })
            }
        }
        engine.outerCompleted()
        let result = overlap.result
        XCTAssertEqual(result.count, 2_000)
        XCTAssertEqual(result.most, 1)
        XCTAssertEqual(log.events.filter { $0 == "completed" }.count, 1)
        engine.dispose()
    }
}
