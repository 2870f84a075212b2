import Dispatch
import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class SerialHopEngineTests: LeakCheckedTestCase {
    func testConcurrentSendersLoseNothingAndDeliverOnTheQueueInEachSendersOrder() {
        let queue = ExecutionQueue(label: "hop")
        let senders = 4
        let perSender = 5000
        let received = LockedState<[[Int]]>(Array(repeating: [], count: senders))
        let offQueue = LockedState(0)
        let done = DispatchSemaphore(value: 0)
        let hop = SerialHop<(Int, Int)>(queue: queue) { sender, value in
            if !queue.isCurrent { offQueue.withLock { $0 += 1 } }
            received.withLock { $0[sender].append(value) }
        }
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for value in 0..<perSender {
                hop.send((sender, value))
            }
        }
        hop.sendTerminal { done.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        received.withLock { lists in
            for list in lists {
                XCTAssertEqual(list, Array(0..<perSender))
            }
        }
        XCTAssertEqual(offQueue.withLock { $0 }, 0)
    }

    func testOneHopCarriesABurstThenTheNextEventSchedulesAnother() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let hop = SerialHop<Int>(queue: queue) { log.add("\($0)") }
        hop.send(1)
        hop.send(2)
        hop.send(3)
        XCTAssertEqual(clock.pendingCount, 1)
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["1", "2", "3"])
        hop.send(4)
        XCTAssertEqual(clock.pendingCount, 1)
        clock.run()
        XCTAssertEqual(log.events, ["1", "2", "3", "4"])
    }

    func testEventsSentOnTheQueueAreDeliveredInline() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let hop = SerialHop<Int>(queue: queue) { log.add("\($0)") }
        queue.sync {
            hop.send(1)
            log.add("after send")
            hop.sendTerminal { log.add("end") }
        }
        XCTAssertEqual(log.events, ["1", "after send", "end"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testAnEventSentOnTheQueueWaitsBehindEventsStillInTheLine() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let hop = SerialHop<Int>(queue: queue) { log.add("\($0)") }
        hop.send(1)  // off the queue: waits for its turn
        queue.sync {
            hop.send(2)
            hop.sendTerminal { log.add("end") }
            log.add("after send")
        }
        XCTAssertEqual(log.events, ["after send"])
        clock.run()
        XCTAssertEqual(log.events, ["after send", "1", "2", "end"])
        queue.sync {
            hop.send(3)
        }
        XCTAssertEqual(log.events, ["after send", "1", "2", "end"], "dropped after the terminal event")
    }

    func testAnEventSentOnTheQueueWaitsWhileAnotherHopOfItsGroupHasEventsInTheLine() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let group = SerialHopGroup()
        let first = SerialHop<Int>(queue: queue, group: group) { log.add("first \($0)") }
        let second = SerialHop<Int>(queue: queue, group: group) { log.add("second \($0)") }
        first.send(1)  // off the queue: waits for its turn
        queue.sync { second.send(2) }
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["first 1", "second 2"])
        XCTAssertTrue(group.isIdle)
        queue.sync { second.send(3) }
        XCTAssertEqual(log.events, ["first 1", "second 2", "second 3"], "inline again once the group is idle")
    }

    func testTheTerminalEventComesAfterTheBufferedValuesAndLaterValuesAreDropped() {
        let clock = VirtualClock()
        let log = EventLog()
        let hop = SerialHop<Int>(queue: clock.makeQueue()) { log.add("\($0)") }
        hop.send(1)
        hop.sendTerminal { log.add("completed") }
        hop.send(2)
        clock.run()
        XCTAssertEqual(log.events, ["1", "completed"])
        hop.send(3)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testAnEventSentFromAnotherThreadDuringTheDrainJoinsItAfterTheCurrentOne() {
        let queue = ExecutionQueue(label: "hop")
        let log = EventLog()
        let done = DispatchSemaphore(value: 0)
        let holder = HopHolder()
        holder.hop = SerialHop<Int>(queue: queue) { value in
            log.add("\(value) onQueue=\(queue.isCurrent)")
            if value == 1 {
                DispatchQueue.global().sync { holder.hop?.send(2) }
                log.add("sent 2")
            } else {
                done.signal()
            }
        }
        holder.hop?.send(1)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(log.events, ["1 onQueue=true", "sent 2", "2 onQueue=true"])
        holder.hop = nil
    }

    func testTwoSubscriptionsOnOneQueueDeliverInTheOrderTheirEventsWerePut() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let a = SerialHop<Int>(queue: queue) { log.add("a \($0)") }
        let b = SerialHop<Int>(queue: queue) { log.add("b \($0)") }
        a.send(1)
        b.send(2)
        queue.justDispatch { log.add("work") }
        a.send(3)
        a.send(4)
        b.sendTerminal { log.add("b end") }
        XCTAssertEqual(clock.pendingCount, 1, "one hop for the whole burst")
        clock.run()
        XCTAssertEqual(log.events, ["a 1", "b 2", "work", "a 3", "a 4", "b end"])
    }

    func testWorkPutDuringAStreamRunsInItsTurnWithoutWaitingForTheStreamToEnd() {
        // A producer thread streams values without pause, so the turn that delivers them
        // waits for more between looks (`deliverEvents`); work put on the queue meanwhile
        // must still run after the values sent before it, and while the stream goes on.
        let queue = ExecutionQueue(label: "stream")
        let log = LockedState<[String]>([])
        let workRan = TestAtomic<Bool>(false)
        let sent = TestAtomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        let hop = SerialHop<Int>(queue: queue) { value in log.withLock { $0.append("\(value)") } }
        let producer = Thread {
            var value = 0
            var afterWork = 0
            while afterWork < 1_000 {
                let workHadRun = workRan.load(ordering: .acquiring)  // then this value comes after it
                hop.send(value)
                value += 1
                sent.store(value, ordering: .releasing)
                if workHadRun { afterWork += 1 }
            }
            hop.sendTerminal { done.signal() }
        }
        producer.start()
        while sent.load(ordering: .acquiring) < 2_000 { usleep(100) }
        let sentBeforeWork = sent.load(ordering: .acquiring)
        queue.async {
            log.withLock { $0.append("work") }
            workRan.store(true, ordering: .releasing)
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "the stream ends once the work has run")
        let entries = log.withLock { $0 }
        guard let work = entries.firstIndex(of: "work") else { return XCTFail("the work never ran") }
        XCTAssertGreaterThanOrEqual(work, sentBeforeWork, "after every value sent before it was put")
        var values = entries
        values.remove(at: work)
        XCTAssertEqual(values, (0..<values.count).map { "\($0)" }, "every value, in order")
        XCTAssertGreaterThanOrEqual(values.count - work, 1_000, "values went on after the work")
    }

    func testOnAConcurrentQueueEachSubscriptionDeliversInOrderAndOneAtATime() {
        let senders = 4
        let perSender = 2000
        let running = LockedState(Array(repeating: false, count: senders))
        let overlaps = LockedState(0)
        let received = LockedState<[[Int]]>(Array(repeating: [], count: senders))
        let done = DispatchSemaphore(value: 0)
        let hops = (0..<senders).map { sender in
            SerialHop<Int>(queue: .concurrentDefault) { value in
                let wasRunning = running.withLock { flags in
                    defer { flags[sender] = true }
                    return flags[sender]
                }
                if wasRunning { overlaps.withLock { $0 += 1 } }
                received.withLock { $0[sender].append(value) }
                running.withLock { $0[sender] = false }
            }
        }
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for value in 0..<perSender {
                hops[sender].send(value)
            }
            hops[sender].sendTerminal { done.signal() }
        }
        for _ in 0..<senders {
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        }
        XCTAssertEqual(overlaps.withLock { $0 }, 0)
        received.withLock { lists in
            for list in lists {
                XCTAssertEqual(list, Array(0..<perSender))
            }
        }
    }
}

/// Holds a hop whose own handler sends into it.
private final class HopHolder: @unchecked Sendable {
    // Safety: set before the first event and cleared after the last one.
    var hop: SerialHop<Int>?
}
