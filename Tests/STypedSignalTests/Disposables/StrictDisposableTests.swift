import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class StrictDisposableTests: LeakCheckedTestCase {
    func testStrictDisposableForwardsEveryDispose() {
        let counting = CountingDisposable()
        let strict = counting.strict()
        XCTAssertTrue(strict is StrictDisposable)
        strict.dispose()
        strict.dispose()
        XCTAssertEqual(counting.count, 2)
    }

    #if DEBUG
        func testStrictDisposableLeakReportNamesTheInnerFileAndLine() {
            let reports = Atomic<[String]>(value: [])
            StrictDisposalLeaks.reporter.swap({ message in reports.modify { $0 + [message] } })
            defer { StrictDisposalLeaks.reporter.swap(nil) }
            do {
                _ = StrictDisposable(EmptyDisposable, file: "Leaky.swift", line: 42)
            }
            XCTAssertEqual(reports.with { $0 }, ["Leaked disposable \(EmptyDisposable) from Leaky.swift:42: " + StrictDisposalLeaks.explanation])
        }
    #endif
}
