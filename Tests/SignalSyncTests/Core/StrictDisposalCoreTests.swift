import SignalTestSupport
import XCTest

@testable import SignalSync

final class StrictDisposalCoreTests: LeakCheckedTestCase {
    override func tearDown() {
        StrictDisposalLeaks.reporter.swap(nil)
        super.tearDown()
    }

    func testForwardsEveryDisposeAndRemembersFileAndLine() {
        let inner = CountingDisposable("Counting")
        let core = StrictDisposalCore<String>(inner, file: "Here.swift", line: 7, namesInner: false)
        core.dispose()
        core.dispose()
        XCTAssertEqual(inner.count, 2)
        XCTAssertEqual(core.file, "Here.swift")
        XCTAssertEqual(core.line, 7)
    }

    func testLeakReportWordings() {
        let named = StrictDisposalCore<String>(CountingDisposable("Counting"), file: "A.swift", line: 1, namesInner: true)
        let unnamed = StrictDisposalCore<StaticString>(CountingDisposable("Counting"), file: "B.swift", line: 2, namesInner: false)
        // The originals' words, then what to do in the user's words.
        let explanation =
            "a subscription's handle from startStrict was released without dispose(); keep the handle and call dispose() when done, "
            + "or use start(...) if the subscription may outlive its handle"
        XCTAssertEqual(named.leakReport, "Leaked disposable Counting from A.swift:1: " + explanation)
        XCTAssertEqual(unnamed.leakReport, "Leaked disposable from B.swift:2: " + explanation)
        XCTAssertEqual(StrictDisposalLeaks.explanation, explanation)
        named.dispose()
        unnamed.dispose()
    }

    #if DEBUG
        func testACoreDestroyedWithoutDisposalIsReportedOnce() {
            let reports = EventLog()
            StrictDisposalLeaks.reporter.swap({ reports.add($0) })
            do {
                _ = StrictDisposalCore<String>(CountingDisposable("Counting"), file: "Leaky.swift", line: 42, namesInner: false)
            }
            do {
                let disposed = StrictDisposalCore<String>(CountingDisposable("Counting"), file: "Fine.swift", line: 1, namesInner: false)
                disposed.dispose()
            }
            XCTAssertEqual(reports.events, ["Leaked disposable from Leaky.swift:42: " + StrictDisposalLeaks.explanation])
        }
    #endif
}
