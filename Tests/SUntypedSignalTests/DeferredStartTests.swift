import SignalTestSupport
import XCTest

@testable import SUntypedSignal

final class DeferredStartTests: LeakCheckedTestCase {
    func testRunStoresTheSubscriptionForDisposal() {
        var disposed = false
        let deferred = DeferredStart()
        deferred.run { SBlockDisposable { disposed = true } }
        XCTAssertFalse(disposed)
        deferred.dispose()
        XCTAssertTrue(disposed)
        XCTAssertTrue(deferred.isCancelled)
    }

    func testDisposedBeforeRunNeverRunsTheBody() {
        var ran = false
        let deferred = DeferredStart()
        deferred.dispose()
        deferred.run {
            ran = true
            return SBlockDisposable(nil)
        }
        XCTAssertFalse(ran)
    }

    func testDisposedWhileTheBodyRunsDisposesItsResultAtOnce() {
        var disposed = false
        let deferred = DeferredStart()
        deferred.run {
            deferred.dispose()
            return SBlockDisposable { disposed = true }
        }
        XCTAssertTrue(disposed)
    }
}
