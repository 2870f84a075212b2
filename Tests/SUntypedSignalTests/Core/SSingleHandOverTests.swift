import SignalSync
import SignalTestSupport
import XCTest

@testable import SUntypedSignal

/// `SSignal.single` keeps its value readable (`singleValue`), and `SVariable.set` and the
/// meta operators (`switchToLatest`, `queue`, `throttled` and their `mapTo...` forms)
/// take it from there instead of subscribing. Each script below runs twice, once with
/// `single(v)` and once with a signal that does the same through its generator
/// (`syncValues([v])`, not recognisable), and both runs must log the same lines, which are
/// also checked against the expected ones.
final class SSingleHandOverTests: LeakCheckedTestCase {
    /// Both ways of making a signal that emits `value` and completes at once.
    private static var makers: [(name: String, make: @Sendable (Any?) -> SSignal)] {
        [
            ("single", { SSignal.single($0) }),
            ("subscribed", { syncValues([$0]) }),
        ]
    }

    /// Runs `script` with each maker and checks that every run logs `expected`.
    private func assertSameWithAndWithoutHandOver(
        _ expected: [String], file: StaticString = #filePath, line: UInt = #line, _ script: (EventLog, @escaping @Sendable (Any?) -> SSignal) -> Void
    ) {
        for maker in Self.makers {
            let log = EventLog()
            script(log, maker.make)
            XCTAssertEqual(log.events, expected, maker.name, file: file, line: line)
        }
    }

    func testSingleKeepsItsValueAndOtherSignalsDoNot() {
        XCTAssertTrue(SSignal.single(3).stage == .single)
        XCTAssertEqual(SSignal.single(3).singleValue as? Int, 3)
        XCTAssertTrue(SSignal.single(nil).stage == .single, "nil is a value too")
        XCTAssertNil(SSignal.single(nil).singleValue)
        XCTAssertTrue(SSignal.single(SSignal.never()).stage == .single)
        XCTAssertFalse(syncValues([3]).stage == .single)
        XCTAssertFalse(SSignal.complete().stage == .single)
        XCTAssertFalse(SSignal.single(3).map { $0 }.stage == .single, "an operator over a single is not a single")
    }

    // MARK: SVariable.set

    func testSetWithASingleFeedsEverySubscriberAndTheReplay() {
        assertSameWithAndWithoutHandOver(["a next 1", "b next 1", "a next 2", "b next 2", "c next 2"]) { log, make in
            let variable = SVariable()
            let a = variable.signal().start(next: { log.add("a next \(describe($0))") })
            let b = variable.signal().start(next: { log.add("b next \(describe($0))") })
            variable.set(make(1))
            variable.set(make(2))
            let c = variable.signal().start(next: { log.add("c next \(describe($0))") })
            [a, b, c].forEach { $0.dispose() }
        }
    }

    func testSetWithANonSingleAfterASingle() {
        assertSameWithAndWithoutHandOver(["next 1", "start source", "next 2", "next 3", "late next 3", "dispose source"]) { log, make in
            let variable = SVariable()
            let subscription = variable.signal().start(next: { log.add("next \(describe($0))") })
            variable.set(make(1))
            let pipe = SPipe()
            variable.set(
                SSignal { subscriber in
                    log.add("start source")
                    subscriber.putNext(2)
                    let piped = pipe.signal().start(next: subscriber.putNext)
                    return SBlockDisposable {
                        piped.dispose()
                        log.add("dispose source")
                    }
                })
            pipe.putNext(3)
            let late = variable.signal().start(next: { log.add("late next \(describe($0))") })
            variable.set(SSignal.never())
            pipe.putNext(4)
            subscription.dispose()
            late.dispose()
        }
    }

    func testTheReplacedSourceIsDisposedAfterTheSinglesValueWasDelivered() {
        assertSameWithAndWithoutHandOver(["start old", "next 1", "dispose old", "deinit"]) { log, make in
            var variable: SVariable? = SVariable()
            let subscription = variable!.signal().start(next: { log.add("next \(describe($0))") })
            variable!.set(tracedSignal("old", log))
            variable!.set(make(1))
            subscription.dispose()
            variable = nil
            log.add("deinit")  // a single leaves nothing for the deallocation to dispose
        }
    }

    func testASingleSetClearsTheReplayOnlyForItsOwnValue() {
        assertSameWithAndWithoutHandOver(["next 2"]) { log, make in
            let variable = SVariable()
            variable.set(make(1))
            variable.set(make(2))
            variable.signal().start(next: { log.add("next \(describe($0))") }).dispose()
        }
    }

    func testReentrantSetFromASubscriber() {
        let expected = [
            "a next 1", "a next 2", "b next 2", "b next 1", "start source",
            "a next 3", "b next 3", "dispose source", "late next 3",
        ]
        assertSameWithAndWithoutHandOver(expected) { log, make in
            let variable = SVariable()
            let a = variable.signal().start(next: { value in
                log.add("a next \(describe(value))")
                if value as? Int == 1 {
                    variable.set(make(2))  // inside the delivery of 1: b gets 2 first
                }
            })
            let b = variable.signal().start(next: { log.add("b next \(describe($0))") })
            variable.set(make(1))
            variable.set(tracedSignal("source", log))
            variable.set(make(3))
            let late = variable.signal().start(next: { log.add("late next \(describe($0))") })
            [a, b, late].forEach { $0.dispose() }
        }
    }

    func testSourcesSetFromInsideASinglesDeliveryAreReplacedByTheSingle() {
        // A subscriber sets two sources while the single's value is being delivered: the
        // second one clears the value and replaces the first; then the single's own set
        // ends by replacing the second (its start had not returned yet), so no source is
        // left running and nothing is replayed.
        assertSameWithAndWithoutHandOver(["start inner", "start old", "dispose inner", "dispose old"]) { log, make in
            let variable = SVariable()
            variable.set(SSignal.never())
            let once = Cell(true)
            let a = variable.signal().start(next: { value in
                if once.value {
                    once.value = false
                    variable.set(tracedSignal("inner", log))
                    variable.set(tracedSignal("old", log))
                }
            })
            variable.set(make(1))
            variable.signal().start(next: { log.add("next \(describe($0))") }).dispose()
            a.dispose()
            variable.set(SSignal.never())
        }
    }

    // MARK: Meta operators

    func testMapToSignalForwardsEachSinglesValueThenCompletes() {
        assertSameWithAndWithoutHandOver(["next 10", "next 20", "next nil", "completed"]) { log, make in
            syncValues([1, 2, nil])
                .mapToSignal { value in make((value as? Int).map { $0 * 10 }) }
                .start(next: log.next, error: log.error, completed: log.completed)
        }
    }

    func testASingleInnerDisposesTheRunningInnerAfterItsValue() {
        assertSameWithAndWithoutHandOver(["start a", "next a1", "next 1", "dispose a", "completed", "outer disposals 1"]) { log, make in
            let outer = ManualSource()
            let subscription = outer.signal.switchToLatest().start(next: log.next, error: log.error, completed: log.completed)
            outer.next(tracedSignal("a", log) { $0.putNext("a1") })
            outer.next(make(1))
            outer.complete()
            subscription.dispose()
            log.add("outer disposals \(outer.disposeCount)")
        }
    }

    func testAnOuterValueSentFromTheDownstreamOfASingleInner() {
        assertSameWithAndWithoutHandOver(["next 1", "next 2", "next 3"]) { log, make in
            let outer = SPipe()
            let subscription = outer.signal().switchToLatest().start(next: { value in
                log.add("next \(describe(value))")
                if let number = value as? Int, number < 3 {
                    outer.putNext(make(number + 1))
                }
            })
            outer.putNext(make(1))
            subscription.dispose()
        }
    }

    func testDisposalFromTheDownstreamOfASingleInner() {
        assertSameWithAndWithoutHandOver(["next 1", "dispose outer"]) { log, make in
            let pipe = SPipe()
            let subscription = Cell<SDisposable?>(nil)
            let handle = SSignal { subscriber in
                let piped = pipe.signal().start(next: subscriber.putNext)
                return SBlockDisposable {
                    piped.dispose()
                    log.add("dispose outer")
                }
            }
            .switchToLatest()
            .start(next: { value in
                log.add("next \(describe(value))")
                subscription.value?.dispose()
            })
            subscription.value = handle
            pipe.putNext(make(1))
            pipe.putNext(make(2))
            handle.dispose()
        }
    }

    func testQueueAndThrottledRunSinglesInOrder() {
        assertSameWithAndWithoutHandOver(["queue 1", "queue 2", "queue 3", "queue completed", "throttled 3", "throttled completed"]) {
            log, make in
            for (name, flatten) in [("queue", { (s: SSignal) in s.queue() }), ("throttled", { (s: SSignal) in s.throttled() })] {
                let outer = ManualSource()
                let gate = SPipe()
                let subscription = flatten(outer.signal)
                    .start(next: { log.add("\(name) \(describe($0))") }, completed: { log.add("\(name) completed") })
                // The first inner holds the others back until the gate opens.
                outer.next(SSignal { subscriber in gate.signal().start(next: { _ in subscriber.putCompletion() }) })
                outer.next(make(1))
                outer.next(make(2))
                outer.next(make(3))
                outer.complete()
                gate.putNext(nil)
                subscription.dispose()
            }
        }
    }

    func testASingleInnerAfterTheOutputFailedSendsNothing() {
        assertSameWithAndWithoutHandOver(["next 1", "error e"]) { log, make in
            let inners: [SSignal] = [make(1), .fail("e"), make(2)]
            syncValues(inners).switchToLatest().start(next: log.next, error: log.error, completed: log.completed)
        }
    }

    func testASingleInnerIsNotSubscribed() {
        // Its value reaches the downstream with no subscription of its own around it.
        let depths = Cell<[Int]>([])
        for maker in Self.makers {
            syncValues([1]).mapToSignal(maker.make).start(next: { _ in depths.value.append(GenerationScope.depth) })
        }
        XCTAssertEqual(depths.value.count, 2)
        XCTAssertEqual(depths.value[0] + 1, depths.value[1], "the subscribed inner runs one generation deeper")
    }
}
