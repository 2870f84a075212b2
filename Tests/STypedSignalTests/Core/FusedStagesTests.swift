import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Consecutive `map`s that keep the value's type and `filter`s run in one subscription
/// (`FusedSignal`): the tests of `FusedStagesDriver` (the untyped API runs them in
/// `SFusedStagesTests`), then the typed API's own cases: a map that changes the type,
/// singles, and optional values. Each pipeline runs fused and with an opaque stage
/// between every two steps, and both runs must leave the same trace.
final class FusedStagesTests: LeakCheckedTestCase {
    func testStepsRunAsSeparateStagesRunThem() { FusedStagesDriver.stepsRunAsSeparateStagesRunThem(TypedAPI.self) }

    func testAStepThatDisposesTheSubscriptionStopsTheLaterSteps() { FusedStagesDriver.aStepThatDisposesTheSubscriptionStopsTheLaterSteps(TypedAPI.self) }

    func testWhatAStepSendsRunsWhenSeparateStagesRunIt() { FusedStagesDriver.whatAStepSendsRunsWhenSeparateStagesRunIt(TypedAPI.self) }

    func testTheStepsAreReleasedFirstToLastThenTheCallbacksWhenTheSubscriptionEnds() {
        FusedStagesDriver.theStepsAreReleasedFirstToLastThenTheCallbacks(TypedAPI.self)
    }

    func testValuesFromTwoThreadsAllRunThroughTheSteps() { FusedStagesDriver.valuesFromTwoThreadsAllRunThroughTheSteps(TypedAPI.self) }

    // MARK: The typed API's own cases

    /// `signal`, behind an opaque stage when `separated` (see `TypedAPI.opaque`).
    private func separate<T>(_ signal: Signal<T, TestError>, _ separated: Bool) -> Signal<T, TestError> {
        separated ? forwarded(signal) : signal
    }

    /// A transform of `T` that logs `"<name> <value>"` before running `body`.
    private func logged<T, R>(_ name: String, _ log: EventLog, _ body: @escaping @Sendable (T) -> R) -> @Sendable (T) -> R {
        { value in
            log.add("\(name) \(value)")
            return body(value)
        }
    }

    func testATypeChangingMapBetweenSameTypeMapsSendsWhatSeparateStagesSend() {
        // Int maps, a map to String (a stage of its own), then a filter and a map of
        // String values, which fuse over it.
        let trace = FusedStagesDriver.sameTrace { separated in
            let log = EventLog()
            let numbers = syncValues([1, 2, 3]) |> map(logged("plusOne", log) { $0 + 1 })
            let doubled = separate(numbers, separated) |> map(logged("double", log) { $0 * 2 })
            let text = separate(doubled, separated) |> map(logged("text", log) { "#\($0)" })
            let kept = separate(text, separated) |> filter(logged("notSix", log) { $0 != "#6" })
            log.record(separate(kept, separated) |> map(logged("shout", log) { $0 + "!" }))
            return log.events
        }
        XCTAssertEqual(
            trace,
            [
                "plusOne 1", "double 2", "text 4", "notSix #4", "shout #4", "next #4!",
                "plusOne 2", "double 3", "text 6", "notSix #6",
                "plusOne 3", "double 4", "text 8", "notSix #8", "shout #8", "next #8!", "completed",
            ])
    }

    func testSingleFollowedByMapAndFilterSendsItsValueOrOnlyCompletes() {
        let trace = FusedStagesDriver.sameTrace { separated in
            let log = EventLog()
            let plusOne = separate(Signal<Int, TestError>.single(2), separated) |> map(logged("plusOne", log) { $0 + 1 })
            log.record(separate(plusOne, separated) |> filter(logged("odd", log) { $0 % 2 == 1 }))
            log.record(separate(single(4, TestError.self), separated) |> filter(logged("odd", log) { $0 % 2 == 1 }))
            log.record(separate(single(5, TestError.self), separated) |> filter(logged("odd", log) { $0 % 2 == 1 }))
            let twice = separate(single(5, TestError.self), separated) |> map(logged("double", log) { $0 * 2 })
            log.record(separate(twice, separated) |> map(logged("double", log) { $0 * 2 }))
            return log.events
        }
        XCTAssertEqual(
            trace,
            [
                "plusOne 2", "odd 3", "next 3", "completed", "odd 4", "completed", "odd 5", "next 5", "completed",
                "double 5", "double 10", "next 20", "completed",
            ])
    }

    func testMapsAndFiltersOfOptionalValuesPassNilAsSeparateStagesPassIt() {
        // `Signal<Int?, E>`: a map of `Int?` keeps the type, so the steps fuse; nil is a
        // value like any other (neither dropped nor unwrapped).
        let trace = FusedStagesDriver.sameTrace { separated in
            let log = EventLog()
            let source: Signal<Int?, TestError> = syncValues([nil, 2, 3, 4])
            let kept = source |> filter(logged("notTwo", log) { $0 != 2 })
            let threeToNil = separate(kept, separated) |> map(logged("threeToNil", log) { $0 == 3 ? nil : $0 })
            let nilToZero = separate(threeToNil, separated) |> map(logged("nilToZero", log) { (value: Int?) -> Int? in value ?? 0 })
            let fused = separate(nilToZero, separated) |> filter(logged("notTwo", log) { $0 != 2 })
            log.record(separate(fused, separated) |> flatMap(logged("plusOne", log) { $0 + 1 }))
            return log.events
        }
        XCTAssertEqual(
            trace,
            [
                "notTwo nil", "threeToNil nil", "nilToZero nil", "notTwo Optional(0)", "plusOne 0", "next Optional(1)",
                "notTwo Optional(2)",
                "notTwo Optional(3)", "threeToNil Optional(3)", "nilToZero nil", "notTwo Optional(0)", "plusOne 0", "next Optional(1)",
                "notTwo Optional(4)", "threeToNil Optional(4)", "nilToZero Optional(4)", "notTwo Optional(4)", "plusOne 4",
                "next Optional(5)", "completed",
            ])
    }

    #if DEBUG
        /// The subscriptions that starting `build(source)` adds while it runs, where the
        /// source is a pipe's signal (debug builds count live subscriptions).
        private func liveSubscriptions(of build: (Signal<Int, TestError>) -> Signal<Int, TestError>) -> Int {
            let pipe = ValuePipe<Int>()
            let before = LiveSubscriptions.current
            let handle = build(TypedAPI.fallible(pipe.signal())).start()
            defer { handle.dispose() }
            return LiveSubscriptions.current - before
        }

        func testConsecutiveStepsRunInOneSubscription() {
            // Four steps, fused: as many subscriptions as one `map` alone; separated, one
            // more per opaque stage (each opaque stage starts the steps after it, which run
            // in that start's own subscription).
            let oneMap = liveSubscriptions { $0 |> map { $0 + 1 } }
            let steps = { (separated: Bool) in
                self.liveSubscriptions { source in
                    let doubled = self.separate(source |> map { $0 + 1 }, separated) |> map { $0 * 2 }
                    let kept = self.separate(doubled, separated) |> filter { $0 > 2 }
                    return self.separate(kept, separated) |> map { $0 - 1 }
                }
            }
            XCTAssertEqual(steps(false), oneMap, "fused")
            XCTAssertEqual(steps(true), oneMap + 3, "separated")
        }
    #endif
}

/// `signal` behind a generator that forwards every event: a stage the fusion cannot see
/// into.
private func forwarded<T>(_ signal: Signal<T, TestError>) -> Signal<T, TestError> {
    Signal { subscriber in
        signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
    }
}

/// The typed API's `map` and `filter` as `FusedStagesDriver` sees them: the steps are
/// chained on signals that can fail with a `TestError`; a pipe's or a generator's signal
/// gets there through `castError`.
extension TypedAPI: FusedStagesAdapter {
    typealias Fallible = STypedSignal.Signal<Int, TestError>

    static func fallible(_ signal: Signal) -> Fallible { signal |> castError(TestError.self) }

    static func failed() -> Fallible { Fallible.fail(TestError(1)) }

    static func completed() -> Fallible { Fallible.complete() }

    static func values(_ values: [Int]) -> Fallible { syncValues(values) }

    static func mapped(_ signal: Fallible, by transform: @escaping @Sendable (Int) -> Int) -> Fallible { signal |> STypedSignal.map(transform) }

    static func filtered(_ signal: Fallible, by isIncluded: @escaping @Sendable (Int) -> Bool) -> Fallible { signal |> STypedSignal.filter(isIncluded) }

    static func opaque(_ signal: Fallible) -> Fallible { forwarded(signal) }

    static func startFallible(
        _ signal: Fallible, next: @escaping (Int) -> Void, error: @escaping () -> Void, completed: @escaping () -> Void
    ) -> () -> Void {
        // The driver's callbacks record on the test's thread.
        nonisolated(unsafe) let next = next, error = error, completed = completed
        return signal.start(next: { next($0) }, error: { _ in error() }, completed: { completed() }).dispose
    }
}
