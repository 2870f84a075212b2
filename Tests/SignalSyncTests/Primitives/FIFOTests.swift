import SignalTestSupport
import XCTest

@testable import SignalSync

final class FIFOTests: LeakCheckedTestCase {
    func testFirstInFirstOut() {
        var fifo = FIFO<Int>()
        XCTAssertTrue(fifo.isEmpty)
        XCTAssertNil(fifo.popFirst())
        for value in 0..<200 { fifo.append(value) }
        XCTAssertEqual(fifo.count, 200)
        var popped: [Int] = []
        for _ in 0..<150 { popped.append(fifo.popFirst()!) }
        fifo.append(200)
        XCTAssertEqual(popped, Array(0..<150))
        XCTAssertEqual(fifo.count, 51)
        XCTAssertEqual(fifo.removeAll(), Array(150...200))
        XCTAssertTrue(fifo.isEmpty)
        fifo.append(7)
        XCTAssertEqual(fifo.popFirst(), 7)
        XCTAssertTrue(fifo.isEmpty)
    }

    func testAPoppedElementIsNotKeptAliveByTheBuffer() {
        final class Box {}
        var fifo = FIFO<Box>()
        weak var popped: Box?
        do {
            let box = Box()
            popped = box
            fifo.append(box)
            fifo.append(Box())
            _ = fifo.popFirst()
        }
        XCTAssertNil(popped, "released as it leaves, while others still wait")
        XCTAssertEqual(fifo.count, 1)
    }
}
