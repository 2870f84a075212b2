import Dispatch
import SignalTestSupport
import Synchronization
import XCTest

@testable import SignalSync

final class SerialDrainTests: LeakCheckedTestCase {
    typealias Event = SerialDrainEvent<Int, String>

    final class Log: @unchecked Sendable {
        private let entries = LockedState<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var events: [String] { entries.withLock { $0 } }
    }

    private func describe(_ event: Event) -> String {
        switch event {
        case .next(let value): "next \(value)"
        case .error(let error): "error \(error)"
        case .completed: "completed"
        }
    }

    func testMachineHandsTheFirstArrivalToItsThreadAndQueuesTheRestInOrder() {
        var machine = SerialDrainMachine<Int, String>()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.arrive(.next(2)), .queued)
        XCTAssertEqual(machine.arrive(.completed), .queued)
        XCTAssertEqual(machine.arrive(.next(3)), .dropped, "nothing after a terminal event")
        XCTAssertEqual(machine.handled().map(describe), "next 2")
        XCTAssertEqual(machine.handled().map(describe), "completed")
        XCTAssertNil(machine.handled())
        XCTAssertEqual(machine.arrive(.next(4)), .dropped)
    }

    func testMachineGoesIdleWhenNothingWaits() {
        var machine = SerialDrainMachine<Int, String>()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertNil(machine.handled())
        XCTAssertEqual(machine.arrive(.next(2)), .handle)
    }

    func testCloseDropsWaitingEventsAndReportsWhetherTheDrainWasOpen() {
        var machine = SerialDrainMachine<Int, String>()
        XCTAssertEqual(machine.arrive(.next(1)), .handle)
        XCTAssertEqual(machine.arrive(.next(2)), .queued)
        let first = machine.close()
        XCTAssertTrue(first.wasOpen)
        XCTAssertEqual(first.dropped.map(describe), ["next 2"])
        XCTAssertFalse(machine.close().wasOpen)
        XCTAssertNil(machine.handled())
        var ended = SerialDrainMachine<Int, String>()
        XCTAssertEqual(ended.arrive(.error("x")), .handle)
        XCTAssertFalse(ended.close().wasOpen, "a terminal event arrived first")
    }

    func testHandlesEventsInOrderAndNothingAfterTheTerminalOne() {
        let log = Log()
        let drain = SerialDrain<Int, String> { log.add(self.describe($0)) }
        drain.put(.next(1))
        drain.put(.error("x"))
        drain.put(.completed)
        drain.put(.next(2))
        XCTAssertEqual(log.events, ["next 1", "error x"])
    }

    func testReentrantEventIsHandledAfterTheCurrentOne() {
        let log = Log()
        var drain: SerialDrain<Int, String>?
        drain = SerialDrain { event in
            guard case .next(let value) = event else { return }
            log.add("begin \(value)")
            if value == 1 {
                drain?.put(.next(2))
            }
            log.add("end \(value)")
        }
        drain?.put(.next(1))
        XCTAssertEqual(log.events, ["begin 1", "end 1", "begin 2", "end 2"])
        drain = nil
    }

    func testCloseFromTheHandlerDropsWhatWaits() {
        let log = Log()
        var drain: SerialDrain<Int, String>?
        drain = SerialDrain { event in
            guard case .next(let value) = event else { return }
            log.add("next \(value)")
            if value == 1 {
                drain?.put(.next(2))
                log.add("closed \(drain?.close() ?? false)")
            }
        }
        drain?.put(.next(1))
        drain?.put(.next(3))
        XCTAssertEqual(log.events, ["next 1", "closed true"])
        drain = nil
    }

    func testConcurrentEventsNeverOverlapAndNoneIsLost() {
        let running = Synchronization.Atomic<Int>(0)
        let overlaps = Synchronization.Atomic<Int>(0)
        let handled = Synchronization.Atomic<Int>(0)
        let drain = SerialDrain<Int, String> { _ in
            if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            handled.add(1, ordering: .relaxed)
            running.subtract(1, ordering: .sequentiallyConsistent)
        }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for value in 0..<500 { drain.put(.next(value)) }
        }
        XCTAssertEqual(handled.load(ordering: .relaxed), 4000)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    }
}
