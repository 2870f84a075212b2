import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class DisposableTests: LeakCheckedTestCase {
    func testEmptyDisposableIsSharedAndInert() {
        XCTAssertTrue(EmptyDisposable === EmptyDisposable)
        EmptyDisposable.dispose()
        EmptyDisposable.dispose()
    }

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

    func testMetaDisposableReplacesAndDisposesPrevious() {
        let log = EventLog()
        let meta = MetaDisposable()
        meta.set(ActionDisposable { log.add("a") })
        meta.set(ActionDisposable { log.add("b") })
        XCTAssertEqual(log.events, ["a"])
        meta.set(nil)
        XCTAssertEqual(log.events, ["a", "b"])
        meta.set(ActionDisposable { log.add("c") })
        meta.dispose()
        meta.dispose()
        meta.set(ActionDisposable { log.add("d") })
        XCTAssertEqual(log.events, ["a", "b", "c", "d"])
    }

    func testMetaDisposableSettingSameObjectDisposesIt() {
        let count = Atomic(value: 0)
        final class Counting: Disposable {
            let count: Atomic<Int>
            init(_ count: Atomic<Int>) { self.count = count }
            func dispose() { count.modify { $0 + 1 } }
        }
        let meta = MetaDisposable()
        let same = Counting(count)
        meta.set(same)
        meta.set(same)
        XCTAssertEqual(count.with { $0 }, 1)
        meta.dispose()
        XCTAssertEqual(count.with { $0 }, 2)
    }

    func testMetaDisposableReentrantSetFromPreviousDispose() {
        let log = EventLog()
        let meta = MetaDisposable()
        meta.set(
            ActionDisposable {
                log.add("first disposed")
                meta.set(ActionDisposable { log.add("nested disposed") })
            })
        meta.set(ActionDisposable { log.add("second disposed") })
        meta.dispose()
        XCTAssertEqual(log.events, ["first disposed", "second disposed", "nested disposed"])
    }

    func testMetaDisposableConcurrentSetAndDisposeDisposesEveryOneOnce() {
        let count = Atomic(value: 0)
        let meta = MetaDisposable()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<200 { meta.set(ActionDisposable { count.modify { $0 + 1 } }) }
            if index == 3 { meta.dispose() }
        }
        meta.dispose()
        XCTAssertEqual(count.with { $0 }, 1600)
    }

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

    func testDisposableDictReplacesPerKeyAndNilRemoves() {
        let log = EventLog()
        let dict = DisposableDict<String>()
        dict.set(ActionDisposable { log.add("a1") }, forKey: "a")
        dict.set(ActionDisposable { log.add("a2") }, forKey: "a")
        dict.set(ActionDisposable { log.add("b") }, forKey: "b")
        XCTAssertEqual(log.events, ["a1"])
        dict.set(nil, forKey: "a")
        dict.set(nil, forKey: "a")
        XCTAssertEqual(log.events, ["a1", "a2"])
        dict.dispose()
        dict.dispose()
        dict.set(ActionDisposable { log.add("late") }, forKey: "c")
        XCTAssertEqual(log.events, ["a1", "a2", "b", "late"])
    }

    func testDeinitReleasesWithoutDisposing() {
        let log = EventLog()
        do {
            let meta = MetaDisposable()
            meta.set(ActionDisposable { log.add("meta") })
            let set = DisposableSet()
            set.add(ActionDisposable { log.add("set") })
            let dict = DisposableDict<Int>()
            dict.set(ActionDisposable { log.add("dict") }, forKey: 1)
        }
        XCTAssertEqual(log.events, [])
    }

    func testStrictDisposableForwardsEveryDispose() {
        let count = Atomic(value: 0)
        final class Counting: Disposable {
            let count: Atomic<Int>
            init(_ count: Atomic<Int>) { self.count = count }
            func dispose() { count.modify { $0 + 1 } }
        }
        let strict = Counting(count).strict()
        XCTAssertTrue(strict is StrictDisposable)
        strict.dispose()
        strict.dispose()
        XCTAssertEqual(count.with { $0 }, 2)
    }

    #if DEBUG
        func testStrictDisposableLeakReportNamesTheInnerFileAndLine() {
            let reports = Atomic<[String]>(value: [])
            StrictDisposalLeaks.reporter.swap({ message in reports.modify { $0 + [message] } })
            defer { StrictDisposalLeaks.reporter.swap(nil) }
            do {
                _ = StrictDisposable(EmptyDisposable, file: "Leaky.swift", line: 42)
            }
            XCTAssertEqual(reports.with { $0 }, ["Leaked disposable \(EmptyDisposable) from Leaky.swift:42"])
        }
    #endif
}
