import STypedSignal
import SUntypedSignal
import SignalTesting
import Testing

/// SignalTesting under Swift Testing: passing expectations, and failures that reach
/// Swift Testing as issues (caught here as known issues).
@Suite struct SwiftTestingReportingTests {
    @Test func aMatchingMarbleRecordsNoIssue() {
        let scheduler = SignalTestScheduler()
        let source: Signal<Int, NoError> = scheduler.cold("-1-2|")
        let recorder = scheduler.record(source |> map { $0 + 1 })
        scheduler.advanceUntilIdle()
        #expect(recorder.expect("-2-3|"))
    }

    @Test func aMismatchIsRecordedAsASwiftTestingIssue() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.coldSSignal("-1|"))
        scheduler.advanceUntilIdle()
        withKnownIssue {
            recorder.expect("--1|")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("expected: --1|") }
        }
    }

    @Test func theAutomaticReporterSeesTheSwiftTestingTest() {
        withKnownIssue {
            TestFailureReporter.automatic.report(TestFailure(message: "reported", location: TestSourceLocation()))
        }
    }
}
