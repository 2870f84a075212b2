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
