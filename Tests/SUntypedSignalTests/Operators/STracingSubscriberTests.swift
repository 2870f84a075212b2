import SUntypedSignal
import SignalTestSupport
import XCTest

final class STracingSubscriberTests: LeakCheckedTestCase {
    func testBehavesLikeASubscriberAndKeepsItsName() {
        let recorder = EventLog()
        let subscriber = STracingSubscriber(name: "trace", next: recorder.next, error: recorder.error, completed: recorder.completed)
        XCTAssertEqual(subscriber.name, "trace")
        subscriber.putNext(1)
        subscriber.putCompletion()
        subscriber.putNext(2)
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
        let asSubscriber: SSubscriber = subscriber
        XCTAssertTrue(asSubscriber.isTerminated)
    }
}
