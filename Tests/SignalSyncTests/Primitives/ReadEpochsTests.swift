import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ReadEpochsTests: LeakCheckedTestCase {
    /// Runs `body` with epochs on a word of their own, freed when it returns.
    private func withEpochs(_ body: (ReadEpochs) -> Void) {
        let word = UnsafeMutablePointer<signalsync_atomic_uint64>.allocate(capacity: 1)
        word.initialize(to: signalsync_atomic_uint64(value: 0))
        defer { word.deallocate() }
        body(ReadEpochs(AtomicUInt64View(word)))
    }

    func testReadersJoinTheCurrentEpochAndLeaveIt() {
        withEpochs { epochs in
            let first = epochs.enter()
            let second = epochs.enter()
            XCTAssertEqual(first, 0)
            XCTAssertEqual(second, 0)
            XCTAssertEqual(epochs.readerCount, 2)
            XCTAssertFalse(epochs.exit(first))
            XCTAssertFalse(epochs.exit(second))
            XCTAssertEqual(epochs.readerCount, 0)
        }
    }

    func testAdvanceMovesNewReadersToTheOtherEpoch() {
        withEpochs { epochs in
            let old = epochs.enter()
            XCTAssertTrue(epochs.advance(), "the other epoch has no reader")
            XCTAssertFalse(epochs.previousIsEmpty, "the reader that entered before is in the previous epoch")
            let new = epochs.enter()
            XCTAssertNotEqual(old, new)
            XCTAssertFalse(epochs.advance(), "a reader of the previous epoch is still inside")
            XCTAssertFalse(epochs.exit(old), "nobody asked to be told")
            XCTAssertTrue(epochs.previousIsEmpty)
            XCTAssertFalse(epochs.exit(new))
        }
    }

    func testTheLastReaderOfThePreviousEpochReportsARequest() {
        withEpochs { epochs in
            let first = epochs.enter()
            let second = epochs.enter()
            XCTAssertTrue(epochs.advance())
            let current = epochs.enter()
            epochs.requestReclaim()
            XCTAssertFalse(epochs.exit(current), "a reader of the current epoch never reports")
            XCTAssertFalse(epochs.exit(first), "another reader of the previous epoch is still inside")
            XCTAssertTrue(epochs.exit(second), "the last reader of the previous epoch reports")
        }
    }

    func testAWithdrawnRequestIsNotReported() {
        withEpochs { epochs in
            let reader = epochs.enter()
            XCTAssertTrue(epochs.advance())
            epochs.requestReclaim()
            epochs.clearRequest()
            XCTAssertFalse(epochs.exit(reader))
        }
    }

    func testConcurrentReadersLeaveTheCountsBalanced() {
        withEpochs { epochs in
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for round in 0..<20_000 {
                    let epoch = epochs.enter()
                    if thread == 0, round % 100 == 0 {
                        _ = epochs.advance()  // only one writer, as under an owner's lock
                    }
                    _ = epochs.exit(epoch)
                }
            }
            XCTAssertEqual(epochs.readerCount, 0)
        }
    }
}
