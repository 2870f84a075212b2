import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SignalLoopTests: LeakCheckedTestCase {
    private static func describe(_ state: SignalFeedbackLoopState<Int>) -> String {
        switch state {
        case .initial: return "initial"
        case .loop(let value): return "loop(\(value))"
        }
    }

    func testOnceReturningNilAtFirstCompletesAtOnce() {
        let log = EventLog()
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { (state: SignalFeedbackLoopState<Int>) -> Signal<Int, TestError>? in
                log.add("once \(Self.describe(state))")
                return nil
            },
            reduce: { _, _ in
                log.add("reduce")
                return 0
            })
        log.record(signal)
        XCTAssertEqual(log.events, ["once initial", "completed"])
    }

    func testDocumentedExampleEmitsRunningSums() {
        let log = EventLog()
        let sums: Signal<Int, NoError> = feedbackLoop(
            once: { (state: SignalFeedbackLoopState<Int>) -> Signal<Int, NoError>? in
                switch state {
                case .initial: return .single(1)
                case .loop(let sum): return sum < 4 ? .single(sum) : nil
                }
            }, reduce: +)
        log.record(sums)
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 4", "completed"])
    }

    func testPassesLoopOfRunningValueAndReducesAcrossIterations() {
        let log = EventLog()
        let iterations: [[Int]] = [[1, 2], [10], [], [100]]
        let index = Atomic(value: 0)
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { state in
                log.add("once \(Self.describe(state))")
                guard index.with({ $0 }) < iterations.count else { return nil }
                let values = iterations[index.modify { $0 + 1 } - 1]
                return Signal { subscriber in
                    values.forEach(subscriber.putNext)
                    subscriber.putCompletion()
                    return EmptyDisposable
                }
            },
            reduce: { running, value in
                log.add("reduce \(running) \(value)")
                return running + value
            })
        log.record(signal)
        XCTAssertEqual(
            log.events,
            [
                "once initial", "next 1", "reduce 1 2", "next 3",
                "once loop(3)", "reduce 3 10", "next 13",
                "once loop(13)",
                "once loop(13)", "reduce 13 100", "next 113",
                "once loop(113)", "completed",
            ])
    }

    func testEmptyIterationsKeepPassingInitial() {
        let log = EventLog()
        let calls = Atomic(value: 0)
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { state in
                log.add("once \(Self.describe(state))")
                return calls.modify { $0 + 1 } < 3 ? .complete() : nil
            }, reduce: +)
        log.record(signal)
        XCTAssertEqual(log.events, ["once initial", "once initial", "once initial", "completed"])
    }

    func testIterationErrorIsForwardedAndStopsTheLoop() {
        let log = EventLog()
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { state in
                log.add("once \(Self.describe(state))")
                if case .loop = state { return .fail(TestError(2)) }
                return .single(5)
            }, reduce: +)
        log.record(signal)
        XCTAssertEqual(log.events, ["once initial", "next 5", "once loop(5)", "error E2"])
    }

    func testNextIterationSubscribesBeforeThePreviousIsDisposed() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let signal: Signal<Int, TestError> = feedbackLoop(once: { _ in traced("it", log, source.signal) }, reduce: +)
        let handle = log.record(signal)
        source.putNext(1)
        source.putCompletion()
        source.putNext(2)
        XCTAssertEqual(log.events, ["it.subscribe#1", "next 1", "it.subscribe#2", "it.dispose#1", "next 3"])
        handle.dispose()
        XCTAssertEqual(log.events.last, "it.dispose#2")
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testSynchronousIterationsAreTrampolinedAndLiveIterationSurvives() {
        let log = EventLog()
        let live = ManualSource<Int, TestError>()
        let calls = Atomic(value: 0)
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { _ in
                let call = calls.modify { $0 + 1 }
                return traced("it", log, call < 3 ? .single(call) : live.signal)
            }, reduce: +)
        let handle = log.record(signal)
        XCTAssertEqual(
            log.events,
            [
                "it.subscribe#1", "next 1", "it.dispose#1", "it.subscribe#2", "next 3",
                "it.dispose#2", "it.subscribe#3",
            ])
        live.putNext(10)
        XCTAssertEqual(log.events.last, "next 13")
        handle.dispose()
        XCTAssertEqual(log.events.last, "it.dispose#3")
        XCTAssertEqual(live.subscriberCount, 0)
    }

    func testHundredThousandSynchronousIterationsDoNotOverflowTheStack() {
        let count = 100_000
        nonisolated(unsafe) var last = 0
        nonisolated(unsafe) var completed = false
        let signal: Signal<Int, NoError> = feedbackLoop(
            once: { state in
                switch state {
                case .initial: return .single(1)
                case .loop(let n): return n < count ? .single(1) : nil
                }
            }, reduce: +)
        signal.start(next: { last = $0 }, completed: { completed = true })
        XCTAssertEqual(last, count)
        XCTAssertTrue(completed)
    }

    func testDisposalStopsTheLoop() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let calls = Atomic(value: 0)
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { _ in
                calls.modify { $0 + 1 }
                return source.signal
            }, reduce: +)
        let handle = log.record(signal)
        handle.dispose()
        source.putNext(1)
        source.putCompletion()
        XCTAssertEqual(calls.with { $0 }, 1)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testDisposalFromInsideAValueStopsTheLoop() {
        let source = ManualSource<Int, TestError>()
        let calls = Atomic(value: 0)
        nonisolated(unsafe) var values: [Int] = []
        let signal: Signal<Int, TestError> = feedbackLoop(
            once: { _ in
                calls.modify { $0 + 1 }
                return source.signal
            }, reduce: +)
        nonisolated(unsafe) var handle: Disposable?
        handle = signal.start(next: { value in
            values.append(value)
            handle?.dispose()
        })
        source.putNext(1)
        source.putCompletion()
        XCTAssertEqual(values, [1])
        XCTAssertEqual(calls.with { $0 }, 1)
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testUnrelatedOutputTypeOnlyTerminates() {
        let log = EventLog()
        let calls = Atomic(value: 0)
        let signal: Signal<String, NoError> = feedbackLoop(
            once: { (_: SignalFeedbackLoopState<Int>) -> Signal<Int, NoError>? in
                let call = calls.modify { $0 + 1 }
                return call < 3 ? .single(call) : nil
            }, reduce: +)
        log.record(signal)
        XCTAssertEqual(log.events, ["completed"])
    }

    func testOptionalOutputTypeReceivesRunningValues() {
        let log = EventLog()
        let calls = Atomic(value: 0)
        let signal: Signal<Int?, NoError> = feedbackLoop(
            once: { (_: SignalFeedbackLoopState<Int>) -> Signal<Int, NoError>? in
                let call = calls.modify { $0 + 1 }
                return call < 3 ? .single(call) : nil
            }, reduce: +)
        log.record(signal)
        XCTAssertEqual(log.events, ["next Optional(1)", "next Optional(3)", "completed"])
    }

    func testConcurrentValuesAreFoldedAtomically() {
        let source = ManualSource<Int, NoError>()
        let outputs = Atomic(value: [Int]())
        let signal: Signal<Int, NoError> = feedbackLoop(once: { _ in source.signal }, reduce: +)
        let handle = signal.start(next: { value in outputs.modify { $0 + [value] } })
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in source.putNext(1) }
        let seen = outputs.with { $0 }
        XCTAssertEqual(seen.count, 1000)
        XCTAssertEqual(Set(seen), Set(1...1000))
        handle.dispose()
    }

    func testReleasesCapturedObjects() {
        weak var weakObject: Tracked?
        let source = ManualSource<Int, NoError>()
        do {
            let object = Tracked()
            weakObject = object
            let signal: Signal<Int, NoError> = feedbackLoop(
                once: { _ in
                    withExtendedLifetime(object) {}
                    return source.signal
                },
                reduce: { a, b in
                    withExtendedLifetime(object) {}
                    return a + b
                })
            let handle = signal.start()
            source.putNext(1)
            source.putCompletion()
            handle.dispose()
        }
        XCTAssertNil(weakObject)
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testReleasesCapturedObjectsAfterCompletion() {
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let calls = Atomic(value: 0)
            let signal: Signal<Int, NoError> = feedbackLoop(
                once: { _ in
                    withExtendedLifetime(object) {}
                    let call = calls.modify { $0 + 1 }
                    return call < 3 ? .single(call) : nil
                }, reduce: +)
            signal.start()
        }
        XCTAssertNil(weakObject)
    }

    func testStateEquality() {
        XCTAssertEqual(SignalFeedbackLoopState<Int>.initial, .initial)
        XCTAssertEqual(SignalFeedbackLoopState<Int>.loop(2), .loop(2))
        XCTAssertNotEqual(SignalFeedbackLoopState<Int>.loop(2), .initial)
    }
}
