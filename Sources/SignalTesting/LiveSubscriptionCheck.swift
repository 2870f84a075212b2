import Foundation
import SignalSync

/// The number of subscriptions, of both APIs, that your code started and that have not
/// yet ended in this process: one per `start`, however many stages it runs through (see
/// `LiveSubscriptionReport` (SignalSync)). Counted in debug builds of the library only;
/// release builds always read 0.
public var liveSubscriptionCount: Int {
    LiveSubscriptionReport.current().count
}

/// Checks that no subscription is left running: that ``liveSubscriptionCount`` is back to
/// `baseline` (its value when the test began, 0 when every earlier test was clean), and
/// reports a failure at the caller's line otherwise, naming where each live subscription
/// was started and the stages it runs through (the first five sites, then a count). Work
/// finishing on other threads gets up to `timeout` seconds (one unless told otherwise) to
/// end its subscriptions, while the calling thread's run loop runs (so main-queue work can
/// finish when it is called on the main thread); a clean check returns as soon as the count
/// is back. Returns true when none is left.
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
    while liveSubscriptionCount > baseline && Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.001))
    }
    let report = LiveSubscriptionReport.current()
    let left = report.count - baseline
    guard left > 0 else { return true }
    TestFailureReporter.current.report(
        TestFailure(
            message: leakMessage(left, report, baseline: baseline),
            location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    return false
}

/// The failure of a leak check: how many are left, then where they were started.
func leakMessage(_ left: Int, _ report: LiveSubscriptionReport, baseline: Int) -> String {
    var lines = ["\(left) subscription(s) still live: something still holds a subscriber nobody ended"]
    let shown = report.groups.suffix(5)  // the newest sites: a leak of this test's
    for group in shown {
        lines.append("  \(group.count) started at \(group.site): \(group.chains.joined(separator: "; "))")
    }
    if report.groups.count > shown.count {
        lines.append("  and \(report.groups.count - shown.count) more site(s)")
    }
    if baseline > 0 {
        lines.append("  (\(baseline) were live when the check's baseline was read)")
    }
    return lines.joined(separator: "\n")
}
