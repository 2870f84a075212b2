import XCTest

@testable import STypedSignal

extension QueueLocalObjectTests {
    func testUnsafeGetReadsTheObjectOnItsQueue() {
        let queue = Queue(name: "local")
        let local = QueueLocalObject(queue: queue) { Box() }
        var seen: Int?
        queue.sync {
            local.unsafeGet()?.value = 7
            seen = local.unsafeGet()?.value
        }
        XCTAssertEqual(seen, 7)
        XCTAssertEqual(local.syncWith { $0.value }, 7)
    }
}
