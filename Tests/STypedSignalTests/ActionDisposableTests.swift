import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class ActionDisposableTests: LeakCheckedTestCase {
    func testActionRunsExactlyOnceAcrossThreads() {
        for _ in 0..<100 {
            let count = Atomic(value: 0)
            let disposable = ActionDisposable { count.modify { $0 + 1 } }
            DispatchQueue.concurrentPerform(iterations: 4) { _ in disposable.dispose() }
            XCTAssertEqual(count.with { $0 }, 1)
        }
    }

    func testActionDisposeFromInsideActionIsNoOp() {
        let count = Atomic(value: 0)
        let holder = Atomic<ActionDisposable?>(value: nil)
        let disposable = ActionDisposable {
            count.modify { $0 + 1 }
            holder.with { $0 }?.dispose()
        }
        holder.swap(disposable)
        disposable.dispose()
        XCTAssertEqual(count.with { $0 }, 1)
        holder.swap(nil)
    }

    func testActionNotRunOnDeinitButReleased() {
        weak var weakObject: Tracked?
        var ran = false
        do {
            let object = Tracked()
            weakObject = object
            _ = ActionDisposable {
                _ = object
                ran = true
            }
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }

    func testActionReleasedOnceItHasRunWhileTheDisposableLives() {
        weak var weakObject: Tracked?
        var ran = 0
        let disposable: ActionDisposable
        do {
            let object = Tracked()
            weakObject = object
            disposable = ActionDisposable {
                _ = object
                ran += 1
            }
        }
        XCTAssertNotNil(weakObject, "held until disposed")
        disposable.dispose()
        XCTAssertNil(weakObject, "released as soon as it ran")
        disposable.dispose()
        XCTAssertEqual(ran, 1)
    }

    func testDisposeFromAnotherThreadDuringTheActionDoesNotWaitNorRunItAgain() {
        let count = Atomic(value: 0)
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let disposable = ActionDisposable {
            count.modify { $0 + 1 }
            inside.signal()
            _ = release.wait(timeout: .now() + 30)
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            disposable.dispose()
            finished.signal()
        }
        XCTAssertEqual(inside.wait(timeout: .now() + 30), .success, "watchdog")
        disposable.dispose()  // returns at once: the action is taken
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "watchdog")
        XCTAssertEqual(count.with { $0 }, 1)
    }
}
