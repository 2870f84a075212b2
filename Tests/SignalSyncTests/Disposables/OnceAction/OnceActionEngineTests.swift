import Dispatch
import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

final class OnceActionEngineTests: LeakCheckedTestCase {
    /// An owner as the API faces are: the claim flag first, then the machine.
    final class Owner: OnceActionEngine, @unchecked Sendable {
        // Safety: as the faces' (see `OnceActionEngine`).
        var onceClaim = signalsync_atomic_bool()
        @exclusivity(unchecked) var onceMachine: OnceActionMachine

        init(_ action: (() -> Void)?) {
            onceMachine = OnceActionMachine(action: action)
        }
    }

    final class Holder: @unchecked Sendable {
        // Safety: `owner` is set before the holder is shared and only disposed after.
        var owner: Owner?
    }

    func testTheClaimFlagIsTheFirstStoredProperty() {
        let owner = Owner(nil)
        let flagAddress = withUnsafeMutablePointer(to: &owner.onceClaim) { UnsafeMutableRawPointer($0) }
        XCTAssertEqual(flagAddress, _getUnsafePointerToStoredProperties(owner))
    }

    func testRunsOnceAcrossThreads() {
        for _ in 0..<200 {
            let runs = Atomic(value: 0)
            let holder = Holder()
            holder.owner = Owner { runs.modify { $0 + 1 } }
            DispatchQueue.concurrentPerform(iterations: 4) { _ in holder.owner?.runOnceAction() }
            XCTAssertEqual(runs.with { $0 }, 1)
        }
    }

    func testADisposeFromInsideTheActionIsANoOpAndDoesNotDeadlock() {
        let holder = Holder()
        var runs = 0
        holder.owner = Owner {
            runs += 1
            holder.owner?.runOnceAction()
        }
        holder.owner?.runOnceAction()
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
        owner.runOnceAction()
        XCTAssertNil(weakObject, "released by the dispose that ran it, not by the owner's deinit")
        withExtendedLifetime(owner) {}
    }

    func testANilActionMakesDisposeANoOp() {
        let owner = Owner(nil)
        owner.runOnceAction()
        owner.runOnceAction()
        if case .run = owner.onceMachine.dispose() {
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
