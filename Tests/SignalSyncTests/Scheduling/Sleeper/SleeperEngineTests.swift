import XCTest

@testable import SignalSync

/// `SleeperEngine` with real continuations: each order of the clock's wake-up, the
/// cancellation and the task's suspension resumes the task once, with the right outcome.
final class SleeperEngineTests: XCTestCase {
    func testAWakeBeforeTheSuspendResumesTheTask() async throws {
        let sleeper = SleeperEngine()
        sleeper.wake()
        try await withCheckedThrowingContinuation { continuation in
            XCTAssertFalse(sleeper.suspend(continuation, item: 1), "the item already ran: nothing to forget")
        }
    }

    func testACancelBeforeTheSuspendResumesCancelled() async {
        let sleeper = SleeperEngine()
        XCTAssertNil(sleeper.cancel())
        do {
            try await withCheckedThrowingContinuation { continuation in
                XCTAssertTrue(sleeper.suspend(continuation, item: 1), "the caller forgets the item")
            }
            XCTFail("cancelled")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }

    func testAWakeAfterTheSuspendResumesTheTask() async throws {
        let sleeper = SleeperEngine()
        try await withCheckedThrowingContinuation { continuation in
            XCTAssertFalse(sleeper.suspend(continuation, item: 3))
            sleeper.wake()
        }
        XCTAssertNil(sleeper.cancel(), "already resumed")
    }
}
