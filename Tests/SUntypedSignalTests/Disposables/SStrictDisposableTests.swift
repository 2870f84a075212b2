import SignalSync
import SignalTestSupport
import XCTest

@testable import SUntypedSignal

final class SStrictDisposableTests: LeakCheckedTestCase {
    override func tearDown() {
        SStrictDisposable.leakReporter.swap(nil)
        super.tearDown()
    }

    func testForwardsDispose() {
        nonisolated(unsafe) var count = 0
        let strict = SStrictDisposable(SBlockDisposable { count += 1 }, file: #file, line: #line)
        strict.dispose()
        strict.dispose()
        XCTAssertEqual(count, 1)
    }

    func testRemembersFileAndLine() {
        let line = #line + 1
        let strict = SStrictDisposable(SBlockDisposable {}, file: "Here.swift", line: line)
        XCTAssertEqual("\(strict.file)", "Here.swift")
        XCTAssertEqual(strict.line, line)
        strict.dispose()
    }

    #if DEBUG
        func testLeakIsReportedInDebugBuilds() {
            let recorder = EventLog()
            SStrictDisposable.leakReporter.swap({ recorder.add($0) })
            do {
                _ = SStrictDisposable(SBlockDisposable {}, file: "Leaky.swift", line: 42)
            }
            XCTAssertEqual(recorder.events, ["Leaked disposable from Leaky.swift:42: " + StrictDisposalLeaks.explanation])
        }

        func testDisposedStrictDisposableIsNotReported() {
            let recorder = EventLog()
            SStrictDisposable.leakReporter.swap({ recorder.add($0) })
            do {
                let strict = SStrictDisposable(SBlockDisposable {}, file: "Fine.swift", line: 1)
                strict.dispose()
            }
            XCTAssertEqual(recorder.events, [])
        }

        func testStartStrictReportsTheCallSite() {
            let recorder = EventLog()
            SStrictDisposable.leakReporter.swap({ recorder.add($0) })
            let line = #line + 2
            do {
                _ = SSignal.never().startStrict(next: { _ in })
            }
            XCTAssertEqual(recorder.events.count, 1)
            XCTAssertTrue(
                recorder.events[0].hasSuffix("SStrictDisposableTests.swift:\(line): " + StrictDisposalLeaks.explanation), recorder.events[0])
        }
    #endif
}
