import Foundation
import XCTest
import SignalSync
import STypedSignal

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

final class SignalFirstValueTests: XCTestCase {
    func testFirstValueLeavesNoWaiterAliveAfter200000Calls() async throws {
        let counter = AsyncBridgeCounters.firstValueWaiters
        let before = counter.current
        // Warm up allocator pools before the resident-memory baseline.
        for value in 0..<20_000 {
            _ = try await Signal<Int, NoError>.single(value).firstValue()
        }
        let baseline = residentBytes()
        for value in 0..<200_000 {
            let got = try await Signal<Int, NoError>.single(value).firstValue()
            if got != value { XCTFail("got \(got) for \(value)"); break }
        }
        // Exact: every waiter of the 220,000 calls is gone.
        XCTAssertEqual(counter.current, before)
        // Coarse: the leak this replaces cost about 380 bytes a call (76 MB here).
        if let baseline, let after = residentBytes() {
            XCTAssertLessThan(after - baseline, 16 << 20, "resident memory grew by \(after - baseline) bytes")
        }
    }

    func testFirstValueOnEveryEndingFreesWaiterAndSubscription() async {
        let counter = AsyncBridgeCounters.firstValueWaiters
        let before = counter.current
        let live = Atomic(value: 0)
        for _ in 0..<10_000 {
            _ = try? await Signal<Int, LoadError>.fail(LoadError(code: 1)).firstValue()
            _ = try? await Signal<Int, NoError>.complete().firstValue()
            _ = try? await endless(live).firstValue()
        }
        XCTAssertEqual(counter.current, before)
        XCTAssertEqual(live.with { $0 }, 0)
    }

    func testCancelledWaitersAreFreedAndDisposeUpstream() async {
        let counter = AsyncBridgeCounters.firstValueWaiters
        let before = counter.current
        let live = Atomic(value: 0)
        let never = Signal<Int, NoError> { _ in
            _ = live.modify { $0 + 1 }
            return ActionDisposable { _ = live.modify { $0 - 1 } }
        }
        for _ in 0..<2_000 {
            let task = Task { try await never.firstValue() }
            task.cancel()
            do {
                _ = try await task.value
                XCTFail("expected cancellation")
            } catch SignalAwaitError.cancelled {
            } catch {
                XCTFail("unexpected \(error)")
            }
        }
        XCTAssertEqual(counter.current, before)
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
