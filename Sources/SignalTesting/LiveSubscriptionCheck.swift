import Foundation
import SignalSync

/// The number of subscriptions, of both APIs, that have started and not yet ended in this
/// process. Counted in debug builds of the library only; release builds always read 0.
public var liveSubscriptionCount: Int {
    LiveSubscriptions.current
}

/// Checks that no subscription is left running: that ``liveSubscriptionCount`` is back to
/// `baseline` (its value when the test began, 0 when every earlier test was clean), and
/// reports a failure at the caller's line otherwise. Work finishing on other threads gets
/// up to `timeout` seconds (one unless told otherwise) to end its subscriptions, while the
/// calling thread's run loop runs (so main-queue work can finish when it is called on the
/// main thread); a clean check returns as soon as the count is back. Returns true when
/// none is left.
///
/// The count is process-wide: under Swift Testing, whose tests run in parallel, check in
/// a `.serialized` suite (or read the baseline and check within one test that owns the
/// process's signals meanwhile).
@discardableResult
public func expectNoLiveSubscriptions(
    baseline: Int = 0, timeout: Double = 1, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while LiveSubscriptions.current > baseline && Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.001))
    }
    let left = LiveSubscriptions.current - baseline
    guard left > 0 else { return true }
    TestFailureReporter.current.report(
        TestFailure(
            message: "\(left) subscription(s) still live: something still holds a subscriber nobody ended",
            location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    return false
}
