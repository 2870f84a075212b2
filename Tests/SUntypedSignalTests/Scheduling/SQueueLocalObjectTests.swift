import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SQueueLocalObjectTests: LeakCheckedTestCase {
    final class Resource {
        var uses = 0
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    func testCreatedAndUsedOnTheQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        nonisolated(unsafe) var createdOnQueue = false
        nonisolated(unsafe) var usedOnQueue = false
        nonisolated(unsafe) var seenUses: [Int] = []
        let local = SQueueLocalObject(queue: queue) {
            createdOnQueue = queue.isCurrentQueue()
            return Resource(onDeinit: {})
        }
        local.with { object in
            usedOnQueue = queue.isCurrentQueue()
            let resource = object as! Resource
            resource.uses += 1
            seenUses.append(resource.uses)
        }
        local.with { object in
            let resource = object as! Resource
            resource.uses += 1
            seenUses.append(resource.uses)
        }
        XCTAssertFalse(createdOnQueue)
        XCTAssertEqual(seenUses, [])
        clock.run()
        XCTAssertTrue(createdOnQueue)
        XCTAssertTrue(usedOnQueue)
        XCTAssertEqual(seenUses, [1, 2], "FIFO: every with sees the created object")
    }

    func testInlineWhenAlreadyOnQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let seen = Cell<Any?>(nil)
        queue.dispatch {
            let local = SQueueLocalObject(queue: queue) { 42 }
            local.with { seen.value = $0 }
        }
        clock.run()
        XCTAssertEqual(seen.value as? Int, 42)
    }

    func testObjectReleasedOnTheQueueAfterDeinit() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        nonisolated(unsafe) var releasedOnQueue: Bool?
        var local: SQueueLocalObject? = SQueueLocalObject(queue: queue) {
            Resource(onDeinit: { releasedOnQueue = queue.isCurrentQueue() })
        }
        clock.run()
        XCTAssertNotNil(local)
        local = nil
        XCTAssertNil(releasedOnQueue, "not released on the caller's thread")
        clock.run()
        XCTAssertEqual(releasedOnQueue, true)
    }

    func testNilObject() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        nonisolated(unsafe) var calls = 0
        nonisolated(unsafe) var seen: Any? = "unset"
        let local = SQueueLocalObject(queue: queue) { nil }
        local.with { value in
            calls += 1
            seen = value
        }
        clock.run()
        XCTAssertEqual(calls, 1)
        XCTAssertNil(seen)
    }
}
