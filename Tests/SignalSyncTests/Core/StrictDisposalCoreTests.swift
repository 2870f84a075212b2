import SignalTestSupport
import XCTest

@testable import SignalSync

final class StrictDisposalCoreTests: LeakCheckedTestCase {
    final class Counting: UpstreamDisposable, CustomStringConvertible, @unchecked Sendable {
        var count = 0
        func dispose() { count += 1 }
        var description: String { "Counting" }
    }

    final class Reports: @unchecked Sendable {
        private let entries = LockedState<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    override func tearDown() {
        StrictDisposalLeaks.reporter.swap(nil)
        super.tearDown()
    }

    func testForwardsEveryDisposeAndRemembersFileAndLine() {
        let inner = Counting()
        let core = StrictDisposalCore<String>(inner, file: "Here.swift", line: 7, namesInner: false)
        core.dispose()
        core.dispose()
        XCTAssertEqual(inner.count, 2)
        XCTAssertEqual(core.file, "Here.swift")
        XCTAssertEqual(core.line, 7)
    }

    func testLeakReportWordings() {
        let named = StrictDisposalCore<String>(Counting(), file: "A.swift", line: 1, namesInner: true)
        let unnamed = StrictDisposalCore<StaticString>(Counting(), file: "B.swift", line: 2, namesInner: false)
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
            let reports = Reports()
            StrictDisposalLeaks.reporter.swap({ reports.add($0) })
            do {
                _ = StrictDisposalCore<String>(Counting(), file: "Leaky.swift", line: 42, namesInner: false)
            }
            do {
                let disposed = StrictDisposalCore<String>(Counting(), file: "Fine.swift", line: 1, namesInner: false)
                disposed.dispose()
            }
            XCTAssertEqual(reports.all, ["Leaked disposable from Leaky.swift:42: " + StrictDisposalLeaks.explanation])
        }
    #endif
}
