import Dispatch
import SignalTestSupport
import Synchronization
import XCTest

@testable import SignalSync

final class CombineStateTests: LeakCheckedTestCase {
    final class Handle: UpstreamDisposable, @unchecked Sendable {
        let name: String
        let log: (String) -> Void
        init(_ name: String, _ log: @escaping (String) -> Void) {
            self.name = name
            self.log = log
        }
        func dispose() { log("dispose \(name)") }
    }

    func testHoldsUntilEverySlotIsFilledThenEmitsOnEveryValue() {
        var machine = CombineLatestMachine(count: 3, seeded: 0)
        XCTAssertEqual(machine.valueArrived(at: 0), .hold)
        XCTAssertEqual(machine.valueArrived(at: 0), .hold, "a second value does not fill another slot")
        XCTAssertEqual(machine.valueArrived(at: 2), .hold)
        XCTAssertEqual(machine.valueArrived(at: 1), .emit)
        XCTAssertEqual(machine.valueArrived(at: 0), .emit)
    }

    func testSeededSlotsStartFilledAndExtraSeedsAreIgnored() {
        var seeded = CombineLatestMachine(count: 2, seeded: 1)
        XCTAssertEqual(seeded.valueArrived(at: 0), .hold)
        XCTAssertEqual(seeded.valueArrived(at: 1), .emit)
        var full = CombineLatestMachine(count: 2, seeded: 5)
        XCTAssertEqual(full.valueArrived(at: 1), .emit)
    }

    func testCompletesWhenEverySourceCompletedEachCountingOnce() {
        var machine = CombineLatestMachine(count: 2, seeded: 0)
        XCTAssertFalse(machine.sourceCompleted(at: 0))
        XCTAssertFalse(machine.sourceCompleted(at: 0), "a second completion of the same source")
        XCTAssertTrue(machine.sourceCompleted(at: 1))
        XCTAssertEqual(machine.valueArrived(at: 0), .drop)
        XCTAssertFalse(machine.sourceFailed())
    }

    func testFirstErrorWinsThenEverythingDrops() {
        var machine = CombineLatestMachine(count: 2, seeded: 2)
        XCTAssertTrue(machine.sourceFailed())
        XCTAssertFalse(machine.sourceFailed())
        XCTAssertEqual(machine.valueArrived(at: 0), .drop)
        XCTAssertFalse(machine.sourceCompleted(at: 0))
        XCTAssertFalse(machine.sourceCompleted(at: 1))
    }

    func testDisposalDisposesInIndexOrderOnceAndDoesNotEndTheOutput() {
        var log: [String] = []
        let engine = CombineLatestEngine(count: 3, seeded: 3)
        engine.attach(Handle("b", { log.append($0) }), at: 1)
        engine.attach(Handle("a", { log.append($0) }), at: 0)
        engine.dispose()
        engine.dispose()
        XCTAssertEqual(log, ["dispose a", "dispose b"])
        XCTAssertTrue(engine.isDisposed)
        XCTAssertEqual(engine.state.withLock { $0.valueArrived(at: 2) }, .emit, "a value sent while disposing still passes")
        XCTAssertTrue(engine.sourceFailed())
    }

    func testAHandleAttachedAfterDisposalIsDisposedAtOnce() {
        var log: [String] = []
        let engine = CombineLatestEngine(count: 1, seeded: 0)
        engine.dispose()
        engine.attach(Handle("late", { log.append($0) }), at: 0)
        XCTAssertEqual(log, ["dispose late"])
    }

    func testConcurrentValuesFillEachSlotOnceAndCompletionComesOnce() {
        let engine = CombineLatestEngine(count: 4, seeded: 0)
        let emitted = Synchronization.Atomic<Int>(0)
        let completions = Synchronization.Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<1000 {
                if engine.state.withLock({ $0.valueArrived(at: index) }) == .emit {
                    emitted.add(1, ordering: .relaxed)
                }
            }
            if engine.sourceCompleted(at: index) {
                completions.add(1, ordering: .relaxed)
            }
        }
        XCTAssertGreaterThanOrEqual(emitted.load(ordering: .relaxed), 1000, "the last slot filled emits, and so does every later value")
        XCTAssertEqual(completions.load(ordering: .relaxed), 1)
    }
}
