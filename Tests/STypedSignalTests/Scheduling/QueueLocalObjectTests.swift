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
        XCTAssertNil(local.unsafeGetOnQueue(), "not created until the queue runs")
        clock.run()
        XCTAssertEqual(local.syncWith { $0.value }, 1)
    }

    /// The two shapes of app code: the result used as `R`, and a closure whose declared
    /// result type is a protocol.
    func testSyncWithReturnsWhatTheClosureReturned() {
        let queue = Queue(name: "local")
        let local = QueueLocalObject(queue: queue) { Box() }
        func pair() -> (Disposable, Int?) {
            return local.syncWith { box in
                box.value = 3
                return (EmptyDisposable, box.value)
            }
        }
        XCTAssertEqual(pair().1, 3)
        let disposable: Disposable = local.syncWith { _ -> Disposable in ActionDisposable {} }
        disposable.dispose()
        let optional: Int? = local.syncWith { $0.value }
        XCTAssertEqual(optional, 3, "an optional context makes R optional")
        XCTAssertNil(local.syncWith { _ -> Int? in nil }, "an optional R passes nil through")
    }

    func testSyncWithTrapsWhenTheObjectDoesNotExistYet() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "syncWith", of: self,
                body: {
                    let clock = VirtualClock()
                    let local = QueueLocalObject(queue: Queue(virtualClock: clock)) { Box() }
                    _ = local.syncWith { $0.value }  // the clock never ran init's block
                })
        else { return }
        XCTAssertTrue(outcome.trapped, outcome.output)
        XCTAssertTrue(outcome.output.contains("QueueLocalObject.syncWith: the object does not exist yet"), outcome.output)
    }

    func testObjectReleasedOnQueueAfterDeinit() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        // Set on the virtual queue, which runs on this thread (clock.run()).
        nonisolated(unsafe) weak var weakBox: Box?
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

extension QueueLocalObject {
    /// The object read on its queue (nil when it does not exist yet).
    fileprivate func unsafeGetOnQueue() -> T? {
        var object: T?
        queue.sync { object = unsafeGet() }
        return object
    }
}
