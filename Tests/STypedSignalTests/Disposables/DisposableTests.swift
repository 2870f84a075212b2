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
}
