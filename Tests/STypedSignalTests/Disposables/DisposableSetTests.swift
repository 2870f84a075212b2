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
        let set = DisposableSet()
        let item = CountingDisposable()
        set.add(item)
        set.add(item)
        set.dispose()
        XCTAssertEqual(item.count, 2)
    }
}

final class DisposableSetOrderTests: LeakCheckedTestCase {
    private let driver = DisposableSetOrderDriver(
        makeSet: DisposableSet.init, member: { ActionDisposable(action: $0) }, add: { $0.add($1) }, remove: { $0.remove($1) },
        dispose: { $0.dispose() })

    func testRandomRemovalsLeaveTheRestDisposedInInsertionOrder() {
        driver.randomRemovalsLeaveTheRestDisposedInInsertionOrder(seed: 13)
    }

    func testADuplicateLeavesOneCopyPerRemoveOldestFirst() {
        let disposed = OrderTrace<String>()
        let set = DisposableSet()
        let a = ActionDisposable { disposed.append("a") }
        let b = ActionDisposable { disposed.append("b") }
        for member in [a, b, a, b, a] {
            set.add(member)
        }
        set.remove(a)  // the first a
        set.removeLast()  // the last a
        set.remove(b)  // the first b
        set.dispose()
        XCTAssertEqual(disposed.all, ["a", "b"], "the copies left: a then b; ActionDisposable runs once")
    }

    func testARemovedMemberIsReleasedWhenRemoveReturnsAndTheRestWhenTheSetGoes() {
        driver.aRemovedMemberIsReleasedWhenRemoveReturnsAndTheRestWhenTheSetGoes()
    }

    func testRemoveLastReleasesTheLastMemberBeforeItReturns() {
        let released = OrderTrace<Int>()
        let set = DisposableSet()
        for number in 0..<2 {
            let probe = DeinitProbe { released.append(number) }
            set.add(ActionDisposable { withExtendedLifetime(probe) {} })
        }
        set.removeLast()
        XCTAssertEqual(released.all, [1])
    }

    func testAMemberAddedWhileTheSetDisposesIsDisposedAtOnce() {
        let disposed = OrderTrace<String>()
        let set = DisposableSet()
        set.add(
            ActionDisposable {
                disposed.append("first")
                set.add(ActionDisposable { disposed.append("late") })
            })
        set.add(ActionDisposable { disposed.append("second") })
        set.dispose()
        XCTAssertEqual(disposed.all, ["first", "late", "second"])
    }
}
