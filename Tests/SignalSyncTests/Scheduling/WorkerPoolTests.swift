import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class WorkerPoolTests: LeakCheckedTestCase {
    func testLanesAreFairAndSerial() {
        let pool = WorkerPool(threadCount: 2)
        XCTAssertEqual(pool.threadCount, 2)
        let lanes = (0..<4).map { _ in pool.makeLane() }
        let done = DispatchGroup()
        final class Log: @unchecked Sendable {
            let mutex = PosixLock()
            var perLane: [[Int]] = Array(repeating: [], count: 4)
        }
        let log = Log()
        for index in 0..<400 {
            done.enter()
            let lane = index % 4
            lanes[lane].add {
                log.mutex.withLock { log.perLane[lane].append(index) }
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        for lane in 0..<4 {
            XCTAssertEqual(log.perLane[lane], Array(stride(from: lane, to: 400, by: 4)))
        }
    }

    func testPriorityIsClamped() {
        XCTAssertEqual(WorkerPool(threadCount: 1, priority: 7).priority, 1)
        XCTAssertEqual(WorkerPool(threadCount: -2, priority: .nan).threadCount, 1)
    }
}
