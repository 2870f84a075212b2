import Dispatch
import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

final class OnceActionEngineTests: LeakCheckedTestCase {
    typealias Owner = OnceActionEngine

    final class Holder: @unchecked Sendable {
        // Safety: `owner` is set before the holder is shared and only disposed after.
        var owner: Owner?
    }

    func testRunsOnceAcrossThreads() {
        for _ in 0..<200 {
            let runs = Atomic(value: 0)
            let holder = Holder()
            holder.owner = Owner { runs.modify { $0 + 1 } }
            DispatchQueue.concurrentPerform(iterations: 4) { _ in holder.owner?.dispose() }
            XCTAssertEqual(runs.with { $0 }, 1)
        }
    }

    func testADisposeFromInsideTheActionIsANoOpAndDoesNotDeadlock() {
        let holder = Holder()
        var runs = 0
        holder.owner = Owner {
            runs += 1
            holder.owner?.dispose()
        }
        holder.owner?.dispose()
        XCTAssertEqual(runs, 1)
        holder.owner = nil
    }

    func testTheActionIsReleasedAsSoonAsItHasRun() {
        final class Object {}
        weak var weakObject: Object?
        let owner: Owner
        do {
            let object = Object()
            weakObject = object
            owner = Owner { withExtendedLifetime(object) {} }
        }
        XCTAssertNotNil(weakObject)
        owner.dispose()
        XCTAssertNil(weakObject, "released by the dispose that ran it, not by the owner's deinit")
        withExtendedLifetime(owner) {}
    }

    func testANilActionMakesDisposeANoOp() {
        let owner = Owner(action: nil)
        owner.dispose()
        owner.dispose()
        if case .run = owner.machine.dispose() {
            XCTFail("a nil action starts spent")
        }
    }

    func testDroppedUndisposedReleasesTheActionWithoutRunningIt() {
        final class Object {}
        weak var weakObject: Object?
        var ran = false
        do {
            let object = Object()
            weakObject = object
            _ = Owner {
                _ = object
                ran = true
            }
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }
}
