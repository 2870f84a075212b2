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
}
