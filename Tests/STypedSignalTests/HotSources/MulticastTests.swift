import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

final class MulticastTests: LeakCheckedTestCase {
    func testSharesOneUpstreamPerKey() {
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let multicast = Multicast<Int>()
        let shared = multicast.get(key: "k", signal: traced("up", log, source.signal))
        let a = log.record(shared, prefix: "a ")
        let b = log.record(shared, prefix: "b ")
        source.putNext(1)
        a.dispose()
        source.putNext(2)
        b.dispose()
        XCTAssertEqual(log.events, ["up.subscribe#1", "a next 1", "b next 1", "b next 2", "up.dispose#1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testDifferentKeysAreIndependent() {
        let log = EventLog()
        let multicast = Multicast<Int>()
        disposedAtEnd(log.record(multicast.get(key: "x", signal: traced("x", log, .never()))))
        disposedAtEnd(log.record(multicast.get(key: "y", signal: traced("y", log, .never()))))
        XCTAssertEqual(log.events, ["x.subscribe#1", "y.subscribe#1"])
    }

    func testCompletionForwardedAndKeyRestartsAfterwards() {
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let multicast = Multicast<Int>()
        let shared = multicast.get(key: "k", signal: traced("up", log, source.signal))
        disposedAtEnd(log.record(shared, prefix: "a "))
        disposedAtEnd(log.record(shared, prefix: "b "))
        source.putCompletion()
        disposedAtEnd(log.record(shared, prefix: "c "))
        XCTAssertEqual(log.events, ["up.subscribe#1", "a completed", "b completed", "up.dispose#1", "up.subscribe#2"])
    }

    func testSynchronousUpstreamCompletes() {
        let log = EventLog()
        let multicast = Multicast<Int>()
        log.record(multicast.get(key: "k", signal: .single(4)))
        log.record(multicast.get(key: "k", signal: .single(5)))
        XCTAssertEqual(log.events, ["next 4", "completed", "next 5", "completed"])
    }

    func testASubscriberMayJoinFromInsideADelivery() {
        let log = EventLog()
        let source = ManualSource<Int, NoError>()
        let multicast = Multicast<Int>()
        let shared = multicast.get(key: "k", signal: traced("up", log, source.signal))
        let joined = Atomic<Disposable?>(value: nil)
        disposedAtEnd(
            shared.start(next: { value in
                log.add("a next \(value)")
                if joined.with({ $0 == nil }) {
                    joined.swap(log.record(shared, prefix: "b "))
                }
            }))
        source.putNext(1)
        source.putNext(2)
        joined.with { $0 }?.dispose()
        XCTAssertEqual(log.events, ["up.subscribe#1", "a next 1", "a next 2", "b next 2"])
    }

    func testTheLastLeaveReleasesTheUpstreamSubscriptionAndTheTable() {
        weak var weakTable: Multicast<Int>?
        let probe = WeakProbe()
        let upstream = Signal<Int, NoError> { _ in
            let held = Tracked()  // one per upstream subscription
            probe.object = held
            return ActionDisposable { _ = held }
        }
        do {
            let multicast = Multicast<Int>()
            weakTable = multicast
            let shared = multicast.get(key: "k", signal: upstream)
            let a = shared.start()
            let b = shared.start()
            a.dispose()
            XCTAssertNotNil(probe.object, "b still shares the upstream")
            b.dispose()
            XCTAssertNil(probe.object, "the last leave released the upstream subscription")
        }
        XCTAssertNil(weakTable)
    }

    func testCompletionReleasesTheUpstreamAndTheSubscribers() {
        weak var weakCapture: Tracked?
        let source = ManualSource<Int, NoError>()
        let multicast = Multicast<Int>()
        do {
            let capture = Tracked()
            weakCapture = capture
            multicast.get(key: "k", signal: source.signal).start(next: { _ in _ = capture })
        }
        XCTAssertNotNil(weakCapture)
        source.putCompletion()
        XCTAssertNil(weakCapture)
    }

    func testConcurrentSubscribersOfAKeyKeepAtMostOneUpstreamAndStopEveryOne() {
        let starts = Atomic(value: 0)
        let disposals = Atomic(value: 0)
        let upstream = Signal<Int, NoError> { _ in
            _ = starts.modify { $0 + 1 }
            return ActionDisposable { _ = disposals.modify { $0 + 1 } }
        }
        let multicast = Multicast<Int>()
        let shared = multicast.get(key: "k", signal: upstream)
        let rounds = 100 * Stress.scale
        Stress.run("multicast join/leave", threads: 4) { _ in
            for _ in 0..<rounds {
                shared.start().dispose()
            }
        }
        XCTAssertEqual(starts.with { $0 }, disposals.with { $0 })
        XCTAssertGreaterThan(starts.with { $0 }, 0)
    }

    func testMulticastPromiseHoldsState() {
        let holder = MulticastPromise<Int>()
        holder.lock.locked {
            holder.value = 3
            _ = holder.subscribers.add { _ in }
        }
        XCTAssertEqual(holder.value, 3)
        XCTAssertFalse(holder.subscribers.isEmpty)
    }
}

/// Watches one object through a weak reference that `@Sendable`-free generators can set.
private final class WeakProbe: @unchecked Sendable {
    // Safety: the tests set and read it on one thread.
    weak var object: Tracked?
}

final class MulticastOrderTests: LeakCheckedTestCase {
    func testSubscribersLeavingInRandomOrderKeepDeliveryOrderAndTheLastStopsTheSource() {
        MulticastOrderDriver.subscribersLeavingInRandomOrder(TypedAPI.self, seed: 19) { Multicast<Int>().get(key: "k", signal: $0) }
    }
}
