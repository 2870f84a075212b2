import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

final class ValuePromiseTests: LeakCheckedTestCase {
    func testSetDeliversAndReplays() {
        let log = EventLog()
        let promise = ValuePromise<Int>(1)
        disposedAtEnd(log.record(promise.get(), prefix: "a "))
        promise.set(2)
        promise.set(2)
        disposedAtEnd(log.record(promise.get(), prefix: "b "))
        XCTAssertEqual(log.events, ["a next 1", "a next 2", "a next 2", "b next 2"])
    }

    func testIgnoreRepeated() {
        let log = EventLog()
        let promise = ValuePromise<Int>(ignoreRepeated: true)
        disposedAtEnd(log.record(promise.get()))
        promise.set(1)
        promise.set(1)
        promise.set(2)
        XCTAssertEqual(log.events, ["next 1", "next 2"])
        XCTAssertTrue(promise.ignoreRepeated)
    }

    func testReentrantSetOrderingQuirk() {
        let log = EventLog()
        let promise = ValuePromise<Int>()
        disposedAtEnd(
            promise.get().start(next: { value in
                log.add("a \(value)")
                if value == 1 { promise.set(2) }
            }))
        disposedAtEnd(promise.get().start(next: { log.add("b \($0)") }))
        promise.set(1)
        XCTAssertEqual(log.events, ["a 1", "a 2", "b 2", "b 1"])
    }

    func testConcurrentSetsAllDelivered() {
        let promise = ValuePromise<Int>()
        let count = Atomic(value: 0)
        disposedAtEnd(promise.get().start(next: { _ in count.modify { $0 + 1 } }))
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<250 { promise.set(index * 1000 + value) }
        }
        XCTAssertEqual(count.with { $0 }, 1000)
    }
}
