import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The typed face of the debounce engine, in virtual time (the same rules as the untyped
/// `throttleOn`, whose tests are in `SSignal+DispatchTests`).
final class SignalDebounceTests: LeakCheckedTestCase {
    private var clock = VirtualClock()
    private var queue = Queue(virtualClock: VirtualClock())

    override func setUp() {
        super.setUp()
        clock = VirtualClock()
        queue = Queue(virtualClock: clock, name: "debounce")
    }

    private func record(_ signal: Signal<Int, TestError>, _ log: EventLog) -> Disposable {
        let clock = clock, queue = queue
        return signal.start(
            next: { log.add("next \($0) at \(clock.now)\(queue.isCurrent() ? " on queue" : "")") },
            error: { log.add("error \($0) at \(clock.now)") },
            completed: { log.add("completed at \(clock.now)") })
    }

    func testEmitsTheLatestValueOnTheQueueOnceTheSourceWasQuiet() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        disposedAtEnd(record(source.signal |> debounce(1, queue: queue), log))
        source.putNext(1)
        clock.advance(by: 0.5)
        source.putNext(2)
        clock.advance(by: 0.9)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.1)
        source.putNext(3)
        clock.advance(by: 1)
        XCTAssertEqual(log.events, ["next 2 at 1.5 on queue", "next 3 at 2.5 on queue"])
    }

    func testCompletionFlushesThePendingValueAtOnce() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        _ = record(source.signal |> debounce(3, queue: queue), log)
        source.putNext(1)
        source.putNext(2)
        clock.advance(by: 1)
        source.putCompletion()
        clock.run()
        XCTAssertEqual(log.events, ["next 2 at 1.0 on queue", "completed at 1.0"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testCompletionWithNothingPendingComesAfterTheDelay() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        _ = record(source.signal |> debounce(2, queue: queue), log)
        source.putCompletion()
        clock.advance(by: 1.9)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.1)
        XCTAssertEqual(log.events, ["completed at 2.0"])
    }

    func testAnErrorIsForwardedAtOnceAndDropsThePendingValue() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        _ = record(source.signal |> debounce(1, queue: queue), log)
        source.putNext(1)
        source.putError(TestError(4))
        clock.run()
        XCTAssertEqual(log.events, ["error E4 at 0.0"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testDisposalStopsTheTimerAndReleasesTheSource() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let subscription = (source.signal |> debounce(1, queue: queue)).start(next: { _ in
                _ = object
                log.add("next")
            })
            source.putNext(1)
            clock.run()  // the hop onto the queue: the timer is armed
            XCTAssertEqual(clock.pendingCount, 1)
            subscription.dispose()
        }
        XCTAssertEqual(clock.pendingCount, 0, "nothing fires after disposal")
        XCTAssertEqual(source.subscriberCount, 0)
        XCTAssertNil(weakObject)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, [])
    }

    func testASynchronousSourceGivesItsLastValueFlushedByTheCompletion() {
        let log = EventLog()
        let values = Signal<Int, TestError> { subscriber in
            subscriber.putNext(1)
            subscriber.putNext(2)
            subscriber.putCompletion()
            return EmptyDisposable
        }
        _ = record(values |> debounce(2, queue: queue), log)
        clock.run()
        XCTAssertEqual(log.events, ["next 2 at 0.0 on queue", "completed at 0.0"])
    }
}
