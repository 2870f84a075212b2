import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalMulticastTests: LeakCheckedTestCase {
    func testOneSourceSubscriptionForManySubscribers() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let a = EventLog()
        let b = EventLog()
        disposedAtEnd(a.record(shared))
        disposedAtEnd(b.record(shared))
        XCTAssertEqual(source.startCount, 1)
        source.next(1)
        source.next(nil)
        XCTAssertEqual(a.events, ["next 1", "next nil"])
        XCTAssertEqual(b.events, ["next 1", "next nil"])
    }

    func testLateSubscriberGetsNoReplayOfPastValues() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let a = EventLog()
        let b = EventLog()
        disposedAtEnd(a.record(shared))
        source.next(1)
        disposedAtEnd(b.record(shared))
        source.next(2)
        XCTAssertEqual(a.events, ["next 1", "next 2"])
        XCTAssertEqual(b.events, ["next 2"])
    }

    func testLastUnsubscribeDisposesTheSourceAndNextSubscriberRestartsIt() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let first = shared.start()
        let second = shared.start()
        first.dispose()
        XCTAssertEqual(source.disposeCount, 0)
        second.dispose()
        XCTAssertEqual(source.disposeCount, 1)
        let recorder = EventLog()
        disposedAtEnd(recorder.record(shared))
        XCTAssertEqual(source.startCount, 2, "a new subscriber after everyone left starts the source afresh")
        source.next(3)
        XCTAssertEqual(recorder.events, ["next 3"])
    }

    func testTerminalEventIsBroadcastAndReplayedToLateSubscribers() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let a = EventLog()
        a.record(shared)
        source.complete()
        XCTAssertEqual(a.events, ["completed"])
        let late = EventLog()
        late.record(shared)
        XCTAssertEqual(late.events, ["completed"], "a late subscriber gets the terminal event, not silence")
        XCTAssertEqual(source.startCount, 1)

        let failing = ManualSource()
        let sharedFailing = failing.signal.multicast()
        let b = EventLog()
        b.record(sharedFailing)
        failing.fail("e")
        let lateB = EventLog()
        lateB.record(sharedFailing)
        XCTAssertEqual(b.events, ["error e"])
        XCTAssertEqual(lateB.events, ["error e"])
    }

    func testSynchronousSource() {
        let shared = syncValues([1, 2]).multicast()
        let a = EventLog()
        a.record(shared)
        XCTAssertEqual(a.events, ["next 1", "next 2", "completed"])
        let b = EventLog()
        b.record(shared)
        XCTAssertEqual(b.events, ["completed"])
    }

    func testEachMulticastCallHasItsOwnState() {
        let source = ManualSource()
        disposedAtEnd(source.signal.multicast().start())
        disposedAtEnd(source.signal.multicast().start())
        XCTAssertEqual(source.startCount, 2)
    }

    func testSourceThatCompletesDuringItsStartIsNotKeptRunning() {
        let log = EventLog()
        let shared = tracedSignal("source", log) {
            $0.putNext(1)
            $0.putCompletion()
        }.multicast()
        shared.start(next: log.next, completed: log.completed)
        XCTAssertEqual(log.events, ["start source", "next 1", "completed", "dispose source"])
        shared.start(completed: log.completed)
        XCTAssertEqual(log.events, ["start source", "next 1", "completed", "dispose source", "completed"])
    }

    func testDisposedSubscriberStopsReceiving() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let a = EventLog()
        let b = EventLog()
        let subscriptionA = a.record(shared)
        disposedAtEnd(b.record(shared))
        subscriptionA.dispose()
        source.next(1)
        XCTAssertEqual(a.events, [])
        XCTAssertEqual(b.events, ["next 1"])
    }

    func testConcurrentSubscribeAndUnsubscribeKeepsAtMostOneSourceSubscription() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let box = UncheckedBox(shared)
        concurrently(8) { _ in
            for _ in 0..<200 {
                box.value.start().dispose()
            }
        }
        XCTAssertEqual(source.subscriberCount, 0)
        XCTAssertEqual(source.startCount, source.disposeCount)
    }

    func testReleasesEverythingAfterCompletion() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        do {
            let object = Tracked()
            weakObject = object
            source.signal.multicast().start(next: { _ in _ = object })
        }
        source.complete()
        XCTAssertNil(weakObject)
    }

    func testASubscriberMayJoinFromInsideADelivery() {
        let source = ManualSource()
        let shared = source.signal.multicast()
        let log = EventLog()
        let joined = Cell<SDisposable?>(nil)
        disposedAtEnd(
            shared.start(next: { value in
                log.add("a next \(describe(value))")
                if joined.value == nil {
                    joined.value = shared.start(next: { log.add("b next \(describe($0))") })
                }
            }))
        source.next(1)
        source.next(2)
        joined.value?.dispose()
        XCTAssertEqual(log.events, ["a next 1", "a next 2", "b next 2"])
        XCTAssertEqual(source.startCount, 1)
    }

    func testTheLastLeaveReleasesTheSourceSubscription() {
        let probe = WeakProbe()
        let shared = SSignal { _ in
            let held = Tracked()  // one per source subscription
            probe.object = held
            return SBlockDisposable { _ = held }
        }.multicast()
        let a = shared.start()
        let b = shared.start()
        a.dispose()
        XCTAssertNotNil(probe.object, "b still shares the source")
        b.dispose()
        XCTAssertNil(probe.object, "the last leave released the source subscription")
    }
}

/// Watches one object through a weak reference that a generator sets.
private final class WeakProbe: @unchecked Sendable {
    // Safety: the tests set and read it on one thread.
    weak var object: Tracked?
}

final class SMulticastOrderTests: LeakCheckedTestCase {
    func testSubscribersLeavingInRandomOrderKeepDeliveryOrderAndTheLastStopsTheSource() {
        MulticastOrderDriver.subscribersLeavingInRandomOrder(UntypedAPI.self, seed: 37) { $0.multicast() }
    }
}
