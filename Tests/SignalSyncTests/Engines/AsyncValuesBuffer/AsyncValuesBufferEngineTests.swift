import XCTest

@testable import SignalSync

final class AsyncValuesBufferEngineTests: XCTestCase {
    func testBufferedValuesThenTheFailureThenTheEnd() async {
        let disposed = Atomic(value: 0)
        let handle = AsyncValuesHandle<Int, String> { buffer in
            buffer.push(1)
            buffer.push(2)
            buffer.fail("boom")
            buffer.push(3)
            return { disposed.modify { $0 + 1 } }
        }
        var steps: [String] = []
        for _ in 0..<4 {
            switch await handle.buffer.next() {
            case .value(let value): steps.append("\(value)")
            case .failure(let failure): steps.append(failure)
            case .end: steps.append("end")
            }
        }
        XCTAssertEqual(steps, ["1", "2", "boom", "end"])
        XCTAssertEqual(disposed.with { $0 }, 0, "a failed subscription ends by itself")
    }

    func testCancelDisposesTheSubscriptionAndReleasesTheBuffer() async {
        final class Object {}
        weak var weakObject: Object?
        let disposed = Atomic(value: 0)
        do {
            let handle = AsyncValuesHandle<Object, Never> { buffer in
                let object = Object()
                weakObject = object
                buffer.push(object)
                return { disposed.modify { $0 + 1 } }
            }
            guard case .value = await handle.buffer.next() else { return XCTFail("the value") }
            handle.buffer.push(Object())  // buffered, then dropped by the cancellation
            handle.buffer.cancel()
            guard case .end = await handle.buffer.next() else { return XCTFail("over") }
        }
        XCTAssertEqual(disposed.with { $0 }, 1, "disposed once (the handle's own cancel finds it over)")
        XCTAssertNil(weakObject)
    }
}
