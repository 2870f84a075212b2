import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

private struct LoadError: Error, Equatable {
    let code: Int
}

/// The resident set size of this process in bytes (Linux), or nil where unavailable.
private func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs `body` in a task and fails (instead of hanging) if it has not finished in `seconds`.
private func finishes(
    within seconds: Double,
    _ test: XCTestCase,
    _ body: @escaping @Sendable () async throws -> Void
) async {
    let done = test.expectation(description: "finished")
    let task = Task {
        do {
            try await body()
        } catch {
            XCTFail("unexpected \(error)")
        }
        done.fulfill()
    }
    await test.fulfillment(of: [done], timeout: seconds)
    task.cancel()
}

/// A signal that never terminates and counts its live subscriptions.
private func endless(_ live: Atomic<Int>, disposed: (@Sendable () -> Void)? = nil) -> Signal<Int, NoError> {
    Signal { subscriber in
        _ = live.modify { $0 + 1 }
        subscriber.putNext(1)
        return ActionDisposable {
            _ = live.modify { $0 - 1 }
            disposed?()
        }
    }
}

final class SignalFirstValueTests: LeakCheckedTestCase {
    func testFirstValueLeavesNoWaiterAliveAfter200000Calls() async throws {
        let counter = AsyncBridgeCounters.firstValueWaiters
        let before = await counter.settled(at: 0)
        // Warm up allocator pools before the resident-memory baseline.
        for value in 0..<20_000 {
            _ = try await Signal<Int, NoError>.single(value).firstValue()
        }
        let baseline = residentBytes()
        for value in 0..<200_000 {
            let got = try await Signal<Int, NoError>.single(value).firstValue()
            if got != value {
                XCTFail("got \(got) for \(value)")
                break
            }
        }
        // Exact: every waiter of the 220,000 calls is gone.
        let after = await counter.settled(at: before)
        XCTAssertEqual(after, before)
        // Coarse: the leak this replaces cost about 380 bytes a call (76 MB here). Not under
        // AddressSanitizer, which keeps freed memory in quarantine (the exact count holds).
        if !Stress.underAddressSanitizer, let baseline, let after = residentBytes() {
            XCTAssertLessThan(after - baseline, 16 << 20, "resident memory grew by \(after - baseline) bytes")
        }
    }

    func testFirstValueOnEveryEndingFreesWaiterAndSubscription() async {
        let counter = AsyncBridgeCounters.firstValueWaiters
        let before = await counter.settled(at: 0)
        let live = Atomic(value: 0)
        for _ in 0..<10_000 {
            _ = try? await Signal<Int, LoadError>.fail(LoadError(code: 1)).firstValue()
            _ = try? await Signal<Int, NoError>.complete().firstValue()
            _ = try? await endless(live).firstValue()
        }
        let after = await counter.settled(at: before)
        XCTAssertEqual(after, before)
        XCTAssertEqual(live.with { $0 }, 0)
    }

    func testCancelledWaitersAreFreedAndDisposeUpstream() async {
        let counter = AsyncBridgeCounters.firstValueWaiters
        let before = await counter.settled(at: 0)
        let live = Atomic(value: 0)
        let never = Signal<Int, NoError> { _ in
            _ = live.modify { $0 + 1 }
            return ActionDisposable { _ = live.modify { $0 - 1 } }
        }
        await finishes(within: 300, self) {
            for round in 0..<100_000 {
                let task = Task { try await never.firstValue() }
                // Half the time cancel before the subscription exists, half while it waits.
                if round % 2 == 1 {
                    while live.with({ $0 }) == 0 { await Task.yield() }
                }
                task.cancel()
                do {
                    _ = try await task.value
                    XCTFail("expected cancellation")
                    return
                } catch SignalAwaitError.cancelled {
                } catch {
                    XCTFail("unexpected \(error)")
                    return
                }
            }
        }
        let after = await counter.settled(at: before)
        XCTAssertEqual(after, before)
        XCTAssertEqual(live.with { $0 }, 0)
    }

    func testFirstValueThrowsTheSignalsOwnError() async {
        do {
            _ = try await Signal<Int, LoadError>.fail(LoadError(code: 7)).firstValue()
            XCTFail("expected an error")
        } catch let error as LoadError {
            XCTAssertEqual(error, LoadError(code: 7))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testFirstValueWrapsAnErrorThatIsNotAnError() async {
        do {
            _ = try await Signal<Int, String>.fail("boom").firstValue()
            XCTFail("expected an error")
        } catch let failure as SignalFailure<String> {
            XCTAssertEqual(failure.error, "boom")
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testFirstValueOfFailableSignalReportsEmptyCompletion() async {
        do {
            _ = try await Signal<Int, LoadError>.complete().firstValue()
            XCTFail("expected an error")
        } catch SignalAwaitError.completedWithoutValue {
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testNoErrorFirstValueThrowsOnlyTheAwaitError() async {
        let task = Task { () -> SignalAwaitError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(SignalAwaitError) {
                _ = try await Signal<Int, NoError>.never().firstValue()
                return nil
            } catch {
                // Typed throws: `error` is statically a SignalAwaitError.
                return error
            }
        }
        let error = await task.value
        XCTAssertEqual(error, .cancelled)
    }

    func testFirstValueFromAnotherThread() async throws {
        let queue = Queue(name: "producer")
        let signal = Signal<Int, NoError>.single(42) |> deliverOn(queue)
        let value = try await signal.firstValue()
        XCTAssertEqual(value, 42)
    }
}

final class SignalValuesTests: LeakCheckedTestCase {
    func testValuesOfSynchronousSignalThenEnd() async {
        let signal = Signal<Int, NoError> { subscriber in
            for value in 1...3 { subscriber.putNext(value) }
            subscriber.putCompletion()
            return EmptyDisposable
        }
        var got: [Int] = []
        for await value in signal.values {
            got.append(value)
        }
        XCTAssertEqual(got, [1, 2, 3])
    }

    func testThrowingValuesDeliverValuesThenTheTypedError() async {
        let signal = Signal<Int, LoadError> { subscriber in
            subscriber.putNext(1)
            subscriber.putNext(2)
            subscriber.putError(LoadError(code: 9))
            return EmptyDisposable
        }
        var got: [Int] = []
        do throws(LoadError) {
            for try await value in signal.values {
                got.append(value)
            }
            XCTFail("expected an error")
        } catch {
            // Typed throws: `error` is statically a LoadError.
            XCTAssertEqual(error, LoadError(code: 9))
        }
        XCTAssertEqual(got, [1, 2])
    }

    func testValuesBufferEverythingInOrderFromAnotherThread() async {
        let pipe = ValuePipe<Int>()
        let queue = Queue(name: "producer")
        let count = 10_000
        let signal = Signal<Int, NoError> { subscriber in
            let inner = pipe.signal().start(next: { subscriber.putNext($0) })
            // Push everything at once, faster than the loop consumes it.
            queue.justDispatch {
                for value in 0..<count { pipe.putNext(value) }
                subscriber.putCompletion()
            }
            return inner
        }
        var got: [Int] = []
        for await value in signal.values {
            got.append(value)
        }
        XCTAssertEqual(got, Array(0..<count))
    }

    func testEachIteratorIsItsOwnSubscription() async {
        let starts = Atomic(value: 0)
        let signal = Signal<Int, NoError> { subscriber in
            subscriber.putNext(starts.modify { $0 + 1 })
            subscriber.putCompletion()
            return EmptyDisposable
        }
        let values = signal.values
        XCTAssertEqual(starts.with { $0 }, 0, "making the sequence does not subscribe")
        var first: [Int] = []
        for await value in values { first.append(value) }
        var second: [Int] = []
        for await value in values { second.append(value) }
        XCTAssertEqual(first, [1])
        XCTAssertEqual(second, [2])
    }

    func testBreakingOutOfTheLoopDisposesUpstream() async {
        let live = Atomic(value: 0)
        for await value in endless(live).values {
            XCTAssertEqual(value, 1)
            XCTAssertEqual(live.with { $0 }, 1)
            break
        }
        XCTAssertEqual(live.with { $0 }, 0)
    }

    func testCancellingTheConsumingTaskEndsTheLoopAndDisposesUpstream() async {
        let disposed = expectation(description: "upstream disposed")
        let firstValue = expectation(description: "first value")
        let live = Atomic(value: 0)
        let signal = endless(live, disposed: { disposed.fulfill() })
        let task = Task {
            var count = 0
            for await _ in signal.values {
                count += 1
                firstValue.fulfill()
            }
            return count
        }
        await fulfillment(of: [firstValue], timeout: 30)
        task.cancel()
        await fulfillment(of: [disposed], timeout: 30)
        let count = await task.value
        XCTAssertEqual(count, 1)
        XCTAssertEqual(live.with { $0 }, 0)
    }

    func testThrowingLoopEndsWithoutErrorOnCancellation() async {
        let never = Signal<Int, LoadError>.never()
        let task = Task { () -> Int in
            var count = 0
            do throws(LoadError) {
                for try await _ in never.values { count += 1 }
            } catch {
                XCTFail("unexpected \(error)")
            }
            return count
        }
        task.cancel()
        await finishes(within: 30, self) {
            let count = await task.value
            XCTAssertEqual(count, 0)
        }
    }

    func testMemoryStaysFlatOver100000Iterations() async {
        let buffers = AsyncBridgeCounters.valuesBuffers
        let before = await buffers.settled(at: 0)
        let live = Atomic(value: 0)
        for round in 0..<100_000 {
            // Alternate the three ways a loop ends: completion, error, break.
            switch round % 3 {
            case 0:
                for await _ in Signal<Int, NoError>.single(round).values {}
            case 1:
                do {
                    for try await _ in Signal<Int, LoadError>.fail(LoadError(code: round)).values {}
                } catch {}
            default:
                for await _ in endless(live).values { break }
            }
        }
        let after = await buffers.settled(at: before)
        XCTAssertEqual(after, before)
        XCTAssertEqual(live.with { $0 }, 0)
    }

    func testCancelledConsumersLeaveNothingAlive() async {
        let buffers = AsyncBridgeCounters.valuesBuffers
        let before = await buffers.settled(at: 0)
        let live = Atomic(value: 0)
        let never = Signal<Int, NoError> { _ in
            _ = live.modify { $0 + 1 }
            return ActionDisposable { _ = live.modify { $0 - 1 } }
        }
        await finishes(within: 300, self) {
            for round in 0..<100_000 {
                let task = Task {
                    for await _ in never.values {}
                }
                // Half the time cancel before the loop subscribes, half while it waits.
                if round % 2 == 1 {
                    while live.with({ $0 }) == 0 { await Task.yield() }
                }
                task.cancel()
                await task.value
            }
        }
        let after = await buffers.settled(at: before)
        XCTAssertEqual(after, before)
        XCTAssertEqual(live.with { $0 }, 0)
    }
}

final class SignalFromAsyncTests: LeakCheckedTestCase {
    func testFromAsyncEmitsTheResultThenCompletes() async {
        let log = EventLog()
        let done = expectation(description: "completed")
        let signal = Signal<Int, NoError>.fromAsync {
            await Task.yield()
            return 5
        }
        let subscription = signal.start(
            next: { log.add("next \($0)") },
            completed: {
                log.add("completed")
                done.fulfill()
            })
        await fulfillment(of: [done], timeout: 30)
        XCTAssertEqual(log.events, ["next 5", "completed"])
        subscription.dispose()
    }

    func testFromAsyncThrowingFunctionFailsWithItsError() async {
        let signal = Signal<Int, LoadError>.fromAsync { () async throws(LoadError) -> Int in
            throw LoadError(code: 4)
        }
        do {
            _ = try await signal.firstValue()
            XCTFail("expected an error")
        } catch let error as LoadError {
            XCTAssertEqual(error, LoadError(code: 4))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testFromAsyncWithAnyErrorAcceptsAnyThrowingFunction() async throws {
        @Sendable func load() async throws -> String { "page" }
        let signal = Signal<String, any Error>.fromAsync { try await load() }
        let value = try await signal.firstValue()
        XCTAssertEqual(value, "page")
    }

    func testDisposingCancelsTheTaskAndNothingIsEmittedAfterwards() async {
        let started = expectation(description: "operation started")
        let cancelled = expectation(description: "operation saw cancellation")
        let log = EventLog()
        let signal = Signal<Int, NoError>.fromAsync {
            started.fulfill()
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            cancelled.fulfill()
            return 1
        }
        let subscription = signal.start(next: { log.add("next \($0)") }, completed: { log.add("completed") })
        await fulfillment(of: [started], timeout: 30)
        subscription.dispose()
        await fulfillment(of: [cancelled], timeout: 30)
        try? await Task.sleep(nanoseconds: 20_000_000)
        XCTAssertEqual(log.events, [])
    }

    func testFromAsyncSequenceEmitsElementsThenCompletes() async {
        let (stream, input) = AsyncStream.makeStream(of: Int.self)
        let signal = Signal<Int, NoError>.fromAsyncSequence(stream)
        let log = EventLog()
        let done = expectation(description: "completed")
        let subscription = signal.start(
            next: { log.add("next \($0)") },
            completed: {
                log.add("completed")
                done.fulfill()
            })
        input.yield(1)
        input.yield(2)
        input.finish()
        await fulfillment(of: [done], timeout: 30)
        XCTAssertEqual(log.events, ["next 1", "next 2", "completed"])
        subscription.dispose()
    }

    func testFromThrowingAsyncSequenceFailsWithItsError() async {
        let (stream, input) = AsyncThrowingStream.makeStream(of: Int.self, throwing: (any Error).self)
        input.yield(3)
        input.finish(throwing: LoadError(code: 2))
        let signal = Signal<Int, any Error>.fromAsyncSequence(stream)
        var got: [Int] = []
        do {
            for try await value in signal.values { got.append(value) }
            XCTFail("expected an error")
        } catch let error as LoadError {
            XCTAssertEqual(error, LoadError(code: 2))
        } catch {
            XCTFail("unexpected \(error)")
        }
        XCTAssertEqual(got, [3])
    }

    func testDisposingStopsIteratingTheSequence() async {
        let (stream, input) = AsyncStream.makeStream(of: Int.self)
        let ended = expectation(description: "stream terminated")
        input.onTermination = { _ in ended.fulfill() }
        let subscription = Signal<Int, NoError>.fromAsyncSequence(stream).start()
        input.yield(1)
        subscription.dispose()
        await fulfillment(of: [ended], timeout: 30)
    }

    func testTasksAndSubscriptionsStayFlatOver100000Runs() async throws {
        let tasks = AsyncBridgeCounters.sourceTasks
        let waiters = AsyncBridgeCounters.firstValueWaiters
        let before = (await tasks.settled(at: 0), await waiters.settled(at: 0))
        let signal = Signal<Int, NoError>.fromAsync { 1 }
        for _ in 0..<100_000 {
            _ = try await signal.firstValue()
        }
        // A source task ends just after it delivers: the last ones may still be ending.
        let after = (await tasks.settled(at: before.0), await waiters.settled(at: before.1))
        XCTAssertEqual(after.0, before.0)
        XCTAssertEqual(after.1, before.1)
    }
}
