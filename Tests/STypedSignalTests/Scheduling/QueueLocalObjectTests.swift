import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class QueueLocalObjectTests: LeakCheckedTestCase {
    final class Box {
        var value = 0
    }

    func testObjectConfinedToQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let local = QueueLocalObject(queue: queue) { Box() }
        local.with { $0.value += 1 }
        XCTAssertNil(local.syncWith { $0.value }, "not created until the queue runs")
        clock.run()
        XCTAssertEqual(local.syncWith { $0.value }, 1)
    }

    func testObjectReleasedOnQueueAfterDeinit() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        weak var weakBox: Box?
        do {
            let local = QueueLocalObject(queue: queue) { Box() }
            clock.run()
            local.with { weakBox = $0 }
            clock.run()
            XCTAssertNotNil(weakBox)
        }
        XCTAssertNotNil(weakBox, "released on the queue, not on the spot")
        clock.run()
        XCTAssertNil(weakBox)
    }

    func testSignalWithSubscribesOnQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let local = QueueLocalObject(queue: queue) { Box() }
        let log = EventLog()
        let signal: Signal<Int, NoError> = local.signalWith { box, subscriber in
            log.add("on queue \(queue.isCurrent())")
            subscriber.putNext(box.value)
            subscriber.putCompletion()
            return EmptyDisposable
        }
        log.record(signal)
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["on queue true", "next 0", "completed"])
    }
}
