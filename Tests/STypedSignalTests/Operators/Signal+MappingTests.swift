import Dispatch
import STypedSignal
import SignalTestSupport
import XCTest

final class SignalMappingTests: LeakCheckedTestCase {
    func testMapReleasesItsTransformThenTheDownstreamWhenItsSubscriptionEnds() {
        // The source's generator keeps its subscriber; the subscription (the map runs in the
        // start's own) still lets go of the transform, then of the closures, as soon as it
        // ends.
        // Touched by the callbacks, which run synchronously on the test's thread.
        nonisolated(unsafe) var log: [String] = []
        let held = Atomic<Subscriber<Int, NoError>?>(value: nil)
        let source = Signal<Int, NoError> { subscriber in
            held.swap(subscriber)
            return EmptyDisposable
        }
        // Only the closures hold the probes.
        func transform() -> @Sendable (Int) -> Int {
            let probe = DeinitProbe { log.append("transform released") }
            return { value in withExtendedLifetime(probe) { value * 2 } }
        }
        func completed() -> @Sendable () -> Void {
            let probe = DeinitProbe { log.append("callbacks released") }
            return {
                withExtendedLifetime(probe) {}
                log.append("completed")
            }
        }
        do {
            let handle = (source |> map(transform())).start(next: { log.append("next \($0)") }, completed: completed())
            held.with { $0 }?.putNext(1)
            held.with { $0 }?.putCompletion()
            log.append("after completion")
            withExtendedLifetime(handle) {}
        }
        XCTAssertEqual(log, ["next 2", "completed", "transform released", "callbacks released", "after completion"])
        held.swap(nil)
    }

    private func values(_ list: [Int]) -> Signal<Int, TestError> {
        Signal { subscriber in
            list.forEach(subscriber.putNext)
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }

    func testMapTransformsValuesAndForwardsTerminals() {
        let log = EventLog()
        log.record(values([1, 2]) |> map { $0 * 10 })
        log.record(Signal<Int, TestError>.fail(TestError(1)) |> map { $0 * 10 })
        XCTAssertEqual(log.events, ["next 10", "next 20", "completed", "error E1"])
    }

    func testMapDisposalDisposesUpstreamOnce() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("a", log, source.signal) |> map { $0 + 1 })
        source.putNext(1)
        handle.dispose()
        handle.dispose()
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 2", "a.dispose#1"])
    }

    func testMapEvaluatesPerSubscription() {
        let calls = Atomic(value: 0)
        let mapped =
            values([1])
            |> map { (x: Int) -> Int in
                calls.modify { $0 + 1 }
                return x
            }
        mapped.start()
        mapped.start()
        XCTAssertEqual(calls.with { $0 }, 2)
    }

    func testFilter() {
        let log = EventLog()
        log.record(values([1, 2, 3, 4]) |> filter { $0 % 2 == 0 })
        XCTAssertEqual(log.events, ["next 2", "next 4", "completed"])
    }

    func testFilterReleasesItsTestThenTheDownstreamWhenItsSubscriptionEnds() {
        // As `map`: the source keeps its subscriber, the filter stage lets go of its test
        // and of the downstream subscriber as soon as the subscription ends.
        // Touched by the callbacks, which run synchronously on the test's thread.
        nonisolated(unsafe) var log: [String] = []
        let held = Atomic<Subscriber<Int, NoError>?>(value: nil)
        let source = Signal<Int, NoError> { subscriber in
            held.swap(subscriber)
            return EmptyDisposable
        }
        func isIncluded() -> @Sendable (Int) -> Bool {
            let probe = DeinitProbe { log.append("test released") }
            return { value in withExtendedLifetime(probe) { value > 1 } }
        }
        func completed() -> @Sendable () -> Void {
            let probe = DeinitProbe { log.append("callbacks released") }
            return {
                withExtendedLifetime(probe) {}
                log.append("completed")
            }
        }
        do {
            let handle = (source |> filter(isIncluded())).start(next: { log.append("next \($0)") }, completed: completed())
            held.with { $0 }?.putNext(1)
            held.with { $0 }?.putNext(2)
            held.with { $0 }?.putCompletion()
            log.append("after completion")
            withExtendedLifetime(handle) {}
        }
        XCTAssertEqual(log, ["next 2", "completed", "test released", "callbacks released", "after completion"])
        held.swap(nil)
    }

    func testFilterForwardsErrorsAndDisposesUpstreamOnce() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.fail(TestError(1)) |> filter { _ in true })
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("a", log, source.signal) |> filter { $0 > 1 })
        source.putNext(1)
        source.putNext(2)
        handle.dispose()
        handle.dispose()
        source.putNext(3)
        XCTAssertEqual(log.events, ["error E1", "a.subscribe#1", "next 2", "a.dispose#1"])
    }

    func testATestThatDisposesTheSubscriptionDropsItsValue() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = Atomic<Disposable?>(value: nil)
        handle.swap(
            log.record(
                source.signal
                    |> filter { value in
                        if value == 2 { handle.with { $0 }?.dispose() }
                        return true
                    }))
        source.putNext(1)
        source.putNext(2)
        source.putNext(3)
        XCTAssertEqual(log.events, ["next 1"])
        withExtendedLifetime(handle) {}
    }

    func testFlatMapKeepsNil() {
        let log = EventLog()
        let optionals = Signal<Int?, NoError> { subscriber in
            subscriber.putNext(1)
            subscriber.putNext(nil)
            subscriber.putCompletion()
            return EmptyDisposable
        }
        log.record(optionals |> flatMap { $0 + 1 })
        XCTAssertEqual(log.events, ["next Optional(2)", "next nil", "completed"])
    }

    func testMapErrorAndCastError() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.fail(TestError(2)) |> mapError { "mapped \($0)" })
        log.record(Signal<Int, NoError>.single(5) |> castError(TestError.self))
        XCTAssertEqual(log.events, ["error mapped E2", "next 5", "completed"])
    }

    func testDistinctUntilChanged() {
        let log = EventLog()
        log.record(values([1, 1, 2, 2, 1, 3, 3]) |> distinctUntilChanged)
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 1", "next 3", "completed"])
    }

    func testDistinctUntilChangedOptionalNil() {
        let log = EventLog()
        let optionals = Signal<Int?, NoError> { subscriber in
            [nil, nil, 1, nil].forEach(subscriber.putNext)
            return EmptyDisposable
        }
        log.record(optionals |> distinctUntilChanged)
        XCTAssertEqual(log.events, ["next nil", "next Optional(1)", "next nil"])
    }

    func testDistinctUntilChangedComparesWithLastEmitted() {
        let log = EventLog()
        let signal =
            values([10, 11, 12, 13, 20, 19])
            |> distinctUntilChanged(isEqual: { (a: Int, b: Int) -> Bool in
                log.add("\(a)~\(b)")
                return abs(a - b) < 2
            })
        signal.start()
        XCTAssertEqual(log.events, ["10~11", "10~12", "12~13", "12~20", "20~19"])
    }

    func testDistinctStateIsPerSubscription() {
        let log = EventLog()
        let signal = values([1, 1]) |> distinctUntilChanged
        log.record(signal)
        log.record(signal)
        XCTAssertEqual(log.events, ["next 1", "completed", "next 1", "completed"])
    }

    func testIsEqualRunsOutsideAnyLockSoAConcurrentValueIsNotBlocked() {
        // A's comparison waits until B's value of the same subscription was handled: under a
        // lock that would dead-lock (B waits for the lock A holds).
        let source = ManualSource<Int, NoError>()
        let log = EventLog()
        let aComparing = DispatchSemaphore(value: 0)
        let bHandled = DispatchSemaphore(value: 0)
        let firstComparisonOfTwo = Atomic(value: true)
        disposedAtEnd(
            log.record(
                source.signal
                    |> distinctUntilChanged(isEqual: { (last: Int, value: Int) -> Bool in
                        if value == 2, firstComparisonOfTwo.swap(false) {
                            aComparing.signal()
                            log.add(bHandled.wait(timeout: .now() + 10) == .success ? "B was not blocked" : "B was blocked")
                        }
                        return last == value
                    })))
        source.putNext(1)
        Stress.run("distinct comparison outside the lock", threads: 2) { index in
            if index == 0 {
                source.putNext(2)
            } else {
                aComparing.wait()
                source.putNext(3)
                bHandled.signal()
            }
        }
        XCTAssertEqual(log.events, ["next 1", "next 3", "B was not blocked", "next 2"], "2 compared again with 3")
    }

    func testMapReleasesClosureCapturesAfterCompletion() {
        weak var weakObject: Tracked?
        let source = ManualSource<Int, TestError>()
        do {
            let object = Tracked()
            weakObject = object
            (source.signal
                |> map { (x: Int) -> Int in
                    _ = object
                    return x
                }).start()
        }
        XCTAssertNotNil(weakObject)
        source.putCompletion()
        XCTAssertNil(weakObject)
    }
}
