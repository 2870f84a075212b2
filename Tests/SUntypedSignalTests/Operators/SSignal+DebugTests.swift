import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The untyped `debug`: the tests of `DebugDriver` (the typed API runs them in
/// `SignalDebugTests`), here with a nil value.
final class SSignalDebugTests: LeakCheckedTestCase {
    func testReportsSubscribeEventsAndDisposeWithLabelAndThread() {
        DebugDriver.reportsSubscribeEventsAndDispose(UntypedDebug.self, label: "u", values: [nil, 3], shown: ["nil", "3"])
    }

    func testReportsErrorsAndDisposalOnce() { DebugDriver.reportsErrorsAndDisposalOnce(UntypedDebug.self) }

    func testNamesTheThreadOfEachEvent() { DebugDriver.namesTheThreadOfEachEvent(UntypedDebug.self, value: 1, shown: "1") }
}

/// The untyped `debug` as `DebugDriver` sees it.
enum UntypedDebug: DebugAdapter {
    static let failureText = "bad"

    static func startDebugged(
        _ source: DebugSource<Any?>, label: String, log: @escaping @Sendable (String) -> Void, record: @escaping @Sendable (String) -> Void
    ) -> () -> Void {
        let signal: SSignal
        switch source {
        case .values(let values):
            signal = values.dropFirst().reduce(SSignal.single(values[0])) { $0.then(SSignal.single($1)) }
        case .failure:
            signal = SSignal.fail("bad")
        case .never:
            signal = SSignal.never()
        case .singleOnAnotherQueue(let value):
            signal = SSignal.single(value).deliverOn(SQueue())
        }
        return signal.debug(label, log: log).start(
            next: { record("next \(describe($0))") }, error: { record("error \(describe($0))") }, completed: { record("completed") }
        ).dispose
    }
}
