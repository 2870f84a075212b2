import STypedSignal
import SUntypedSignal
import SignalSync
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

/// `VirtualClock` as a Swift `Clock` on the main actor: a task asleep on the clock and a
/// delayed signal on the same clock wake in deadline order as the clock advances.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor
@Test func aSleepingTaskAndADelayedSignalWakeInDeadlineOrder() async throws {
    let clock = VirtualClock()
    var log: [String] = []
    let task = Task { @MainActor in
        try await clock.sleep(for: .seconds(1))
        log.append("task@\(clock.now)")
        try await clock.sleep(for: .seconds(2))
        log.append("task@\(clock.now)")
    }
    while clock.pendingCount == 0 { await Task.yield() }
    let delayed = Signal<Int, NoError>.single(1) |> delay(2, queue: Queue(virtualClock: clock))
    let handle = delayed.start(next: { _ in MainActor.assumeIsolated { log.append("signal@\(clock.now)") } })
    await clock.advance(by: .seconds(4))
    try await task.value
    #expect(log == ["task@1.0", "signal@2.0", "task@3.0"])
    handle.dispose()
}
