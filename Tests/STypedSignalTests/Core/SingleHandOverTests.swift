import SignalSync
import SignalTestSupport
import XCTest

@testable import STypedSignal

/// `Signal.single` keeps its value readable (`singleValue`), and `Promise.set` and the
/// meta operators (`switchToLatest`, `queue`, `throttled` and their `mapTo...` forms)
/// take it from there instead of subscribing. Each script runs once with `single(v)` and
/// once with a signal that does the same through its generator (not recognisable); both
/// runs must log the expected lines.
final class SingleHandOverTests: LeakCheckedTestCase {
    /// Both ways of making a signal that emits `value` and completes at once.
    private static func makers<T: Sendable, E>(_: T.Type, _: E.Type) -> [(name: String, make: @Sendable (T) -> Signal<T, E>)] {
        [
            ("single", { Signal<T, E>.single($0) }),
            (
                "subscribed",
                { value in
                    Signal<T, E> { subscriber in
                        subscriber.putNext(value)
                        subscriber.putCompletion()
                        return EmptyDisposable
                    }
                }
            ),
        ]
    }

    /// Runs `script` with each maker and checks that every run logs `expected`.
    private func assertSameWithAndWithoutHandOver<T: Sendable, E>(
        _ type: T.Type, _ error: E.Type, _ expected: [String], file: StaticString = #filePath, line: UInt = #line,
        _ script: (EventLog, @escaping @Sendable (T) -> Signal<T, E>) -> Void
    ) {
        for maker in Self.makers(type, error) {
            let log = EventLog()
            script(log, maker.make)
            XCTAssertEqual(log.events, expected, maker.name, file: file, line: line)
        }
    }

    func testSingleKeepsItsValueAndOtherSignalsDoNot() {
        XCTAssertTrue(Signal<Int, NoError>.single(3).stage == .single)
        XCTAssertEqual(Signal<Int, NoError>.single(3).singleValue, 3)
        XCTAssertEqual(single("a", NoError.self).singleValue, "a")
        XCTAssertFalse(syncValues([3]).stage == .single)
        XCTAssertFalse(Signal<Int, NoError>.complete().stage == .single)
        XCTAssertFalse((Signal<Int, NoError>.single(3) |> map { $0 }).stage == .single, "an operator over a single is not a single")
    }

    // MARK: Promise.set

    func testPromiseSetWithASingleThenANonSingle() {
        let expected = ["a next 1", "a next 2", "b next 2", "source.subscribe#1", "a next 3", "b next 3", "a next 4", "b next 4", "source.dispose#1"]
        assertSameWithAndWithoutHandOver(Int.self, NoError.self, expected) { log, make in
            let promise = Promise<Int>()
            let a = log.record(promise.get(), prefix: "a ")
            promise.set(make(1))
            promise.set(make(2))
            let b = log.record(promise.get(), prefix: "b ")
            let source = ManualSource<Int, NoError>()
            promise.set(traced("source", log, source.signal))
            source.putNext(3)
            promise.set(make(4))
            source.putNext(5)
            a.dispose()
            b.dispose()
        }
    }

    func testPromiseReentrantSetFromASubscriber() {
        assertSameWithAndWithoutHandOver(Int.self, NoError.self, ["a next 1", "a next 2", "b next 2", "b next 1", "late next 2"]) { log, make in
            let promise = Promise<Int>()
            let a = promise.get().start(next: { value in
                log.add("a next \(value)")
                if value == 1 {
                    promise.set(make(2))
                }
            })
            let b = log.record(promise.get(), prefix: "b ")
            promise.set(make(1))
            let late = log.record(promise.get(), prefix: "late ")
            [a, b, late].forEach { $0.dispose() }
        }
    }

    // MARK: Meta operators

    func testMapToSignalForwardsEachSinglesValueThenCompletes() {
        assertSameWithAndWithoutHandOver(Int.self, TestError.self, ["next 10", "next 20", "completed"]) { log, make in
            log.record(syncValues([1, 2]) |> mapToSignal { make($0 * 10) })
        }
    }

    func testASingleInnerDisposesTheRunningInnerAfterItsValue() {
        let expected = ["outer.subscribe#1", "a.subscribe#1", "next 5", "next 1", "a.dispose#1", "completed", "outer.dispose#1"]
        assertSameWithAndWithoutHandOver(Int.self, NoError.self, expected) { log, make in
            let outer = ManualSource<Signal<Int, NoError>, NoError>()
            let inner = ManualSource<Int, NoError>()
            let subscription = log.record(traced("outer", log, outer.signal) |> switchToLatest)
            outer.putNext(traced("a", log, inner.signal))
            inner.putNext(5)
            outer.putNext(make(1))
            inner.putNext(6)
            outer.putCompletion()
            subscription.dispose()
        }
    }

    func testAnOuterValueSentFromTheDownstreamOfASingleInner() {
        assertSameWithAndWithoutHandOver(Int.self, NoError.self, ["outer.subscribe#1", "next 1", "next 2", "next 3", "outer.dispose#1"]) { log, make in
            let outer = ManualSource<Int, NoError>()
            let subscription = (traced("outer", log, outer.signal) |> mapToSignal(make)).start(next: { value in
                log.add("next \(value)")
                if value < 3 {
                    outer.putNext(value + 1)
                }
            })
            outer.putNext(1)
            subscription.dispose()
        }
    }

    func testDisposalFromTheDownstreamOfASingleInner() {
        assertSameWithAndWithoutHandOver(Int.self, NoError.self, ["outer.subscribe#1", "next 1", "outer.dispose#1"]) { log, make in
            let outer = ManualSource<Int, NoError>()
            nonisolated(unsafe) var subscription: Disposable?
            subscription = (traced("outer", log, outer.signal) |> mapToSignal(make)).start(next: { value in
                log.add("next \(value)")
                subscription?.dispose()
            })
            outer.putNext(1)
            outer.putNext(2)
            subscription?.dispose()
        }
    }

    func testQueueAndThrottledRunSinglesInOrder() {
        let expected = ["queue 1", "queue 2", "queue 3", "queue completed", "throttled 3", "throttled completed"]
        assertSameWithAndWithoutHandOver(Int.self, NoError.self, expected) { log, make in
            let operators: [(String, (Signal<Signal<Int, NoError>, NoError>) -> Signal<Int, NoError>)] = [("queue", queue), ("throttled", throttled)]
            for (name, flatten) in operators {
                let outer = ManualSource<Signal<Int, NoError>, NoError>()
                let gate = ManualSource<Int, NoError>()
                let subscription = flatten(outer.signal).start(next: { log.add("\(name) \($0)") }, completed: { log.add("\(name) completed") })
                // The first inner holds the others back until the gate opens.
                outer.putNext(Signal { subscriber in gate.signal.start(next: { _ in subscriber.putCompletion() }) })
                outer.putNext(make(1))
                outer.putNext(make(2))
                outer.putNext(make(3))
                outer.putCompletion()
                gate.putNext(0)
                subscription.dispose()
            }
        }
    }

    func testASingleInnerIsNotSubscribed() {
        // Its value reaches the downstream with no subscription of its own around it.
        nonisolated(unsafe) var depths: [Int] = []
        for maker in Self.makers(Int.self, TestError.self) {
            (syncValues([1]) |> mapToSignal(maker.make)).start(next: { _ in depths.append(GenerationScope.depth) })
        }
        XCTAssertEqual(depths.count, 2)
        XCTAssertEqual(depths[0] + 1, depths[1], "the subscribed inner runs one generation deeper")
    }
}
