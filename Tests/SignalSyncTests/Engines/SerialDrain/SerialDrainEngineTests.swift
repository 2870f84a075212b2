import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

final class SerialDrainEngineTests: LeakCheckedTestCase {
    typealias Event = SerialDrainEvent<Int, String>

    private func describe(_ event: Event) -> String {
        switch event {
        case .next(let value): "next \(value)"
        case .error(let error): "error \(error)"
        case .completed: "completed"
        }
    }

    func testHandlesEventsInOrderAndNothingAfterTheTerminalOne() {
        let log = EventLog()
        let drain = SerialDrainEngine<Int, String>(value: { log.add("next \($0)") }, end: { log.add(self.describe($0)) })
        drain.put(.next(1))
        drain.put(.error("x"))
        drain.put(.completed)
        drain.put(.next(2))
        XCTAssertEqual(log.events, ["next 1", "error x"])
    }

    func testReentrantEventIsHandledAfterTheCurrentOne() {
        let log = EventLog()
        var drain: SerialDrainEngine<Int, String>?
        drain = SerialDrainEngine(
            value: { value in
                log.add("begin \(value)")
                if value == 1 {
                    drain?.putNext(2)
                }
                log.add("end \(value)")
            }, end: { _ in })
        drain?.put(.next(1))
        XCTAssertEqual(log.events, ["begin 1", "end 1", "begin 2", "end 2"])
        drain = nil
    }

    func testCloseFromTheHandlerDropsWhatWaits() {
        let log = EventLog()
        var drain: SerialDrainEngine<Int, String>?
        drain = SerialDrainEngine(
            value: { value in
                log.add("next \(value)")
                if value == 1 {
                    drain?.put(.next(2))
                    log.add("closed \(drain?.close() ?? false)")
                }
            }, end: { _ in })
        drain?.put(.next(1))
        drain?.put(.next(3))
        XCTAssertEqual(log.events, ["next 1", "closed true"])
        drain = nil
    }

    func testConcurrentEventsNeverOverlapAndNoneIsLost() {
        let running = TestAtomic<Int>(0)
        let overlaps = TestAtomic<Int>(0)
        let handled = TestAtomic<Int>(0)
        let drain = SerialDrainEngine<Int, String>(
            value: { _ in
                if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                handled.add(1, ordering: .relaxed)
                running.subtract(1, ordering: .sequentiallyConsistent)
            }, end: { _ in })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for value in 0..<500 { drain.putNext(value) }
        }
        XCTAssertEqual(handled.load(ordering: .relaxed), 4000)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    }
}
