import XCTest

@testable import SignalSync

final class FirstValueWaiterEngineTests: XCTestCase {
    func testAValueDuringTheStartWinsAndTheSubscriptionIsDisposed() async {
        let disposed = Atomic(value: 0)
        let outcome = await FirstValueWaiterEngine<Int, String>.wait { waiter in
            waiter.finish(.value(7))
            waiter.finish(.completed)
            return { disposed.modify { $0 + 1 } }
        }
        guard case .value(7) = outcome else { return XCTFail("the first value, got \(outcome)") }
        XCTAssertEqual(disposed.with { $0 }, 1, "finished before attach: disposed on attach")
    }

    func testCancellationResumesAsCancelledAndDisposes() async {
        let disposed = Atomic(value: 0)
        let task = Task {
            let outcome = await FirstValueWaiterEngine<Int, String>.wait { _ in
                { disposed.modify { $0 + 1 } }
            }
            if case .cancelled = outcome { return true }
            return false
        }
        task.cancel()
        let cancelled = await task.value
        XCTAssertTrue(cancelled)
        XCTAssertEqual(disposed.with { $0 }, 1)
    }
}
