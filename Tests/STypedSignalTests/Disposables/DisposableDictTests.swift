import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class DisposableDictTests: LeakCheckedTestCase {
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
}
