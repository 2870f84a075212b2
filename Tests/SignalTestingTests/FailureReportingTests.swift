import STypedSignal
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

@testable import SignalTesting

/// The assertions really report: failures collected through an injected reporter, with
/// the caller's location and the marble diff.
final class FailureReportingTests: LeakCheckedTestCase {
    func testAMismatchReportsBothMarblesACaretAndTheEventsAtTheCallersLine() {
        let scheduler = SignalTestScheduler()
        let source: Signal<Int, String> = scheduler.cold("-1-2--3|")
        let recorder = scheduler.record(source |> delay(1, queue: Queue(virtualClock: scheduler.clock)))
        scheduler.advanceUntilIdle()
        let line = UInt(#line + 1)
        let failures = TestFailureReporter.collectingFailures { XCTAssertFalse(recorder.expect("-1-2--3|")) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.location.line, line)
        XCTAssertEqual(failures.first?.location.fileID, "SignalTestingTests/FailureReportingTests.swift")
        XCTAssertEqual(
            failures.first?.message,
            """
            the recorded events differ from the expected marble
              expected: -1-2--3|
              recorded: --1-2--3|
                         ^
              expected events: [1 1, 3 2, 6 3, 7 |]
              recorded events: [2 1, 4 2, 7 3, 8 |]
            """)
    }

    func testAnUnnamedValueAndAnEventBetweenTicksAreWrittenOut() {
        let scheduler = SignalTestScheduler()
        let source: Signal<Int, String> = scheduler.cold("(42)|")
        let recorder = scheduler.record(source |> delay(0.5, queue: Queue(virtualClock: scheduler.clock)))
        scheduler.advanceUntilIdle()
        let failures = TestFailureReporter.collectingFailures { recorder.expect("a|", values: ["a": 4]) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].message.contains("recorded: -(42)|"), failures[0].message)
        XCTAssertTrue(failures[0].message.contains("recorded events: [1 (0.5 s) 42, 2 (1.5 s) |]"), failures[0].message)
    }

    func testAnUntypedMismatchReports() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.coldSSignal("-a|"))
        scheduler.advanceUntilIdle()
        let failures = TestFailureReporter.collectingFailures { recorder.expect("-b|") }
        XCTAssertEqual(failures.map { $0.message.contains("expected: -b|\n  recorded: -a|") }, [true])
    }

    func testAGrammarViolationIsReportedWhereTheRecordingBegan() {
        let scheduler = SignalTestScheduler()
        let line = UInt(#line + 2)
        let failures = TestFailureReporter.collectingFailures {
            let recording = Recording<Int, String>(scheduler: scheduler, location: TestSourceLocation())
            recording.receive(.completed)
            recording.receive(.next(1))
            XCTAssertEqual(recording.violations.count, 1)
        }
        XCTAssertEqual(failures.map(\.location.line), [line])
        XCTAssertEqual(failures.first?.message, "event grammar violated at tick 0: next after completed: the grammar is next* (error | completed)?")
    }

    func testALeftSubscriptionIsReportedByTheLeakCheck() {
        let pipe = ValuePipe<Int>()
        let baseline = liveSubscriptionCount
        let line = #line + 1
        let handle = (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start()
        let failures = TestFailureReporter.collectingFailures { expectNoLiveSubscriptions(baseline: baseline, timeout: 0.01) }
        #if DEBUG
            XCTAssertEqual(failures.count, 1)
            let message = failures.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix("1 subscription(s) still live: something still holds a subscriber nobody ended\n"), message)
            XCTAssertTrue(
                message.contains("1 started at SignalTestingTests/FailureReportingTests.swift:\(line): ValuePipe |> map |> filter"), message)
        #endif
        handle.dispose()
        XCTAssertEqual(TestFailureReporter.collectingFailures { expectNoLiveSubscriptions(baseline: baseline) }.count, 0)
    }

    func testALeakCheckGivesUpAfterAboutASecondByDefault() {
        let pipe = ValuePipe<Int>()
        let baseline = liveSubscriptionCount
        let handle = pipe.signal().start()
        let started = Date()
        let failures = TestFailureReporter.collectingFailures { expectNoLiveSubscriptions(baseline: baseline) }
        let waited = Date().timeIntervalSince(started)
        handle.dispose()
        #if DEBUG
            XCTAssertEqual(failures.count, 1)
            XCTAssertGreaterThanOrEqual(waited, 0.9)
        #endif
        XCTAssertLessThan(waited, 5, "the default timeout is about a second, not ten")
    }

    // MARK: - Malformed marbles fail the test that wrote them, and the run goes on

    func testAnUnclosedGroupIsReportedAtTheCallersLineAndTheEventsBeforeItStillPlay() {
        let scheduler = SignalTestScheduler()
        let line = UInt(#line + 2)
        let failures = TestFailureReporter.collectingFailures {
            _ = scheduler.cold("-1-(2,3", values: [:], error: Optional<String>.none) as Signal<Int, String>
        }
        XCTAssertEqual(failures.map(\.message), ["marble '-1-(2,3': unclosed group at offset 3 (tick 3): the '(' has no ')'"])
        XCTAssertEqual(failures.map(\.location.line), [line])
        XCTAssertEqual(Marble("-1-(2,3").events.map(\.tick), [1])
        XCTAssertEqual(Marble("-1-(2,3").problem, "marble '-1-(2,3': unclosed group at offset 3 (tick 3): the '(' has no ')'")
        XCTAssertNil(Marble("-1-(2,3)|").problem)
    }

    func testARxJSGroupMatchesAndAnAmbiguousOneIsReportedAtTheCallersLine() {
        let scheduler = SignalTestScheduler()
        let source: Signal<String, NoError> = scheduler.cold("-b-(c,|)")
        let recorder = scheduler.record(source)
        scheduler.advanceUntilIdle()
        XCTAssertTrue(recorder.expect("-b-(c|)"))
        let line = UInt(#line + 1)
        let failures = TestFailureReporter.collectingFailures { XCTAssertFalse(recorder.expect("-b-(cd|)")) }
        XCTAssertEqual(failures.map(\.location.line), [line])
        XCTAssertEqual(failures.first?.message.hasPrefix("marble '-b-(cd|)': group member 'cd|' at offset 4 (tick 3) is ambiguous"), true)
    }

    func testANameMissingFromValuesIsReportedByColdHotAndExpect() {
        let scheduler = SignalTestScheduler()
        let values = ["a": Tracked()]
        let failures = TestFailureReporter.collectingFailures {
            let cold: Signal<Tracked, NoError> = scheduler.cold("-a-b|", values: values)
            let hot: Signal<Tracked, NoError> = scheduler.hot("-c|", values: values)
            let recorder = scheduler.record(cold)
            _ = hot.start()
            scheduler.advanceUntilIdle()
            XCTAssertFalse(recorder.expect("-a-b|", values: values))
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                "marble '-a-b|': no value named 'b' (pass it in `values:`)",
                "marble '-c|': no value named 'c' (pass it in `values:`)",
                "marble '-a-b|': no value named 'b' (pass it in `values:`)",
            ])
    }

    func testUntypedMarbleProblemsAreReported() {
        let scheduler = SignalTestScheduler()
        let failures = TestFailureReporter.collectingFailures {
            _ = scheduler.coldSSignal("-(a")
            _ = scheduler.hotSSignal("(a")
            let recorder = scheduler.record(scheduler.coldSSignal("-a|"))
            scheduler.advanceUntilIdle()
            XCTAssertFalse(recorder.expect("-a-(|"))
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                "marble '-(a': unclosed group at offset 1 (tick 1): the '(' has no ')'",
                "marble '(a': unclosed group at offset 0 (tick 0): the '(' has no ')'",
                "marble '-a-(|': unclosed group at offset 3 (tick 3): the '(' has no ')'",
            ])
    }
}

/// An object without a textual form, so a marble name cannot stand for it by itself.
private final class Tracked: Equatable, Sendable {
    static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs === rhs }
}
