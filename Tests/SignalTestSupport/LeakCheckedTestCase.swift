import Foundation
import SignalSync
import SignalTesting
import XCTest

/// The base class of every test case in this package: after each test it checks that the
/// test left no subscription running (`LiveSubscriptions` is back where it was when the
/// test began, which is zero when every earlier test was clean), in both APIs.
///
/// Work still finishing on other threads gets up to ten seconds to end its subscriptions;
/// a count that stays higher fails the test that left it. Counted in debug builds; in a
/// release test run the check always passes.
open class LeakCheckedTestCase: XCTestCase {
    private var liveAtStart = 0
    private var stagesAtStart = 0

    override open func setUp() {
        super.setUp()
        liveAtStart = liveSubscriptionCount
        stagesAtStart = LiveSubscriptions.current
    }

    override open func tearDown() {
        super.tearDown()
        // In the users' units (one per start, with where it was started)...
        if expectNoLiveSubscriptions(baseline: liveAtStart, timeout: 10) {
            // ... and in the library's: every subscription object, stages included (an
            // operator that leaks its upstream's subscription after its own ended).
            let deadline = Date().addingTimeInterval(10)
            while LiveSubscriptions.current > stagesAtStart && Date() < deadline {
                RunLoop.current.run(until: Date().addingTimeInterval(0.001))
            }
            let left = LiveSubscriptions.current - stagesAtStart
            XCTAssertLessThanOrEqual(left, 0, "\(left) subscription stage(s) still live after every start ended")
        }
    }

    /// Disposes `subscription` when the test ends, before the leak check: for a test that
    /// listens to a hot source (a pipe, promise, variable, multicast...) until its end, as
    /// a program disposes what it no longer listens to. Takes either API's handle.
    public func disposedAtEnd(_ subscription: any UpstreamDisposable) {
        nonisolated(unsafe) let subscription = subscription
        addTeardownBlock { subscription.dispose() }
    }
}
