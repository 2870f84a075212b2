import XCTest
import STypedSignal

final class SignalTests: XCTestCase {
    func testGeneratorRunsOnlyOnStartAndAgainEachTime() {
        var runs = 0
        let signal = Signal<Int, NoError> { subscriber in
            runs += 1
            subscriber.putNext(runs)
            return EmptyDisposable
        }
        XCTAssertEqual(runs, 0)
        let log = EventLog()
        log.record(signal)
        log.record(signal)
        XCTAssertEqual(log.events, ["next 1", "next 2"])
    }

    func testSynchronousTerminationDisposesGeneratorDisposableBeforeStartReturns() {
        let log = EventLog()
        let signal = Signal<Int, NoError> { subscriber in
            log.add("generator begin")
            subscriber.putNext(1)
            subscriber.putCompletion()
            log.add("generator end")
            return ActionDisposable { log.add("dispose") }
        }
        log.record(signal)
        log.add("start returned")
        XCTAssertEqual(log.events, ["generator begin", "next 1", "completed", "generator end", "dispose", "start returned"])
    }
}
