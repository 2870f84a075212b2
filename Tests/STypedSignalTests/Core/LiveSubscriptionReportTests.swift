import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The live-subscription report on the typed API: where each live subscription was
/// started and the stages it runs through (debug builds of the library).
final class LiveSubscriptionReportTests: LeakCheckedTestCase {
    func testALiveChainIsOneSubscriptionWithItsStartSiteAndItsStages() throws {
        try XCTSkipUnless(LiveSubscriptionReport.current().isRecorded, "recorded in debug builds only")
        let before = LiveSubscriptionReport.current().count
        let pipe = ValuePipe<Int>()
        let line = #line + 1
        let handle = (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start(next: { _ in })
        let report = LiveSubscriptionReport.current()
        XCTAssertEqual(report.count, before + 1, "one start is one live subscription")
        let group = try XCTUnwrap(report.groups.first { $0.site.line == line })
        XCTAssertEqual(group.site.fileID, "STypedSignalTests/LiveSubscriptionReportTests.swift")
        XCTAssertEqual(group.count, 1)
        XCTAssertEqual(group.chains, ["ValuePipe |> map |> filter"])
        XCTAssertTrue(report.description.contains("LiveSubscriptionReportTests.swift:\(line)"), report.description)
        handle.dispose()
        XCTAssertEqual(LiveSubscriptionReport.current().count, before)
    }

    func testANamedSignalReadsItsNameAndAGeneratorReadsTheFunctionThatMadeIt() throws {
        try XCTSkipUnless(LiveSubscriptionReport.current().isRecorded, "recorded in debug builds only")
        let pipe = ValuePipe<Int>()
        let named = (pipe.signal() |> map { $0 } |> named("chatList") |> deliverOn(Queue.mainQueue())).start(next: { _ in })
        let generator = makeRows().start(next: { _ in })
        let chains = LiveSubscriptionReport.current().groups.flatMap(\.chains)
        XCTAssertTrue(chains.contains("ValuePipe |> map |> chatList |> deliverOn"), "\(chains)")
        XCTAssertTrue(chains.contains("makeRows |> mapToSignal"), "\(chains)")
        named.dispose()
        generator.dispose()
    }

    func testEndedSubscriptionsAreNotReported() throws {
        try XCTSkipUnless(LiveSubscriptionReport.current().isRecorded, "recorded in debug builds only")
        let before = LiveSubscriptionReport.current().count
        Signal<Int, NoError>.single(1).start()
        let pipe = ValuePipe<Int>()
        let handle = (pipe.signal() |> take(1)).start()
        pipe.putNext(1)
        XCTAssertEqual(LiveSubscriptionReport.current().count, before)
        withExtendedLifetime(handle) {}
    }

    func testTheReportCanBeReadFromAnyThreadWhileSubscriptionsComeAndGo() {
        let pipe = ValuePipe<Int>()
        Stress.run("report under churn", threads: 3) { thread in
            for _ in 0..<(200 * Stress.scale) {
                if thread == 0 {
                    _ = LiveSubscriptionReport.current().description
                } else {
                    let handle = (pipe.signal() |> map { $0 }).start(next: { _ in })
                    pipe.putNext(thread)
                    handle.dispose()
                }
            }
        }
    }

    private func makeRows() -> Signal<Int, NoError> {
        Signal<Int, NoError> { _ in EmptyDisposable } |> mapToSignal { Signal<Int, NoError>.single($0) }
    }
}

/// `NoError` is `Equatable`, `Hashable` and `Sendable`: events of a `Signal<T, NoError>`,
/// bridged or not, compare.
final class NoErrorConformanceTests: XCTestCase {
    func testNoErrorConformsToEquatableHashableAndSendable() {
        func requires<E: Equatable & Hashable & Sendable>(_: E.Type) -> Bool { true }
        XCTAssertTrue(requires(NoError.self))
        XCTAssertTrue(requires(Set<NoError>.self))
    }
}
