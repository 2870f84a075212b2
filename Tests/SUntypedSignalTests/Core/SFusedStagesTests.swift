import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Consecutive `map` and `filter` stages run in one subscription (`FusedSSignal`): the
/// tests of `FusedStagesDriver` (the typed API runs them in `FusedStagesTests`), then the
/// untyped API's own case, `nil` values. Each pipeline runs fused and with an opaque stage
/// between every two steps, and both runs must leave the same trace.
final class SFusedStagesTests: LeakCheckedTestCase {
    func testStepsRunAsSeparateStagesRunThem() { FusedStagesDriver.stepsRunAsSeparateStagesRunThem(UntypedAPI.self) }

    func testAStepThatDisposesTheSubscriptionStopsTheLaterSteps() { FusedStagesDriver.aStepThatDisposesTheSubscriptionStopsTheLaterSteps(UntypedAPI.self) }

    func testWhatAStepSendsRunsWhenSeparateStagesRunIt() { FusedStagesDriver.whatAStepSendsRunsWhenSeparateStagesRunIt(UntypedAPI.self) }

    func testTheStepsAreReleasedFirstToLastThenTheCallbacksWhenTheSubscriptionEnds() {
        FusedStagesDriver.theStepsAreReleasedFirstToLastThenTheCallbacks(UntypedAPI.self)
    }

    func testValuesFromTwoThreadsAllRunThroughTheSteps() { FusedStagesDriver.valuesFromTwoThreadsAllRunThroughTheSteps(UntypedAPI.self) }

    /// Over a hot source's signal the steps run in the hub's delivery to the start's own
    /// subscription (a `Stage` with a `PipeHubMemberTail`; the driver's cases above start over a pipe's
    /// signal): a variable's replay runs through them, and the subscription keeps the
    /// variable alive.
    func testAVariablesReplayRunsThroughTheStepsAndTheSubscriptionKeepsTheVariableAlive() {
        let log = OrderTrace<String>()
        weak var weakVariable: SVariable?
        var handle: SDisposable?
        do {
            let variable = SVariable()
            weakVariable = variable
            variable.set(SSignal.single(1))
            handle = variable.signal().map { ($0 as! Int) * 10 }.filter { ($0 as! Int) > 10 }.start(next: { log.append("next \($0!)") })
            variable.set(SSignal.single(2))
        }
        XCTAssertNotNil(weakVariable, "the subscription keeps the variable alive")
        weakVariable?.set(SSignal.single(3))
        handle?.dispose()
        XCTAssertNil(weakVariable)
        XCTAssertEqual(log.all, ["next 20", "next 30"])
    }

    #if DEBUG
        func testStepsOverAPipesSignalTakeNoSubscriptionOfTheirOwn() {
            let pipe = SPipe()
            let before = LiveSubscriptions.current
            let handle = pipe.signal().map { ($0 as! Int) + 1 }.filter { ($0 as! Int) > 0 }.start()
            XCTAssertEqual(LiveSubscriptions.current - before, 1)
            handle.dispose()
            XCTAssertEqual(LiveSubscriptions.current, before)
        }
    #endif

    func testLeadingFiltersAndNilValuesPassAsSeparateStagesPassThem() {
        let trace = FusedStagesDriver.sameTrace { separated in
            let log = EventLog()
            let separate = { (signal: SSignal) in separated ? UntypedAPI.opaque(signal) : signal }
            let notTwo: @Sendable (Any?) -> Bool = { value in
                log.add("notTwo \(describe(value))")
                return (value as? Int) != 2
            }
            var signal = syncValues([nil, 2, 3, 4]).filter(notTwo)
            signal = separate(signal).map { value in
                log.add("threeToNil \(describe(value))")
                return (value as? Int) == 3 ? nil : value
            }
            signal = separate(signal).map { value in
                log.add("nilToZero \(describe(value))")
                return value ?? 0
            }
            signal = separate(signal).filter(notTwo)
            log.record(signal)
            return log.events
        }
        XCTAssertEqual(
            trace,
            [
                "notTwo nil", "threeToNil nil", "nilToZero nil", "notTwo 0", "next 0", "notTwo 2", "notTwo 3", "threeToNil 3",
                "nilToZero nil", "notTwo 0", "next 0", "notTwo 4", "threeToNil 4", "nilToZero 4", "notTwo 4", "next 4", "completed",
            ])
    }
}

/// The untyped API's `map` and `filter` as `FusedStagesDriver` sees them: every signal is
/// an `SSignal` carrying `Int` values.
extension UntypedAPI: FusedStagesAdapter {
    typealias Fallible = SSignal

    static func fallible(_ signal: SSignal) -> SSignal { signal }

    static func failed() -> SSignal { SSignal.fail("e") }

    static func completed() -> SSignal { SSignal.complete() }

    static func values(_ values: [Int]) -> SSignal { syncValues(values) }

    static func mapped(_ signal: SSignal, by transform: @escaping @Sendable (Int) -> Int) -> SSignal { signal.map { transform($0 as! Int) } }

    static func filtered(_ signal: SSignal, by isIncluded: @escaping @Sendable (Int) -> Bool) -> SSignal { signal.filter { isIncluded($0 as! Int) } }

    static func opaque(_ signal: SSignal) -> SSignal {
        SSignal { subscriber in
            signal.start(next: { subscriber.putNext($0) }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    static func startFallible(
        _ signal: SSignal, next: @escaping (Int) -> Void, error: @escaping () -> Void, completed: @escaping () -> Void
    ) -> () -> Void {
        // The shared protocol keeps plain callback types; the driver's callbacks record into
        // its `OrderTrace`, which any thread may append to.
        nonisolated(unsafe) let next = next, error = error, completed = completed
        return signal.start(next: { next($0 as! Int) }, error: { _ in error() }, completed: { completed() }).dispose
    }
}
