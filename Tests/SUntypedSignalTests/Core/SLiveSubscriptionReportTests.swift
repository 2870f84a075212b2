import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The live-subscription report on the untyped API: where each live subscription was
/// started and the stages it runs through (debug builds of the library).
final class SLiveSubscriptionReportTests: LeakCheckedTestCase {
    func testALiveChainIsOneSubscriptionWithItsStartSiteAndItsStages() throws {
        try XCTSkipUnless(LiveSubscriptionReport.current().isRecorded, "recorded in debug builds only")
        let before = LiveSubscriptionReport.current().count
        let pipe = SPipe()
        let line = #line + 1
        let handle = pipe.signal().map { $0 }.filter { _ in true }.start(next: { _ in })
        let report = LiveSubscriptionReport.current()
        XCTAssertEqual(report.count, before + 1, "one start is one live subscription")
        let group = try XCTUnwrap(report.groups.first { $0.site.line == line })
        XCTAssertEqual(group.site.fileID, "SUntypedSignalTests/SLiveSubscriptionReportTests.swift")
        XCTAssertEqual(group.chains, ["SPipe.map.filter"])
        handle.dispose()
        XCTAssertEqual(LiveSubscriptionReport.current().count, before)
    }

    func testANamedSignalAndAVariableReadInTheChain() throws {
        try XCTSkipUnless(LiveSubscriptionReport.current().isRecorded, "recorded in debug builds only")
        let variable = SVariable()
        variable.set(SSignal.single(1))
        let named = variable.signal().named("profile").deliverOn(SQueue.mainQueue()).start(next: { _ in })
        let chains = LiveSubscriptionReport.current().groups.flatMap(\.chains)
        XCTAssertTrue(chains.contains("SVariable.profile.deliverOn"), "\(chains)")
        named.dispose()
    }
}
