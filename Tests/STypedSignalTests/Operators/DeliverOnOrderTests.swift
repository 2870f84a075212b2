import Dispatch
import STypedSignal
import SignalTestSupport
import XCTest

/// A value sent from another thread is not overtaken by a completion sent on the
/// delivery queue (Divergences.md), run by `HopOrderDriver` on the typed API (the
/// other API runs the same tests in `SDeliverOnOrderTests`).
final class DeliverOnOrderTests: LeakCheckedTestCase {
    func testOnTheMainQueueTheValueComesBeforeTheCompletion() {
        for meeting in HopOrderDriver.Meeting.allCases {
            HopOrderDriver.valueFromAnotherThreadIsNotOvertakenByTheCompletion(TypedRealThreadAPI.self, startedOn: .main, through: meeting)
        }
    }

    func testOnASerialQueueTheValueComesBeforeTheCompletion() {
        for meeting in HopOrderDriver.Meeting.allCases {
            HopOrderDriver.valueFromAnotherThreadIsNotOvertakenByTheCompletion(TypedRealThreadAPI.self, startedOn: .serial, through: meeting)
        }
    }

    func testAppCodeStartedOnTheMainQueueDeliversItsValueInEveryRun() {
        for mode in [FlattenMode.mapToSignal, .switchToLatest] {
            HopOrderDriver.appCodeDeliversItsValueInEveryRun(TypedRealThreadAPI.self, startedOn: .main, through: mode)
        }
    }

    func testAppCodeStartedOnASerialQueueDeliversItsValueInEveryRun() {
        for mode in [FlattenMode.mapToSignal, .switchToLatest] {
            HopOrderDriver.appCodeDeliversItsValueInEveryRun(TypedRealThreadAPI.self, startedOn: .serial, through: mode)
        }
    }
}

/// `combineLatest(queue:)`'s sources hop onto the queue one hop each, as one group: an
/// event a source sends on the queue waits while another source's earlier events wait
/// for their turn.
final class CombineLatestQueueOrderTests: LeakCheckedTestCase {
    func testAnErrorOnTheQueueDoesNotOvertakeAValueAnotherSourceSentBeforeIt() {
        let queue = Queue(name: "combine-order")
        let background = DispatchQueue(label: "combine-order.background")
        let valueSent = DispatchSemaphore(value: 0)
        let first = Signal<Int, TestError> { subscriber in
            background.async {
                subscriber.putNext(1)
                valueSent.signal()
            }
            return EmptyDisposable
        }
        let second = Signal<Int, TestError> { subscriber in
            subscriber.putNext(10)
            valueSent.wait()
            subscriber.putError(TestError(2))  // on the queue, after the first source's value
            return EmptyDisposable
        }
        let log = EventLog()
        let ended = DispatchSemaphore(value: 0)
        queue.async {
            _ = combineLatest(queue: queue, first, second).start(
                next: { log.add("next \($0.0) \($0.1)") }, error: { _ in log.add("error") }, completed: { log.add("completed") })
        }
        queue.async { ended.signal() }
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(Stress.wait { log.events.count == 2 })
        XCTAssertEqual(log.events, ["next 1 10", "error"])
    }
}
