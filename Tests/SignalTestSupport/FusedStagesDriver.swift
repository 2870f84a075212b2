import Foundation
import SignalSync
import XCTest

/// One API's `map` and `filter` as `FusedStagesDriver` sees them, beyond the signals of
/// `SignalAPIAdapter`: the steps are chained on signals that can fail (`Fallible`), and
/// an opaque stage that the fusion cannot see into separates them.
public protocol FusedStagesAdapter: SignalAPIAdapter {
    /// The signals of integers the steps are chained on (the typed API's fail with a
    /// `TestError`; the untyped API's are its `SSignal`).
    associatedtype Fallible

    /// `signal` as a signal the steps are chained on.
    static func fallible(_ signal: Signal) -> Fallible
    /// A signal that fails at once.
    static func failed() -> Fallible
    /// A signal that completes at once.
    static func completed() -> Fallible
    /// On each start, `values` then completion, synchronously.
    static func values(_ values: [Int]) -> Fallible
    /// `signal` followed by the API's `map`.
    static func mapped(_ signal: Fallible, by transform: @escaping @Sendable (Int) -> Int) -> Fallible
    /// `signal` followed by the API's `filter`.
    static func filtered(_ signal: Fallible, by isIncluded: @escaping @Sendable (Int) -> Bool) -> Fallible
    /// `signal` behind a stage the fusion cannot see into (a generator forwarding every
    /// event), so that the step after it keeps a subscription of its own.
    static func opaque(_ signal: Fallible) -> Fallible
    /// Starts `signal` (an error is reported without its value); returns what disposes
    /// the subscription.
    @discardableResult
    static func startFallible(
        _ signal: Fallible, next: @escaping (Int) -> Void, error: @escaping () -> Void, completed: @escaping () -> Void
    ) -> () -> Void
}

/// Consecutive `map` and `filter` stages run in one subscription (typed `FusedSignal`,
/// untyped `FusedSSignal`), written once for both APIs (`FusedStagesTests`,
/// `SFusedStagesTests`): each pipeline runs twice, fused and with an opaque stage between
/// every two steps (so that every step keeps a subscription of its own), and both runs
/// must leave the same trace: the steps' calls, the events, the disposals and the
/// releases.
public enum FusedStagesDriver {
    /// Runs `run` fused (`separated` false), then separated; asserts that the two traces
    /// it returns are equal and returns the fused one. For a pipeline the driver does not
    /// build itself (one of an API's own value types).
    @discardableResult
    public static func sameTrace(file: StaticString = #filePath, line: UInt = #line, _ run: (_ separated: Bool) -> [String]) -> [String] {
        let fused = run(false)
        let separated = run(true)
        XCTAssertEqual(fused, separated, "fused, then separated", file: file, line: line)
        return fused
    }

    /// A step of a test pipeline: its name (logged with each value it sees) and what it does.
    enum Step {
        case map(String, @Sendable (Int) -> Int)
        case filter(String, @Sendable (Int) -> Bool)
    }

    static var plusOne: Step { .map("plusOne") { $0 + 1 } }
    static var even: Step { .filter("even") { $0 % 2 == 0 } }
    static var double: Step { .map("double") { $0 * 2 } }

    /// `steps` after `source`, fused or each behind an opaque stage, logging each call.
    static func pipeline<A: FusedStagesAdapter>(
        _ api: A.Type, _ source: A.Fallible, _ steps: [Step], separated: Bool, log: OrderTrace<String>
    ) -> A.Fallible {
        var signal = source
        for step in steps {
            if separated {
                signal = A.opaque(signal)
            }
            switch step {
            case .map(let name, let transform):
                signal = A.mapped(signal) { value in
                    log.append("\(name) \(value)")
                    return transform(value)
                }
            case .filter(let name, let isIncluded):
                signal = A.filtered(signal) { value in
                    log.append("\(name) \(value)")
                    return isIncluded(value)
                }
            }
        }
        return signal
    }

    /// Starts `signal`, logging `next <v>`, `error` and `completed`.
    @discardableResult
    static func record<A: FusedStagesAdapter>(_ api: A.Type, _ signal: A.Fallible, into log: OrderTrace<String>) -> () -> Void {
        A.startFallible(signal, next: { log.append("next \($0)") }, error: { log.append("error") }, completed: { log.append("completed") })
    }

    /// The trace of `run` on the pipeline of `steps`, fused and separated (`sameTrace`):
    /// `run` gets what puts the steps after a source, and the log.
    static func sameTrace<A: FusedStagesAdapter>(
        _ api: A.Type, _ steps: [Step], file: StaticString, line: UInt,
        run: (_ build: (A.Fallible) -> A.Fallible, _ log: OrderTrace<String>) -> Void
    ) -> [String] {
        sameTrace(file: file, line: line) { separated in
            let log = OrderTrace<String>()
            run({ pipeline(A.self, $0, steps, separated: separated, log: log) }, log)
            return log.all
        }
    }

    /// A source of `pipe`'s values that logs `start source` and `dispose source`.
    static func tracedSource<A: FusedStagesAdapter>(_ api: A.Type, of pipe: A.Pipe, _ log: OrderTrace<String>) -> A.Fallible {
        A.fallible(
            A.signal { subscriber in
                log.append("start source")
                nonisolated(unsafe) let inner = A.start(A.signal(of: pipe), next: { A.putNext($0, to: subscriber) })
                return {
                    log.append("dispose source")
                    inner()
                }
            })
    }

    /// A source that hands its subscriber to `held` and leaves it there.
    static func heldSource<A: FusedStagesAdapter>(_ api: A.Type, _ held: Atomic<A.Subscriber?>) -> A.Fallible {
        A.fallible(
            A.signal { subscriber in
                held.swap(subscriber)
                return nil
            })
    }

    /// What the steps see and send, fused as separated: `map`, `filter`, `map` over values;
    /// an error and a completion, which call no step; a chain of twenty steps, more than
    /// one fused stage; a stage extended two ways, each way running its own steps.
    public static func stepsRunAsSeparateStagesRunThem<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        mapFilterMapSendsWhatSeparateStagesSend(A.self, file: file, line: line)
        errorsAndCompletionPassThroughWithoutCallingAStep(A.self, file: file, line: line)
        aChainLongerThanOneStageRunsEveryStep(A.self, file: file, line: line)
        aStageExtendedTwoWaysKeepsEachWayItsOwnSteps(A.self, file: file, line: line)
    }

    /// A `map`, then a `filter`, that disposes the subscription: the steps after it do not
    /// run, for that value or any later one.
    public static func aStepThatDisposesTheSubscriptionStopsTheLaterSteps<A: FusedStagesAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        aMapThatDisposesTheSubscriptionStopsTheLaterSteps(A.self, file: file, line: line)
        aFilterThatDisposesTheSubscriptionStopsTheLaterSteps(A.self, file: file, line: line)
    }

    /// What a step sends runs when separate stages run it: a value sent back into the
    /// source runs through every step first (depth first), a completion of the source
    /// stops the later steps, and a value pushed into a pipe runs after the current one.
    public static func whatAStepSendsRunsWhenSeparateStagesRunIt<A: FusedStagesAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        aValueSentBackIntoTheSourceRunsThroughEveryStepFirst(A.self, file: file, line: line)
        aStepThatCompletesTheSourceStopsTheLaterSteps(A.self, file: file, line: line)
        aValuePushedIntoAPipeFromAStepRunsAfterTheCurrentValue(A.self, file: file, line: line)
    }

    /// `map`, `filter`, `map` over `[1, 2, 3]`: each value runs the steps in order and
    /// stops at the filter that drops it.
    static func mapFilterMapSendsWhatSeparateStagesSend<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let trace = sameTrace(A.self, [plusOne, even, double], file: file, line: line) { build, log in
            record(A.self, build(A.values([1, 2, 3])), into: log)
        }
        XCTAssertEqual(
            trace,
            [
                "plusOne 1", "even 2", "double 2", "next 4", "plusOne 2", "even 3", "plusOne 3", "even 4", "double 4", "next 8",
                "completed",
            ], file: file, line: line)
    }

    /// An error and a completion reach the subscriber without calling any step.
    static func errorsAndCompletionPassThroughWithoutCallingAStep<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let failing = sameTrace(A.self, [plusOne, even], file: file, line: line) { build, log in
            record(A.self, build(A.failed()), into: log)
        }
        XCTAssertEqual(failing, ["error"], file: file, line: line)
        let completing = sameTrace(A.self, [even, plusOne], file: file, line: line) { build, log in
            record(A.self, build(A.completed()), into: log)
        }
        XCTAssertEqual(completing, ["completed"], file: file, line: line)
    }

    /// A `map` that disposes the subscription: the value that ran it goes no further, and
    /// the source is disposed.
    static func aMapThatDisposesTheSubscriptionStopsTheLaterSteps<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let handle = Atomic<(() -> Void)?>(value: nil)
        let disposing = Step.map("disposing") { value in
            if value == 2 {
                handle.with { $0 }?()
            }
            return value
        }
        let trace = sameTrace(A.self, [plusOne, disposing, even, double], file: file, line: line) { build, log in
            let pipe = A.makePipe()
            handle.swap(record(A.self, build(tracedSource(A.self, of: pipe, log)), into: log))
            for value in 0...2 {
                A.push(value, into: pipe)
            }
            handle.swap(nil)
        }
        XCTAssertEqual(
            trace, ["start source", "plusOne 0", "disposing 1", "even 1", "plusOne 1", "disposing 2", "dispose source"],
            file: file, line: line)
    }

    /// A `filter` that disposes the subscription: nothing after it runs, then or later.
    static func aFilterThatDisposesTheSubscriptionStopsTheLaterSteps<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let handle = Atomic<(() -> Void)?>(value: nil)
        let disposing = Step.filter("disposing") { _ in
            handle.with { $0 }?()
            return true
        }
        let trace = sameTrace(A.self, [disposing, plusOne], file: file, line: line) { build, log in
            let pipe = A.makePipe()
            handle.swap(record(A.self, build(A.fallible(A.signal(of: pipe))), into: log))
            A.push(1, into: pipe)
            A.push(2, into: pipe)
            handle.swap(nil)
        }
        XCTAssertEqual(trace, ["disposing 1"], file: file, line: line)
    }

    /// A step that sends a value into the source's own subscriber: that value runs
    /// through every step, depth first, before the step that sent it returns.
    static func aValueSentBackIntoTheSourceRunsThroughEveryStepFirst<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let held = Atomic<A.Subscriber?>(value: nil)
        let echo = Step.map("echo") { value in
            if value == 1, let subscriber = held.with({ $0 }) {
                A.putNext(10, to: subscriber)
            }
            return value
        }
        let trace = sameTrace(A.self, [plusOne, echo, double], file: file, line: line) { build, log in
            let dispose = record(A.self, build(heldSource(A.self, held)), into: log)
            held.with { $0 }.map { A.putNext(0, to: $0) }
            dispose()
            held.swap(nil)
        }
        XCTAssertEqual(
            trace, ["plusOne 0", "echo 1", "plusOne 10", "echo 11", "double 11", "next 22", "double 1", "next 2"], file: file, line: line)
    }

    /// A step that completes the source: the completion runs through to the subscriber
    /// from inside the step, and the value that ran the step goes no further.
    static func aStepThatCompletesTheSourceStopsTheLaterSteps<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let held = Atomic<A.Subscriber?>(value: nil)
        let completing = Step.map("completing") { value in
            if value == 2, let subscriber = held.with({ $0 }) {
                A.putCompletion(to: subscriber)
            }
            return value
        }
        let trace = sameTrace(A.self, [plusOne, completing, double], file: file, line: line) { build, log in
            record(A.self, build(heldSource(A.self, held)), into: log)
            for value in 0...2 {
                held.with { $0 }.map { A.putNext(value, to: $0) }
            }
            held.swap(nil)
        }
        XCTAssertEqual(trace, ["plusOne 0", "completing 1", "double 1", "next 2", "plusOne 1", "completing 2", "completed"], file: file, line: line)
    }

    /// A step that pushes into the pipe it listens to: a pipe delivers a push made during
    /// its delivery after the current value, which finishes every step first.
    static func aValuePushedIntoAPipeFromAStepRunsAfterTheCurrentValue<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let pipe = A.makePipe()
        let echo = Step.map("echo") { value in
            if value == 1 {
                A.push(10, into: pipe)
            }
            return value
        }
        let trace = sameTrace(A.self, [plusOne, echo, double], file: file, line: line) { build, log in
            let dispose = record(A.self, build(A.fallible(A.signal(of: pipe))), into: log)
            A.push(0, into: pipe)
            dispose()
        }
        XCTAssertEqual(
            trace, ["plusOne 0", "echo 1", "double 1", "next 2", "plusOne 10", "echo 11", "double 11", "next 22"], file: file, line: line)
    }

    /// Twenty steps, more than one fused stage holds: the stages of steps follow each
    /// other and every value runs every step.
    static func aChainLongerThanOneStageRunsEveryStep<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let steps = (0..<20).map { index in
            index % 5 == 4 ? Step.filter("f\(index)") { $0 % 7 != 0 } : Step.map("m\(index)") { $0 + 1 }
        }
        let trace = sameTrace(A.self, steps, file: file, line: line) { build, log in
            record(A.self, build(A.values([0, 1, 2])), into: log)
        }
        XCTAssertEqual(trace.filter { $0.hasPrefix("next") || $0 == "completed" }, ["next 16", "next 17", "completed"], file: file, line: line)
        // 0 and 1 pass every filter; 2 reaches f14 as 14 and stops there: 20 + 20 + 15
        // step calls.
        XCTAssertEqual(trace.count - 3, 55, file: file, line: line)
    }

    /// A stage followed by a `filter` and, apart, by a `map`: each signal runs its own
    /// steps, and the stage itself runs only its own.
    static func aStageExtendedTwoWaysKeepsEachWayItsOwnSteps<A: FusedStagesAdapter>(_ api: A.Type, file: StaticString, line: UInt) {
        let log = OrderTrace<String>()
        let shared = A.mapped(A.values([1, 2])) { $0 * 10 }
        let filtered = A.filtered(shared) { $0 > 10 }
        let mapped = A.mapped(shared) { $0 + 1 }
        let both = A.mapped(filtered) { $0 * 2 }
        for signal in [shared, filtered, mapped, both] {
            record(A.self, signal, into: log)
        }
        XCTAssertEqual(
            log.all,
            ["next 10", "next 20", "completed", "next 20", "completed", "next 11", "next 21", "completed", "next 40", "completed"],
            file: file, line: line)
    }

    /// Once the signals are gone only the subscription holds the steps: ending it
    /// releases them first to last, then the subscriber's callbacks, as the separate
    /// stages did.
    public static func theStepsAreReleasedFirstToLastThenTheCallbacks<A: FusedStagesAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        sameTrace(file: file, line: line) { separated in
            let log = OrderTrace<String>()
            let pipe = A.makePipe()
            var dispose: (() -> Void)?
            do {
                let first = DeinitProbe { log.append("first released") }
                let second = DeinitProbe { log.append("second released") }
                let third = DeinitProbe { log.append("third released") }
                let callbacks = DeinitProbe { log.append("callbacks released") }
                let separate = { (signal: A.Fallible) in separated ? A.opaque(signal) : signal }
                var signal = A.mapped(A.fallible(A.signal(of: pipe))) { value in withExtendedLifetime(first) { value } }
                signal = A.filtered(separate(signal)) { _ in withExtendedLifetime(second) { true } }
                signal = A.mapped(separate(signal)) { value in withExtendedLifetime(third) { value } }
                dispose = A.startFallible(
                    signal, next: { value in withExtendedLifetime(callbacks) { log.append("next \(value)") } }, error: {}, completed: {})
            }
            A.push(1, into: pipe)
            log.append("disposing")
            dispose?()
            log.append("disposed")
            XCTAssertEqual(
                log.all, ["next 1", "disposing", "first released", "second released", "third released", "callbacks released", "disposed"],
                separated ? "separated" : "fused", file: file, line: line)
            // The handle, still held: disposing alone released everything.
            withExtendedLifetime(dispose) {}
            return log.all
        }
    }

    /// `map`, `filter`, `map` over a pipe that two threads push into at once: every
    /// value runs through the steps.
    public static func valuesFromTwoThreadsAllRunThroughTheSteps<A: FusedStagesAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let pipe = A.makePipe()
        let received = Atomic<Int>(value: 0)
        let signal = A.mapped(A.filtered(A.mapped(A.fallible(A.signal(of: pipe))) { $0 + 1 }) { $0 > 0 }) { $0 * 2 }
        let dispose = A.startFallible(signal, next: { value in received.modify { $0 + value } }, error: {}, completed: {})
        let perThread = Stress.underThreadSanitizer ? 500 : 5_000
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for value in 0..<perThread {
                A.push(value, into: pipe)
            }
        }
        dispose()
        // Each value v arrives as 2(v + 1), from both threads.
        XCTAssertEqual(received.with { $0 }, 2 * 2 * (perThread * (perThread + 1) / 2), file: file, line: line)
    }
}
