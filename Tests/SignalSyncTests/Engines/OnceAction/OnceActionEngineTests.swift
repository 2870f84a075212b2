import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

final class OnceActionEngineTests: LeakCheckedTestCase {
    final class Holder: @unchecked Sendable {
        // Safety: `engine` is set before the holder is shared and only disposed after.
        var engine: OnceActionEngine?
    }

    func testRunsOnceAcrossThreads() {
        for _ in 0..<50 {
            let runs = Atomic(value: 0)
            let holder = Holder()
            holder.engine = OnceActionEngine(action: { runs.modify { $0 + 1 } })
            DispatchQueue.concurrentPerform(iterations: 4) { _ in holder.engine?.dispose() }
            XCTAssertEqual(runs.with { $0 }, 1)
        }
    }

    func testADisposeFromInsideTheActionIsANoOpAndDoesNotDeadlock() {
        let holder = Holder()
        var runs = 0
        holder.engine = OnceActionEngine(action: {
            runs += 1
            holder.engine?.dispose()
        })
        holder.engine?.dispose()
        XCTAssertEqual(runs, 1)
        holder.engine = nil
    }

    func testDroppedUndisposedReleasesTheActionWithoutRunningIt() {
        final class Object {}
        weak var weakObject: Object?
        var ran = false
        do {
            let object = Object()
            weakObject = object
            _ = OnceActionEngine(action: {
                _ = object
                ran = true
            })
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }
}
