import Dispatch
import SSignalKit
import SignalTestSupport
import XCTest

/// The compile-time check in `EveryImportedSpelling.swift` is part of the build of this
/// target.
final class SSignalKitEverySpellingTests: LeakCheckedTestCase {
    func testEveryImportedSpellingCompiles() {
        let check: (SSignal, SQueue, SDisposable, SThreadPool, SThreadPoolTask, SThreadPoolQueue, DispatchQueue, String, [Any], SSubscriber) -> Void =
            everyImportedSpelling
        XCTAssertNotNil(check as Any)
    }
}
