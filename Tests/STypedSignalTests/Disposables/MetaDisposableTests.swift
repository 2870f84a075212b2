import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class MetaDisposableTests: LeakCheckedTestCase {
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
        let meta = MetaDisposable()
        let same = CountingDisposable()
        meta.set(same)
        meta.set(same)
        XCTAssertEqual(same.count, 1)
        meta.dispose()
        XCTAssertEqual(same.count, 2)
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
}
