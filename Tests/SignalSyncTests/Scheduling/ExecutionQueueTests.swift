import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class ExecutionQueueTests: LeakCheckedTestCase {
    func testSerialQueueCurrentAlsoInTargetingQueue() {
        let queue = ExecutionQueue(label: "target")
        let child = DispatchQueue(label: "child", target: queue.dispatchQueue)
        var current = false
        child.sync { current = queue.isCurrent }
        XCTAssertTrue(current)
    }

    func testSyncRunsInlineWhenCurrent() {
        let queue = ExecutionQueue()
        var order: [String] = []
        queue.sync {
            queue.sync { order.append("nested") }
            order.append("outer")
        }
        XCTAssertEqual(order, ["nested", "outer"])
    }

    func testIntervalClampsBadInput() {
        XCTAssertEqual(ExecutionQueue.interval(-1), .nanoseconds(0))
        XCTAssertEqual(ExecutionQueue.interval(.nan), .nanoseconds(0))
        XCTAssertEqual(ExecutionQueue.interval(.infinity), .never)
        XCTAssertEqual(ExecutionQueue.interval(0.5), .nanoseconds(500_000_000))
    }

    func testRealAfterFires() {
        let queue = ExecutionQueue()
        let fired = expectation(description: "fired")
        queue.after(0.01) {
            XCTAssertTrue(queue.isCurrent)
            fired.fulfill()
        }
        wait(for: [fired], timeout: 10)
    }
}
