import SUntypedSignal
import SignalTestSupport
import XCTest

final class SSubscriberTests: LeakCheckedTestCase {
    func testDirectSubscriberDeliversUntilTerminated() {
        let recorder = EventLog()
        let subscriber = SSubscriber(next: recorder.next, error: recorder.error, completed: recorder.completed)
        subscriber.putNext(1)
        subscriber.putNext(nil)
        subscriber.putError("e")
        subscriber.putNext(2)
        subscriber.putCompletion()
        XCTAssertEqual(recorder.events, ["next 1", "next nil", "error e"])
        XCTAssertTrue(subscriber.isTerminated)
    }

    func testNilCallbacksIgnoreEventsButStillTerminate() {
        let subscriber = SSubscriber(next: nil, error: nil, completed: nil)
        subscriber.putNext(1)
        XCTAssertFalse(subscriber.isTerminated)
        subscriber.putCompletion()
        XCTAssertTrue(subscriber.isTerminated)
    }

    func testAssignDisposableStoresAndDisposesOnTermination() {
        nonisolated(unsafe) var disposed = false
        let subscriber = SSubscriber(next: nil, error: nil, completed: nil)
        subscriber.assignDisposable(SBlockDisposable { disposed = true })
        XCTAssertFalse(disposed)
        subscriber.putError(nil)
        XCTAssertTrue(disposed)
    }

    func testAssignDisposableAfterTerminationDisposesAtOnce() {
        nonisolated(unsafe) var disposed = false
        let subscriber = SSubscriber(next: nil, error: nil, completed: nil)
        subscriber.putCompletion()
        subscriber.assignDisposable(SBlockDisposable { disposed = true })
        XCTAssertTrue(disposed)
    }

    func testTerminalCallbackRunsBeforeDisposal() {
        let recorder = EventLog()
        let subscriber = SSubscriber(next: nil, error: nil, completed: { recorder.add("completed") })
        subscriber.assignDisposable(SBlockDisposable { recorder.add("disposed") })
        subscriber.putCompletion()
        XCTAssertEqual(recorder.events, ["completed", "disposed"])
    }

    func testMarkTerminatedWithoutDisposalSilencesAndReleases() {
        nonisolated(unsafe) var disposed = false
        weak var weakObject: Tracked?
        let subscriber: SSubscriber
        do {
            let object = Tracked()
            weakObject = object
            subscriber = SSubscriber(next: { _ in _ = object }, error: nil, completed: nil)
        }
        subscriber.assignDisposable(SBlockDisposable { disposed = true })
        subscriber.markTerminatedWithoutDisposal()
        XCTAssertNil(weakObject, "callbacks released")
        subscriber.putCompletion()
        XCTAssertFalse(disposed, "the stored disposable is forgotten, not disposed")
        XCTAssertTrue(subscriber.isTerminated)
    }

    func testPutNextFromCompletedCallbackIsDropped() {
        var subscriber: SSubscriber?
        var values: [Int] = []
        subscriber = SSubscriber(
            next: { values.append($0 as! Int) }, error: nil,
            completed: {
                subscriber?.putNext(99)
            })
        subscriber?.putNext(1)
        subscriber?.putCompletion()
        XCTAssertEqual(values, [1])
        subscriber = nil
    }

    func testReentrantPutNextFromNextCallback() {
        var subscriber: SSubscriber?
        var values: [Int] = []
        subscriber = SSubscriber(
            next: { value in
                let number = value as! Int
                values.append(number)
                if number < 3 {
                    subscriber?.putNext(number + 1)
                }
            }, error: nil, completed: nil)
        subscriber?.putNext(1)
        XCTAssertEqual(values, [1, 2, 3])
        subscriber = nil
    }

    func testDeinitReleasesCallbacks() {
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let subscriber = SSubscriber(next: { _ in _ = object }, error: nil, completed: nil)
            _ = subscriber
        }
        XCTAssertNil(weakObject)
    }
}
