import SUntypedSignal
import SignalTestSupport
import XCTest

final class SDisposableSetTests: LeakCheckedTestCase {
    func testDisposesInInsertionOrder() {
        let recorder = Recorder()
        let set = SDisposableSet()
        for name in ["a", "b", "c"] {
            set.add(SBlockDisposable { recorder.log(name) })
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
        final class Counting: SDisposable {
            var count = 0
            func dispose() { count += 1 }
        }
        let item = Counting()
        let set = SDisposableSet()
        set.add(item)
        set.add(item)
        XCTAssertEqual(set.count, 2)
        set.dispose()
        XCTAssertEqual(item.count, 2)
    }

    func testRemoveDropsEveryIdenticalEntryWithoutDisposing() {
        var count = 0
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
        let set = SDisposableSet()
        set.dispose()
        set.dispose()
    }

    func testDisposeIsIdempotent() {
        var count = 0
        let set = SDisposableSet()
        set.add(SBlockDisposable { count += 1 })
        set.dispose()
        set.dispose()
        XCTAssertEqual(count, 1)
    }

    func testAddFromInsideDisposeIsDisposedAtOnce() {
        let recorder = Recorder()
        let set = SDisposableSet()
        set.add(
            SBlockDisposable {
                recorder.log("a")
                set.add(SBlockDisposable { recorder.log("late") })
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
