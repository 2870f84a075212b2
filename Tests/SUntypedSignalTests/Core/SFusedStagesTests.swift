import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Consecutive `map` and `filter` stages run in one subscription (`FusedSSignal`): each
/// pipeline here runs twice, fused and with an opaque stage between every two steps
/// (which the fusion cannot see into, so every step keeps a subscription of its own), and
/// both runs must leave the same trace: the steps' calls, the events, the disposals and
/// the releases.
final class SFusedStagesTests: LeakCheckedTestCase {
    /// `signal` behind a stage the fusion cannot see into: forwards every event.
    private func opaque(_ signal: SSignal) -> SSignal {
        SSignal { subscriber in
            signal.start(next: { subscriber.putNext($0) }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// A step of a test pipeline, logging each call.
    private enum Step {
        case map(String, (Any?) -> Any?)
        case filter(String, (Any?) -> Bool)
    }

    /// `steps` after `source`, fused (`separated` false) or each behind an opaque stage.
    private func pipeline(_ source: SSignal, _ steps: [Step], separated: Bool, log: Recorder) -> SSignal {
        var signal = source
        for step in steps {
            if separated {
                signal = opaque(signal)
            }
            switch step {
            case .map(let name, let transform):
                signal = signal.map { value in
                    log.log("\(name) \(describe(value))")
                    return transform(value)
                }
            case .filter(let name, let isIncluded):
                signal = signal.filter { value in
                    log.log("\(name) \(describe(value))")
                    return isIncluded(value)
                }
            }
        }
        return signal
    }

    /// The trace of `run` on the pipeline, fused and separated; asserts they are equal
    /// and returns the fused one.
    private func sameTrace(
        _ steps: [Step], file: StaticString = #filePath, line: UInt = #line,
        run: (_ build: (SSignal) -> SSignal, _ log: Recorder) -> Void
    ) -> [String] {
        var traces: [[String]] = []
        for separated in [false, true] {
            let log = Recorder()
            run({ self.pipeline($0, steps, separated: separated, log: log) }, log)
            traces.append(log.events)
        }
        XCTAssertEqual(traces[0], traces[1], "fused, then separated", file: file, line: line)
        return traces[0]
    }

    private let plusOne = Step.map("plusOne") { ($0 as! Int) + 1 }
    private let even = Step.filter("even") { ($0 as! Int) % 2 == 0 }
    private let double = Step.map("double") { ($0 as! Int) * 2 }

    func testMapFilterMapSendsWhatSeparateStagesSend() {
        let trace = sameTrace([plusOne, even, double]) { build, log in
            let signal = build(syncValues([1, 2, 3]))
            log.record(signal)
        }
        XCTAssertEqual(
            trace,
            [
                "plusOne 1", "even 2", "double 2", "next 4", "plusOne 2", "even 3", "plusOne 3", "even 4", "double 4", "next 8",
                "completed",
            ])
    }

    func testLeadingFiltersAndNilValuesPassAsSeparateStagesPassThem() {
        let notTwo = Step.filter("notTwo") { ($0 as? Int) != 2 }
        let threeToNil = Step.map("threeToNil") { ($0 as? Int) == 3 ? nil : $0 }
        let nilToZero = Step.map("nilToZero") { $0 ?? 0 }
        let trace = sameTrace([notTwo, threeToNil, nilToZero, notTwo]) { build, log in
            log.record(build(syncValues([nil, 2, 3, 4])))
        }
        XCTAssertEqual(
            trace,
            [
                "notTwo nil", "threeToNil nil", "nilToZero nil", "notTwo 0", "next 0", "notTwo 2", "notTwo 3", "threeToNil 3",
                "nilToZero nil", "notTwo 0", "next 0", "notTwo 4", "threeToNil 4", "nilToZero 4", "notTwo 4", "next 4", "completed",
            ])
    }

    func testErrorsAndCompletionPassThroughWithoutCallingAStep() {
        let failing = sameTrace([plusOne, even]) { build, log in
            log.record(build(SSignal.fail("e")))
        }
        XCTAssertEqual(failing, ["error e"])
        let completing = sameTrace([even, plusOne]) { build, log in
            log.record(build(SSignal.complete()))
        }
        XCTAssertEqual(completing, ["completed"])
    }

    func testAMapThatDisposesTheSubscriptionStopsTheLaterSteps() {
        let handle = Atomic<SDisposable?>(value: nil)
        let disposing = Step.map("disposing") { value in
            if (value as! Int) == 2 {
                handle.with { $0 }?.dispose()
            }
            return value
        }
        let trace = sameTrace([plusOne, disposing, even, double]) { build, log in
            let pipe = SPipe()
            let source = tracedSignal("source", log) { subscriber in
                _ = pipe.signal().start(next: { subscriber.putNext($0) })
            }
            _ = handle.swap(log.record(build(source)))
            pipe.putNext(0)
            pipe.putNext(1)
            pipe.putNext(2)
        }
        XCTAssertEqual(
            trace, ["start source", "plusOne 0", "disposing 1", "even 1", "plusOne 1", "disposing 2", "dispose source"])
    }

    func testAFilterThatDisposesTheSubscriptionStopsTheLaterSteps() {
        let handle = Atomic<SDisposable?>(value: nil)
        let disposing = Step.filter("disposing") { value in
            handle.with { $0 }?.dispose()
            return true
        }
        let trace = sameTrace([disposing, plusOne]) { build, log in
            let pipe = SPipe()
            _ = handle.swap(log.record(build(pipe.signal())))
            pipe.putNext(1)
            pipe.putNext(2)
        }
        XCTAssertEqual(trace, ["disposing 1"])
    }

    func testAValueSentBackIntoTheSourceRunsThroughEveryStepBeforeTheStepThatSentItReturns() {
        // The source's own subscriber, called from inside a step: depth first.
        let held = Atomic<SSubscriber?>(value: nil)
        let echo = Step.map("echo") { value in
            if (value as! Int) == 1 {
                held.with { $0 }?.putNext(10)
            }
            return value
        }
        let trace = sameTrace([plusOne, echo, double]) { build, log in
            let source = SSignal { subscriber in
                _ = held.swap(subscriber)
                return nil
            }
            let handle = log.record(build(source))
            held.with { $0 }?.putNext(0)
            handle.dispose()
            _ = held.swap(nil)
        }
        XCTAssertEqual(trace, ["plusOne 0", "echo 1", "plusOne 10", "echo 11", "double 11", "next 22", "double 1", "next 2"])
    }

    func testAStepThatCompletesTheSourceStopsTheLaterSteps() {
        // The completion runs through to the sink from inside the step: the value that
        // ran the step goes no further.
        let held = Atomic<SSubscriber?>(value: nil)
        let completing = Step.map("completing") { value in
            if (value as! Int) == 2 {
                held.with { $0 }?.putCompletion()
            }
            return value
        }
        let trace = sameTrace([plusOne, completing, double]) { build, log in
            let source = SSignal { subscriber in
                _ = held.swap(subscriber)
                return nil
            }
            log.record(build(source))
            held.with { $0 }?.putNext(0)
            held.with { $0 }?.putNext(1)
            held.with { $0 }?.putNext(2)
            _ = held.swap(nil)
        }
        XCTAssertEqual(trace, ["plusOne 0", "completing 1", "double 1", "next 2", "plusOne 1", "completing 2", "completed"])
    }

    func testAValuePutIntoAPipeFromAStepRunsAfterTheValueThatRanTheStep() {
        // A pipe delivers a push made during its delivery after the current value.
        let pipe = SPipe()
        let echo = Step.map("echo") { value in
            if (value as! Int) == 1 {
                pipe.putNext(10)
            }
            return value
        }
        let trace = sameTrace([plusOne, echo, double]) { build, log in
            let handle = log.record(build(pipe.signal()))
            pipe.putNext(0)
            handle.dispose()
        }
        XCTAssertEqual(trace, ["plusOne 0", "echo 1", "double 1", "next 2", "plusOne 10", "echo 11", "double 11", "next 22"])
    }

    func testAChainLongerThanOneStageRunsEveryStep() {
        // Twenty steps: more than one fused stage holds, so stages of steps follow each other.
        let steps = (0..<20).map { index in
            index % 5 == 4 ? Step.filter("f\(index)") { ($0 as! Int) % 7 != 0 } : Step.map("m\(index)") { ($0 as! Int) + 1 }
        }
        let trace = sameTrace(steps) { build, log in
            log.record(build(syncValues([0, 1, 2])))
        }
        XCTAssertEqual(trace.filter { $0.hasPrefix("next") || $0 == "completed" }, ["next 16", "next 17", "completed"])
    }

    func testAStageExtendedTwoWaysKeepsEachWayItsOwnSteps() {
        let log = Recorder()
        let shared = syncValues([1, 2]).map { ($0 as! Int) * 10 }
        let filtered = shared.filter { ($0 as! Int) > 10 }
        let mapped = shared.map { ($0 as! Int) + 1 }
        let both = filtered.map { ($0 as! Int) * 2 }
        for signal in [shared, filtered, mapped, both] {
            log.record(signal)
        }
        XCTAssertEqual(
            log.events,
            [
                "next 10", "next 20", "completed", "next 20", "completed", "next 11", "next 21", "completed", "next 40",
                "completed",
            ])
    }

    func testTheStepsAreReleasedFirstToLastThenTheCallbacksWhenTheSubscriptionEnds() {
        // Only the subscription holds the steps once the signals are gone: ending it
        // releases them in the order the separate stages released them.
        for separated in [false, true] {
            let log = Recorder()
            let pipe = SPipe()
            var handle: SDisposable?
            do {
                let first = DeinitProbe { log.log("first released") }
                let second = DeinitProbe { log.log("second released") }
                let third = DeinitProbe { log.log("third released") }
                let callbacks = DeinitProbe { log.log("callbacks released") }
                var signal = pipe.signal().map { value in withExtendedLifetime(first) { value } }
                if separated { signal = opaque(signal) }
                signal = signal.filter { _ in withExtendedLifetime(second) { true } }
                if separated { signal = opaque(signal) }
                signal = signal.map { value in withExtendedLifetime(third) { value } }
                handle = signal.start(next: { value in withExtendedLifetime(callbacks) { log.log("next \(describe(value))") } })
            }
            pipe.putNext(1)
            log.log("disposing")
            handle?.dispose()
            log.log("disposed")
            XCTAssertEqual(
                log.events,
                ["next 1", "disposing", "first released", "second released", "third released", "callbacks released", "disposed"],
                separated ? "separated" : "fused")
            withExtendedLifetime(handle) {}
        }
    }

    func testValuesFromTwoThreadsAllRunThroughTheSteps() {
        let pipe = SPipe()
        let received = Atomic<Int>(value: 0)
        let handle = pipe.signal().map { ($0 as! Int) + 1 }.filter { ($0 as! Int) > 0 }.map { ($0 as! Int) * 2 }
            .start(next: { value in _ = received.modify { $0 + (value as! Int) } })
        let perThread = Stress.underThreadSanitizer ? 500 : 5_000
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for value in 0..<perThread {
                pipe.putNext(value)
            }
        }
        handle.dispose()
        // Each value v arrives as 2(v + 1), from both threads.
        XCTAssertEqual(received.with { $0 }, 2 * 2 * (perThread * (perThread + 1) / 2))
    }
}
