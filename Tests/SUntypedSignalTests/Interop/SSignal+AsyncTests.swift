import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

private struct FetchError: Error, Equatable {
    let code: Int
}

/// A signal that never terminates, emits 1 at start, and counts its live subscriptions.
private func endlessSignal(_ live: SAtomic) -> SSignal {
    SSignal { subscriber in
        live.modify { ($0 as! Int) + 1 }
        subscriber.putNext(1)
        return SBlockDisposable { live.modify { ($0 as! Int) - 1 } }
    }
}

private func liveCount(_ live: SAtomic) -> Int {
    live.with { $0 } as! Int
}

final class SSignalFirstValueTests: LeakCheckedTestCase {
    func testReturnsTheFirstValueIncludingNil() async throws {
        let first = try await SSignal.single(5).firstValue()
        XCTAssertEqual(first as? Int, 5)
        let none = try await SSignal.single(nil).firstValue()
        XCTAssertNil(none)
    }

    func testThrowsAnErrorValueThatIsAnErrorAsItIs() async {
        do {
            _ = try await SSignal.fail(FetchError(code: 3)).firstValue()
            XCTFail("expected an error")
        } catch let error as FetchError {
            XCTAssertEqual(error, FetchError(code: 3))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testWrapsAnErrorValueThatIsNotAnError() async {
        do {
            _ = try await SSignal.fail("nope").firstValue()
            XCTFail("expected an error")
        } catch let failure as SSignalFailure {
            XCTAssertEqual(failure.error as? String, "nope")
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testCompletionWithoutValueAndCancellation() async {
        do {
            _ = try await SSignal.complete().firstValue()
            XCTFail("expected an error")
        } catch SSignalAwaitError.completedWithoutValue {
        } catch {
            XCTFail("unexpected \(error)")
        }
        let live = SAtomic(value: 0)
        let never = SSignal { _ in
            live.modify { ($0 as! Int) + 1 }
            return SBlockDisposable { live.modify { ($0 as! Int) - 1 } }
        }
        let task = Task { _ = try await never.firstValue() }
        while liveCount(live) == 0 { await Task.yield() }
        task.cancel()
        do {
            try await task.value
            XCTFail("expected cancellation")
        } catch SSignalAwaitError.cancelled {
        } catch {
            XCTFail("unexpected \(error)")
        }
        XCTAssertEqual(liveCount(live), 0)
    }

    func testNoWaiterSurvives100000Calls() async throws {
        let waiters = AsyncBridgeCounters.firstValueWaiters
        let before = await waiters.settled(at: 0)
        for value in 0..<100_000 {
            _ = try await SSignal.single(value).firstValue()
        }
        let after = await waiters.settled(at: before)
        XCTAssertEqual(after, before)
    }
}

final class SSignalValuesTests: LeakCheckedTestCase {
    func testValuesIncludingNilThenEnd() async throws {
        var got: [String] = []
        for try await value in SSignal.single(nil).then(SSignal.single(2)).values {
            got.append(describe(value))
        }
        XCTAssertEqual(got, ["nil", "2"])
    }

    func testValuesThenTheErrorThrownAsItIs() async {
        let signal = SSignal { subscriber in
            subscriber.putNext("a")
            subscriber.putError(FetchError(code: 8))
            return nil
        }
        var got: [String] = []
        do {
            for try await value in signal.values { got.append(describe(value)) }
            XCTFail("expected an error")
        } catch let error as FetchError {
            XCTAssertEqual(error, FetchError(code: 8))
        } catch {
            XCTFail("unexpected \(error)")
        }
        XCTAssertEqual(got, ["a"])
    }

    func testCancellingTheConsumerDisposesUpstream() async throws {
        let live = SAtomic(value: 0)
        let signal = endlessSignal(live)
        let received = expectation(description: "first value")
        let task = Task {
            var count = 0
            for try await _ in signal.values {
                count += 1
                received.fulfill()
            }
            return count
        }
        await fulfillment(of: [received], timeout: 30)
        task.cancel()
        let count = try await task.value
        XCTAssertEqual(count, 1)
        XCTAssertEqual(liveCount(live), 0)
    }

    func testMemoryStaysFlatOver100000Iterations() async throws {
        let buffers = AsyncBridgeCounters.valuesBuffers
        let before = await buffers.settled(at: 0)
        let live = SAtomic(value: 0)
        for round in 0..<100_000 {
            if round % 2 == 0 {
                for try await _ in SSignal.single(round).values {}
            } else {
                for try await _ in endlessSignal(live).values { break }
            }
        }
        let after = await buffers.settled(at: before)
        XCTAssertEqual(after, before)
        XCTAssertEqual(liveCount(live), 0)
    }
}

final class SSignalFromAsyncTests: LeakCheckedTestCase {
    func testFromAsyncEmitsResultOrError() async throws {
        let value = try await SSignal.fromAsync { "done" }.firstValue()
        XCTAssertEqual(value as? String, "done")
        do {
            _ = try await SSignal.fromAsync { throw FetchError(code: 1) }.firstValue()
            XCTFail("expected an error")
        } catch let error as FetchError {
            XCTAssertEqual(error, FetchError(code: 1))
        }
    }

    func testFromAsyncSequenceEmitsElementsAndDisposeCancels() async throws {
        let (stream, input) = AsyncStream.makeStream(of: Int.self)
        let ended = expectation(description: "stream terminated")
        input.onTermination = { _ in ended.fulfill() }
        let recorder = EventLog()
        let two = expectation(description: "two values")
        two.expectedFulfillmentCount = 2
        let subscription = SSignal.fromAsyncSequence(stream).start(next: { value in
            recorder.next(value)
            two.fulfill()
        })
        input.yield(1)
        input.yield(2)
        await fulfillment(of: [two], timeout: 30)
        subscription.dispose()
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
    }

    func testFromThrowingAsyncSequenceFails() async {
        let (stream, input) = AsyncThrowingStream.makeStream(of: Int.self, throwing: (any Error).self)
        input.finish(throwing: FetchError(code: 6))
        do {
            _ = try await SSignal.fromAsyncSequence(stream).firstValue()
            XCTFail("expected an error")
        } catch let error as FetchError {
            XCTAssertEqual(error, FetchError(code: 6))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testTasksStayFlatOver100000Runs() async throws {
        let tasks = AsyncBridgeCounters.sourceTasks
        let before = await tasks.settled(at: 0)
        let signal = SSignal.fromAsync { 1 }
        for _ in 0..<100_000 {
            _ = try await signal.firstValue()
        }
        let after = await tasks.settled(at: before)
        XCTAssertEqual(after, before)
    }
}
