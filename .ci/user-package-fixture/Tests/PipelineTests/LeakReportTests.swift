import STypedSignal
import SUntypedSignal
import SignalTesting
import Testing
import XCTest

// Each test leaks one subscription on purpose, at the line marked "leaked here", and
// checks for leaks: it fails, and its failure names that file and line and the chain.
// .ci/user-package runs them alone (the ordinary run skips them) and asserts on the text.

final class LeakReportXCTests: XCTestCase {
    func testALeakedSubscriptionIsNamedByItsStartSiteAndChain() {
        let pipe = ValuePipe<Int>()
        let leaked = (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start(next: { _ in })  // leaked here (XCTest)
        expectNoLiveSubscriptions(timeout: 0.01)
        leaked.dispose()
    }
}

@Suite(.serialized) struct LeakReportSwiftTests {
    @Test func aLeakedSubscriptionIsNamedByItsStartSiteAndChain() {
        let pipe = SPipe()
        let leaked = pipe.signal().map { $0 }.filter { _ in true }.start(next: { _ in })  // leaked here (Swift Testing)
        expectNoLiveSubscriptions(timeout: 0.01)
        leaked.dispose()
    }
}
