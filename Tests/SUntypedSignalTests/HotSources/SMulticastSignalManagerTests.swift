import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SMulticastSignalManagerTests: LeakCheckedTestCase {
    func testNilKeyReturnsTheProducerUnshared() {
        let manager = SMulticastSignalManager()
        let source = ManualSource()
        let signal = manager.multicastedSignal(forKey: nil) { source.signal }!
        disposedAtEnd(signal.start())
        disposedAtEnd(signal.start())
        XCTAssertEqual(source.startCount, 2)
        XCTAssertNil(manager.multicastedSignal(forKey: nil) { nil })
    }

    func testSameKeySharesOneSourceSubscription() {
        let manager = SMulticastSignalManager()
        let source = ManualSource()
        var producerCalls = 0
        let producer: () -> SSignal? = {
            producerCalls += 1
            return source.signal
        }
        let a = EventLog()
        let b = EventLog()
        disposedAtEnd(a.record(manager.multicastedSignal(forKey: "k", producer: producer)!))
        disposedAtEnd(b.record(manager.multicastedSignal(forKey: "k", producer: producer)!))
        XCTAssertEqual(producerCalls, 1)
        XCTAssertEqual(source.startCount, 1)
        source.next(1)
        XCTAssertEqual(a.events, ["next 1"])
        XCTAssertEqual(b.events, ["next 1"])
    }

    func testEntryIsForgottenWhenTheSharedSubscriptionEnds() {
        let manager = SMulticastSignalManager()
        let source = ManualSource()
        let subscription = manager.multicastedSignal(forKey: "k") { source.signal }!.start()
        XCTAssertTrue(manager.hasSharedSignal(forKey: "k"))
        subscription.dispose()
        XCTAssertFalse(manager.hasSharedSignal(forKey: "k"), "last subscriber left")
        XCTAssertEqual(source.disposeCount, 1)
        let recorder = EventLog()
        recorder.record(manager.multicastedSignal(forKey: "k") { source.signal }!)
        XCTAssertEqual(source.startCount, 2, "a fresh shared signal")
        source.complete()
        XCTAssertEqual(recorder.events, ["completed"])
        XCTAssertFalse(manager.hasSharedSignal(forKey: "k"), "source completed")
    }

    func testUnsubscribedCachedSignalStaysCached() {
        let manager = SMulticastSignalManager()
        _ = manager.multicastedSignal(forKey: "k") { .never() }
        XCTAssertTrue(manager.hasSharedSignal(forKey: "k"))
    }

    func testNilProducerResultCachesNothing() {
        let manager = SMulticastSignalManager()
        XCTAssertNil(manager.multicastedSignal(forKey: "k") { nil })
        XCTAssertFalse(manager.hasSharedSignal(forKey: "k"))
    }

    func testProducerMayCallBackIntoTheManager() {
        let manager = SMulticastSignalManager()
        let signal = manager.multicastedSignal(forKey: "outer") {
            manager.multicastedSignal(forKey: "inner") { .single("inner") }
        }
        let recorder = EventLog()
        recorder.record(signal!)
        XCTAssertEqual(recorder.events, ["next inner", "completed"])
    }

    func testStaleTeardownDoesNotRemoveANewerEntry() {
        let manager = SMulticastSignalManager()
        let first = ManualSource()
        let firstSignal = manager.multicastedSignal(forKey: "k") { first.signal }!
        let firstSubscription = firstSignal.start()
        first.complete()
        let second = ManualSource()
        let secondSignal = manager.multicastedSignal(forKey: "k") { second.signal }!
        XCTAssertFalse(firstSignal === secondSignal)
        firstSubscription.dispose()
        XCTAssertTrue(manager.hasSharedSignal(forKey: "k"))
    }

    // MARK: standalone

    func testStandaloneRunsOncePerKeyUntilItEnds() {
        let manager = SMulticastSignalManager()
        let source = ManualSource()
        var producerCalls = 0
        let producer: () -> SSignal = {
            producerCalls += 1
            return source.signal
        }
        manager.startStandaloneSignalIfNotRunning(forKey: "k", producer: producer)
        manager.startStandaloneSignalIfNotRunning(forKey: "k", producer: producer)
        XCTAssertEqual(producerCalls, 1)
        XCTAssertTrue(manager.isStandaloneRunning(forKey: "k"))
        source.complete()
        XCTAssertFalse(manager.isStandaloneRunning(forKey: "k"))
        manager.startStandaloneSignalIfNotRunning(forKey: "k", producer: producer)
        XCTAssertEqual(producerCalls, 2)
        source.fail(nil)
        XCTAssertFalse(manager.isStandaloneRunning(forKey: "k"))
    }

    func testStandaloneNilKeyDoesNothing() {
        let manager = SMulticastSignalManager()
        var called = false
        manager.startStandaloneSignalIfNotRunning(forKey: nil) {
            called = true
            return .never()
        }
        XCTAssertFalse(called)
    }

    func testStandaloneSynchronousSignalCanRunAgain() {
        let manager = SMulticastSignalManager()
        var runs = 0
        for _ in 0..<3 {
            manager.startStandaloneSignalIfNotRunning(forKey: "k") {
                runs += 1
                return .single(1)
            }
        }
        XCTAssertEqual(runs, 3)
    }

    func testDeallocationDisposesStandaloneRuns() {
        let source = ManualSource()
        var manager: SMulticastSignalManager? = SMulticastSignalManager()
        manager?.startStandaloneSignalIfNotRunning(forKey: "k") { source.signal }
        manager = nil
        XCTAssertEqual(source.disposeCount, 1)
    }

    // MARK: pipes

    func testKeyedPipeDeliversToCurrentListenersOnly() {
        let manager = SMulticastSignalManager()
        manager.putNext(0, toMulticastedPipeForKey: "k")
        let a = EventLog()
        let b = EventLog()
        let subscriptionA = a.record(manager.multicastedPipe(forKey: "k"))
        disposedAtEnd(b.record(manager.multicastedPipe(forKey: "other")))
        manager.putNext(1, toMulticastedPipeForKey: "k")
        manager.putNext(nil, toMulticastedPipeForKey: "other")
        subscriptionA.dispose()
        manager.putNext(2, toMulticastedPipeForKey: "k")
        XCTAssertEqual(a.events, ["next 1"])
        XCTAssertEqual(b.events, ["next nil"])
    }

    func testPipeSignalKeepsTheManagerAlive() {
        weak var weakManager: SMulticastSignalManager?
        let signal: SSignal
        do {
            let manager = SMulticastSignalManager()
            weakManager = manager
            signal = manager.multicastedPipe(forKey: "k")
        }
        XCTAssertNotNil(weakManager)
        _ = signal
    }

    func testConcurrentPipeUse() {
        let manager = SMulticastSignalManager()
        let counter = Counter()
        disposedAtEnd(manager.multicastedPipe(forKey: "k").start(next: { _ in counter.increment() }))
        let box = UncheckedBox(manager)
        concurrently(8) { index in
            for value in 0..<100 {
                box.value.putNext(value, toMulticastedPipeForKey: "k")
                box.value.multicastedPipe(forKey: "k\(index)").start().dispose()
            }
        }
        XCTAssertEqual(counter.value, 800)
    }

    func testConcurrentMulticastedSignalRequestsShareOneEntry() {
        let manager = SMulticastSignalManager()
        let source = ManualSource()
        _ = source.signal  // a lazy property: made before the threads share the source
        let signals = Atomic<[ObjectIdentifier]>(value: [])
        let box = UncheckedBox((manager, source))
        concurrently(8) { _ in
            let signal = box.value.0.multicastedSignal(forKey: "k") { box.value.1.signal }!
            signals.modify { $0 + [ObjectIdentifier(signal)] }
        }
        XCTAssertEqual(Set(signals.with { $0 }).count, 1)
    }
}
