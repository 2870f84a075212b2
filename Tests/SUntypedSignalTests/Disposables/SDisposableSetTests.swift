import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SDisposableSetTests: LeakCheckedTestCase {
    func testDisposesInInsertionOrder() {
        let recorder = EventLog()
        let set = SDisposableSet()
        for name in ["a", "b", "c"] {
            set.add(SBlockDisposable { recorder.add(name) })
        }
        set.dispose()
        XCTAssertEqual(recorder.events, ["a", "b", "c"])
    }

    func testAddNilIsIgnored() {
        let set = SDisposableSet()
        set.add(nil)
        XCTAssertEqual(set.count, 0)
        set.dispose()
    }

    func testDuplicatesAreStoredTwice() {
        let item = CountingDisposable()
        let set = SDisposableSet()
        set.add(item)
        set.add(item)
        XCTAssertEqual(set.count, 2)
        set.dispose()
        XCTAssertEqual(item.count, 2)
    }

    func testRemoveDropsEveryIdenticalEntryWithoutDisposing() {
        nonisolated(unsafe) var count = 0
        let item = SBlockDisposable { count += 1 }
        let other = SBlockDisposable {}
        let set = SDisposableSet()
        set.add(item)
        set.add(other)
        set.add(item)
        set.remove(item)
        XCTAssertEqual(set.count, 1)
        XCTAssertEqual(count, 0)
        set.dispose()
        XCTAssertEqual(count, 0)
    }

    func testRemoveOfUnknownAndOnDisposedSetIsHarmless() {
        let set = SDisposableSet()
        set.remove(SBlockDisposable {})
        set.dispose()
        set.remove(SBlockDisposable {})
        XCTAssertEqual(set.count, 0)
    }

    func testEmptySetDisposes() {
        let recorder = EventLog()
        let set = SDisposableSet()
        set.dispose()
        set.dispose()
        set.add(SBlockDisposable { recorder.add("late") })
        XCTAssertEqual(recorder.events, ["late"], "the empty set was disposed: a member added later is disposed at once")
        XCTAssertEqual(set.count, 0)
    }

    func testDisposeIsIdempotent() {
        nonisolated(unsafe) var count = 0
        let set = SDisposableSet()
        set.add(SBlockDisposable { count += 1 })
        set.dispose()
        set.dispose()
        XCTAssertEqual(count, 1)
    }

    func testAddFromInsideDisposeIsDisposedAtOnce() {
        let recorder = EventLog()
        let set = SDisposableSet()
        set.add(
            SBlockDisposable {
                recorder.add("a")
                set.add(SBlockDisposable { recorder.add("late") })
            })
        set.dispose()
        XCTAssertEqual(recorder.events, ["a", "late"])
    }

    func testConcurrentAddsAreAllDisposed() {
        let set = SDisposableSet()
        let counter = Counter()
        let box = UncheckedBox(set)
        concurrently(200) { index in
            if index == 100 {
                box.value.dispose()
            } else {
                box.value.add(SBlockDisposable { counter.increment() })
            }
        }
        XCTAssertEqual(counter.value, 199)
    }
}

final class SDisposableSetOrderTests: LeakCheckedTestCase {
    private let driver = DisposableSetOrderDriver(
        makeSet: SDisposableSet.init, member: { SBlockDisposable($0) }, add: { $0.add($1) }, remove: { $0.remove($1) },
        dispose: { $0.dispose() }, count: { $0.count })

    func testRandomRemovalsLeaveTheRestDisposedInInsertionOrder() {
        driver.randomRemovalsLeaveTheRestDisposedInInsertionOrder(seed: 23)
    }

    func testRemoveTakesOutEveryCopyOfADuplicate() {
        let disposed = OrderTrace<String>()
        let set = SDisposableSet()
        let a = CountingDisposable(onDispose: { disposed.append("a") })
        let b = CountingDisposable(onDispose: { disposed.append("b") })
        for member in [a, b, a, b, a] {
            set.add(member)
        }
        set.remove(a)
        XCTAssertEqual(set.count, 2)
        set.add(a)
        set.dispose()
        XCTAssertEqual(disposed.all, ["b", "b", "a"], "each copy disposed, in insertion order")
    }

    func testARemovedMemberIsReleasedWhenRemoveReturnsAndTheRestWhenTheSetGoes() {
        driver.aRemovedMemberIsReleasedWhenRemoveReturnsAndTheRestWhenTheSetGoes()
    }
}
