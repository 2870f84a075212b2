import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

/// The stack guard keeps the main queue's promise: a chain too deep for the main thread's
/// stack stops the program with a message there, and never goes on on another thread.
final class MainQueueDeepChainTests: XCTestCase {
    func testADeepChainAfterDeliverOnMainQueueTrapsWithAMessageAndNeverDeliversElsewhere() throws {
        let outcome = try ChildProcessTest.run("STypedSignalTests.MainQueueDeepChainTests/testADeepChainDeliveredOnTheMainQueueChild")
        XCTAssertFalse(outcome.output.contains("delivered off the main thread"), outcome.output)
        XCTAssertTrue(outcome.trapped, "a hundred thousand maps reach the guard: \(outcome.output)")
        XCTAssertTrue(outcome.output.contains("StackGuard: the main queue's stack is nearly used up"), outcome.output)
    }

    /// The child of the test above (skipped otherwise): subscribes on a thread of its own
    /// (where deep work may move to fresh stacks), then pushes on the main thread, where
    /// `deliverOnMainQueue` delivers inline through the whole chain.
    func testADeepChainDeliveredOnTheMainQueueChild() throws {
        try XCTSkipUnless(ChildProcessTest.isChild)
        let pipe = ValuePipe<Int>()
        var chain = pipe.signal() |> deliverOnMainQueue
        for _ in 0..<100_000 {
            chain = chain |> map { $0 + 1 }
        }
        let subscribed = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var handle: Disposable?
        let deep = chain
        let thread = Thread {
            handle = deep.start(next: { _ in
                print(Thread.isMainThread ? "delivered on the main thread" : "delivered off the main thread")
            })
            subscribed.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        subscribed.wait()
        pipe.putNext(0)
        print("no trap")
        withExtendedLifetime(handle) {}
    }
}
