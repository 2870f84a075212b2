import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class DisposableSetTests: LeakCheckedTestCase {
    func testDisposableSetDisposesInInsertionOrderOnce() {
        let log = EventLog()
        let set = DisposableSet()
        set.add(ActionDisposable { log.add("1") })
        set.add(ActionDisposable { log.add("2") })
        set.dispose()
        set.dispose()
        set.add(ActionDisposable { log.add("late") })
        XCTAssertEqual(log.events, ["1", "2", "late"])
    }

    func testDisposableSetRemoveAndRemoveLastDoNotDispose() {
        let log = EventLog()
        let set = DisposableSet()
        let a = ActionDisposable { log.add("a") }
        let b = ActionDisposable { log.add("b") }
        set.add(a)
        set.add(b)
        set.remove(a)
        set.removeLast()
        set.removeLast()  // empty: no trap
        set.remove(a)  // unknown: no-op
        set.dispose()
        XCTAssertEqual(log.events, [])
    }

    func testDisposableSetDuplicatesDisposedTwice() {
        let count = Atomic(value: 0)
        final class Counting: Disposable {
            let count: Atomic<Int>
            init(_ count: Atomic<Int>) { self.count = count }
            func dispose() { count.modify { $0 + 1 } }
        }
        let set = DisposableSet()
        let item = Counting(count)
        set.add(item)
        set.add(item)
        set.dispose()
        XCTAssertEqual(count.with { $0 }, 2)
    }
}
