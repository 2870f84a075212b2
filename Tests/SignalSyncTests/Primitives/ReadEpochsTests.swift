import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ReadEpochsTests: LeakCheckedTestCase {
    /// Runs `body` with epochs on storage of their own, freed when it returns.
    private func withEpochs(_ body: (ReadEpochs) -> Void) {
        let control = UnsafeMutablePointer<signalsync_atomic_uint64>.allocate(capacity: 1)
        control.initialize(to: signalsync_atomic_uint64(value: 0))
        let counts = ReaderShards.allocate()
        defer {
            control.deallocate()
            counts.deallocate()
        }
        body(ReadEpochs(control: AtomicUInt64View(control), counts: counts))
    }

    func testReadersJoinTheCurrentEpochAndLeaveIt() {
        withEpochs { epochs in
            let first = epochs.enter()
            let second = epochs.enter()
            XCTAssertEqual(first.epoch, 0)
            XCTAssertEqual(second.epoch, 0)
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
            XCTAssertNotEqual(old.epoch, new.epoch)
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

    /// Threads started one after the other count their readers in different words, each
    /// on a cache line of its own, and the writer's sums see them all.
    func testThreadsCountInCountsOfTheirOwnThatTheSumsSee() {
        withEpochs { epochs in
            let entered = DispatchSemaphore(value: 0)
            let leave = DispatchSemaphore(value: 0)
            let tickets = OrderTrace<ReadEpochs.Ticket>()
            let threads = (0..<2).map { _ in
                Thread {
                    let ticket = epochs.enter()
                    tickets.append(ticket)
                    entered.signal()
                    leave.wait()
                    _ = epochs.exit(ticket)
                    entered.signal()
                }
            }
            for thread in threads {
                thread.start()
                entered.wait()
            }
            let shards = Set(tickets.all.map(\.shard))
            XCTAssertEqual(shards.count, 2, "two threads started in turn share no count")
            XCTAssertEqual(epochs.readerCount, 2)
            XCTAssertTrue(epochs.advance(), "nobody in the other epoch")
            XCTAssertFalse(epochs.previousIsEmpty, "both readers are in the previous epoch, summed over both counts")
            epochs.requestReclaim()
            leave.signal()
            entered.wait()
            XCTAssertFalse(epochs.previousIsEmpty)
            leave.signal()
            entered.wait()
            XCTAssertTrue(epochs.previousIsEmpty)
            XCTAssertEqual(epochs.readerCount, 0)
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
