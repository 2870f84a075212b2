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
        let log = EventLog()
        for index in 0..<400 {
            done.enter()
            let lane = index % 4
            lanes[lane].add {
                log.add("\(lane) \(index)")
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        for lane in 0..<4 {
            let ran = log.events.filter { $0.hasPrefix("\(lane) ") }
            XCTAssertEqual(ran, stride(from: lane, to: 400, by: 4).map { "\(lane) \($0)" })
        }
    }

    func testPriorityIsClamped() {
        XCTAssertEqual(WorkerPool(threadCount: 1, priority: 7).priority, 1)
        XCTAssertEqual(WorkerPool(threadCount: -2, priority: .nan).threadCount, 1)
    }
}
