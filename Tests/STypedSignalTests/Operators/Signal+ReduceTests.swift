import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

private typealias Step = (Int, Passthrough<Int>)

/// Tracks how deep (re-entrant) or wide (concurrent) calls of a closure get.
private final class CallDepth: @unchecked Sendable {
    // Safety: guarded by `mutex`.
    private let mutex = PosixLock()
    private var current = 0
    private var deepest = 0

    func enter() {
        mutex.withLock {
            current += 1
            deepest = max(deepest, current)
        }
    }

    func leave() {
        mutex.withLock { current -= 1 }
    }

    var maximum: Int {
        mutex.withLock { deepest }
    }
}

final class SignalReduceTests: LeakCheckedTestCase {
    // MARK: - reduceLeft(value:f:)

    func testReduceLeftEmitsTheAccumulatorOnCompletion() {
        let log = EventLog()
        log.record(syncValues([1, 2, 3]) |> reduceLeft(value: 10, f: { $0 + $1 }))
        XCTAssertEqual(log.events, ["next 16", "completed"])
    }

    func testReduceLeftWithoutValuesEmitsTheInitialValue() {
        let log = EventLog()
        log.record(syncValues([Int]()) |> reduceLeft(value: 7, f: { $0 + $1 }))
        XCTAssertEqual(log.events, ["next 7", "completed"])
    }

    func testReduceLeftForwardsErrorsAndDropsTheAccumulator() {
        let log = EventLog()
        log.record(syncValues([1, 2], end: .fail(TestError(1))) |> reduceLeft(value: 0, f: { $0 + $1 }))
        XCTAssertEqual(log.events, ["error E1"])
    }

    func testReduceLeftAccumulatorIsFreshPerSubscription() {
        let log = EventLog()
        let sum = syncValues([1, 2]) |> reduceLeft(value: 0, f: { $0 + $1 })
        log.record(sum)
        log.record(sum)
        XCTAssertEqual(log.events, ["next 3", "completed", "next 3", "completed"])
    }

    func testReduceLeftCallsFInOrderWithTheAccumulator() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(
            source.signal
                |> reduceLeft(
                    value: 0,
                    f: { (accumulator: Int, next: Int) -> Int in
                        log.add("f \(accumulator) \(next)")
                        return accumulator * 10 + next
                    }))
        source.putNext(1)
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(log.events, ["f 0 1", "f 1 2", "next 12", "completed"])
    }

    func testReduceLeftDisposalDisposesUpstreamAndEmitsNothing() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("s", log, source.signal) |> reduceLeft(value: 0, f: { $0 + $1 }))
        source.putNext(1)
        handle.dispose()
        source.putCompletion()
        XCTAssertEqual(log.events, ["s.subscribe#1", "s.dispose#1"])
    }

    // MARK: - reduceLeft with emit

    func testReduceLeftWithEmitForwardsIntermediateValuesThenTheFinalOne() {
        let log = EventLog()
        log.record(
            syncValues([1, 2, 3])
                |> reduceLeft(
                    value: 0,
                    f: { (sum: Int, next: Int, emit: (Int) -> Void) -> Int in
                        emit(sum + next)
                        return sum + next
                    }))
        XCTAssertEqual(log.events, ["next 1", "next 3", "next 6", "next 6", "completed"])
    }

    func testReduceLeftWithEmitCanEmitSeveralOrNoValuesPerStep() {
        let log = EventLog()
        log.record(
            syncValues([1, 2])
                |> reduceLeft(
                    value: 0,
                    f: { (sum: Int, next: Int, emit: (Int) -> Void) -> Int in
                        for _ in 0..<next {
                            emit(-next)
                        }
                        return sum + next
                    }))
        log.record(
            syncValues([1], end: .fail(TestError(2)))
                |> reduceLeft(
                    value: 0,
                    f: { (sum: Int, next: Int, emit: (Int) -> Void) -> Int in
                        emit(next)
                        return sum
                    }), prefix: "2:")
        XCTAssertEqual(log.events, ["next -1", "next -2", "next -2", "next 3", "completed", "2:next 1", "2:error E2"])
    }

    func testReduceLeftPushingFromInsideEmitDoesNotReenterF() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let depth = CallDepth()
        (source.signal
            |> reduceLeft(
                value: 0,
                f: { (sum: Int, next: Int, emit: (Int) -> Void) -> Int in
                    depth.enter()
                    defer { depth.leave() }
                    log.add("f \(sum) \(next)")
                    emit(next)
                    return sum + next
                })).start(
                next: { value in
                    log.add("next \(value)")
                    if value == 1 {
                        source.putNext(2)
                        source.putCompletion()
                    }
                },
                completed: {
                    log.add("completed")
                })
        source.putNext(1)
        XCTAssertEqual(log.events, ["f 0 1", "next 1", "f 1 2", "next 2", "next 3", "completed"])
        XCTAssertEqual(depth.maximum, 1)
    }

    func testReduceLeftDisposingFromInsideEmitStopsEverything() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = MetaDisposable()
        handle.set(
            (source.signal
                |> reduceLeft(
                    value: 0,
                    f: { (sum: Int, next: Int, emit: (Int) -> Void) -> Int in
                        emit(next)
                        return sum + next
                    })).start(
                    next: { value in
                        log.add("next \(value)")
                        handle.dispose()
                    },
                    completed: {
                        log.add("completed")
                    }))
        source.putNext(1)
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(log.events, ["next 1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testReduceLeftFoldsConcurrentPushesOneAtATimeWithoutLosingAny() {
        let source = ManualSource<Int, TestError>()
        let depth = CallDepth()
        let results = EventLog()
        (source.signal
            |> reduceLeft(
                value: 0,
                f: { (sum: Int, next: Int) -> Int in
                    depth.enter()
                    defer { depth.leave() }
                    return sum + next
                })).start(next: { results.add("\($0)") }, completed: { results.add("completed") })
        runConcurrently(4) { _ in
            for _ in 0..<1000 {
                source.putNext(1)
            }
        }
        source.putCompletion()
        XCTAssertEqual(results.events, ["4000", "completed"])
        XCTAssertEqual(depth.maximum, 1)
    }

    func testReduceLeftCompletionDuringABusyFoldWaitsForTheQueuedValues() {
        let source = ManualSource<Int, TestError>()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = expectation(description: "completed")
        let results = EventLog()
        (source.signal
            |> reduceLeft(
                value: 0,
                f: { (sum: Int, next: Int) -> Int in
                    if next == 1 {
                        entered.signal()
                        release.wait()
                    }
                    return sum + next
                })).start(
                next: { results.add("next \($0)") },
                completed: {
                    results.add("completed")
                    done.fulfill()
                })
        Queue.concurrentDefaultQueue().async {
            source.putNext(1)
        }
        entered.wait()
        source.putNext(2)
        source.putCompletion()
        XCTAssertEqual(results.events, [])
        release.signal()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(results.events, ["next 3", "completed"])
    }

    func testReduceLeftReleasesTheAccumulatorAfterCompletionAndDisposal() {
        for dispose in [false, true] {
            weak var weakAccumulator: Tracked?
            let source = ManualSource<Tracked, TestError>()
            var handle: Disposable?
            do {
                let initial = Tracked()
                weakAccumulator = initial
                handle = (source.signal |> reduceLeft(value: initial, f: { accumulator, _ in accumulator })).start()
            }
            source.putNext(Tracked())
            XCTAssertNotNil(weakAccumulator)
            if dispose {
                handle?.dispose()
            } else {
                source.putCompletion()
            }
            XCTAssertNil(weakAccumulator)
            withExtendedLifetime(handle) {}
        }
    }

    // MARK: - reduceLeft(_:generator:)

    func testGeneratedSignalsRunOneAtATimeWithTheUpdatedAccumulator() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let generated = Atomic(value: [ManualSource<Step, TestError>]())
        log.record(
            source.signal
                |> reduceLeft(
                    0,
                    generator: { (accumulator: Int, value: Int) -> Signal<Step, TestError> in
                        log.add("generator \(accumulator) \(value)")
                        let step = ManualSource<Step, TestError>()
                        let count = generated.modify { $0 + [step] }.count
                        return traced("g\(count)", log, step.signal)
                    }))
        source.putNext(1)
        source.putNext(2)
        generated.with { $0 }[0].putNext((11, .Some(100)))
        generated.with { $0 }[0].putNext((11, .None))
        generated.with { $0 }[0].putCompletion()
        source.putCompletion()
        generated.with { $0 }[1].putNext((13, .None))
        generated.with { $0 }[1].putCompletion()
        XCTAssertEqual(
            log.events,
            [
                "generator 0 1", "g1.subscribe#1", "next 100",
                "generator 11 2", "g2.subscribe#1", "g1.dispose#1",
                "next 13", "completed", "g2.dispose#1",
            ])
    }

    func testGeneratorFoldWithSynchronousSteps() {
        let log = EventLog()
        log.record(
            syncValues([1, 2, 3])
                |> reduceLeft(
                    0,
                    generator: { (sum: Int, value: Int) -> Signal<Step, TestError> in
                        .single((sum + value, value == 2 ? .None : .Some(sum + value)))
                    }))
        XCTAssertEqual(log.events, ["next 1", "next 6", "next 6", "completed"])
    }

    func testGeneratorFoldCompletesAtOnceWhenIdle() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(source.signal |> reduceLeft(5, generator: { _, _ in Signal<Step, TestError>.complete() }))
        source.putCompletion()
        log.record(syncValues([Int]()) |> reduceLeft(9, generator: { _, _ in Signal<Step, TestError>.complete() }), prefix: "2:")
        XCTAssertEqual(log.events, ["next 5", "completed", "2:next 9", "2:completed"])
    }

    func testGeneratorFoldForwardsAGeneratedErrorAndStops() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let first = ManualSource<Step, TestError>()
        log.record(
            source.signal
                |> reduceLeft(
                    0,
                    generator: { (_: Int, value: Int) -> Signal<Step, TestError> in
                        log.add("generator \(value)")
                        return first.signal
                    }))
        source.putNext(1)
        source.putNext(2)
        first.putError(TestError(4))
        source.putNext(3)
        source.putCompletion()
        XCTAssertEqual(log.events, ["generator 1", "error E4"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testGeneratorFoldForwardsAnUpstreamError() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let first = ManualSource<Step, TestError>()
        log.record(source.signal |> reduceLeft(0, generator: { _, _ in traced("g", log, first.signal) }))
        source.putNext(1)
        source.putNext(2)
        source.putError(TestError(6))
        XCTAssertEqual(log.events, ["g.subscribe#1", "error E6", "g.dispose#1"])
    }

    func testGeneratorFoldDisposalDisposesTheRunningStepThenUpstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let step = ManualSource<Step, TestError>()
        let handle = log.record(traced("up", log, source.signal) |> reduceLeft(0, generator: { _, _ in traced("g", log, step.signal) }))
        source.putNext(1)
        source.putNext(2)
        handle.dispose()
        step.putCompletion()
        XCTAssertEqual(log.events, ["up.subscribe#1", "g.subscribe#1", "g.dispose#1", "up.dispose#1"])
        XCTAssertEqual(source.subscriberCount + step.subscriberCount, 0)
    }

    func testGeneratorFoldDrainsALongRunOfSynchronousStepsWithoutRecursing() {
        let source = ManualSource<Int, TestError>()
        let gate = ManualSource<Step, TestError>()
        let count = 100_000
        nonisolated(unsafe) var result: Int?
        (source.signal
            |> reduceLeft(
                0,
                generator: { (sum: Int, value: Int) -> Signal<Step, TestError> in
                    value < 0 ? gate.signal : .single((sum + value, .None))
                })).start(next: { result = $0 })
        source.putNext(-1)
        for _ in 0..<count {
            source.putNext(1)
        }
        source.putCompletion()
        XCTAssertNil(result)
        gate.putCompletion()
        XCTAssertEqual(result, count)
    }

    func testGeneratorFoldUnderConcurrentPushes() {
        let source = ManualSource<Int, TestError>()
        let depth = CallDepth()
        let done = expectation(description: "completed")
        let result = Atomic(value: 0)
        (source.signal
            |> reduceLeft(
                0,
                generator: { (sum: Int, value: Int) -> Signal<Step, TestError> in
                    Signal { subscriber in
                        depth.enter()
                        let finish: @Sendable () -> Void = {
                            depth.leave()
                            subscriber.putNext((sum + value, .None))
                            subscriber.putCompletion()
                        }
                        if value % 2 == 0 {
                            Queue.concurrentDefaultQueue().async(finish)
                        } else {
                            finish()
                        }
                        return EmptyDisposable
                    }
                })).start(
                next: { value in
                    result.swap(value)
                },
                completed: {
                    done.fulfill()
                })
        runConcurrently(4) { _ in
            for value in 1...100 {
                source.putNext(value)
            }
        }
        source.putCompletion()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(result.with { $0 }, 4 * 5050)
        XCTAssertEqual(depth.maximum, 1)
    }

    func testGeneratorFoldReleasesCapturesAfterCompletion() {
        weak var weakCaptured: Tracked?
        let source = ManualSource<Int, TestError>()
        let step = ManualSource<Step, TestError>()
        var handle: Disposable?
        do {
            let captured = Tracked()
            weakCaptured = captured
            handle = (source.signal |> reduceLeft(0, generator: { _, _ in step.signal })).start(next: { _ in withExtendedLifetime(captured) {} })
        }
        source.putNext(1)
        source.putCompletion()
        XCTAssertNotNil(weakCaptured)
        step.putCompletion()
        XCTAssertNil(weakCaptured)
        XCTAssertEqual(step.subscriberCount, 0)
        withExtendedLifetime(handle) {}
    }

    func testPassthroughCases() {
        let cases: [Passthrough<Int>] = [.None, .Some(3)]
        let described = cases.map { passthrough -> String in
            switch passthrough {
            case .None: return "none"
            case .Some(let value): return "some \(value)"
            }
        }
        XCTAssertEqual(described, ["none", "some 3"])
    }
}
