import Dispatch
import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// `serialized()`: the opt-in mode of the thread contract (the "Threads and the main queue" article), with real
/// threads and a watchdog on every wait.
final class SignalSerializedTests: LeakCheckedTestCase {
    /// A handle a callback can reach.
    final class HandleBox: @unchecked Sendable {
        // Safety: written once before any event is sent.
        var handle: Disposable?
    }

    func testDisposeFromAnotherThreadWaitsForTheCallbackInFlight() {
        let source = ManualSource<Int, NoError>()
        let log = EventLog()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let handle = (source.signal |> serialized()).start(next: { value in
            log.add("next \(value) begins")
            entered.signal()
            _ = release.wait(timeout: .now() + 30)
            log.add("next \(value) ends")
        })
        Thread { source.putNext(1) }.start()
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success, "watchdog")
        let disposed = DispatchSemaphore(value: 0)
        Thread {
            handle.dispose()
            log.add("dispose returned")
            disposed.signal()
        }.start()
        XCTAssertEqual(disposed.wait(timeout: .now() + 0.2), .timedOut, "dispose() waits for the callback in flight")
        release.signal()
        XCTAssertEqual(disposed.wait(timeout: .now() + 30), .success, "watchdog")
        source.putNext(2)
        XCTAssertEqual(log.events, ["next 1 begins", "next 1 ends", "dispose returned"])
    }

    func testCallbacksNeverOverlapUnderConcurrentPushes() {
        let source = ManualSource<Int, NoError>()
        let inside = Atomic(value: 0)
        let overlaps = Atomic(value: 0)
        let count = Atomic(value: 0)
        let handle = (source.signal |> serialized()).start(next: { _ in
            if inside.modify({ $0 + 1 }) > 1 { overlaps.modify { $0 + 1 } }
            count.modify { $0 + 1 }
            inside.modify { $0 - 1 }
        })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for value in 0..<500 { source.putNext(value) }
        }
        handle.dispose()
        XCTAssertEqual(count.with { $0 }, 4_000)
        XCTAssertEqual(overlaps.with { $0 }, 0)
    }

    func testNoValueAfterTheTerminalCallbackBegins() {
        for _ in 0..<50 {
            let source = ManualSource<Int, NoError>()
            let completed = Atomic(value: false)
            let late = Atomic(value: 0)
            let handle = (source.signal |> serialized()).start(
                next: { _ in
                    if completed.with({ $0 }) { late.modify { $0 + 1 } }
                },
                completed: {
                    completed.modify { _ in true }
                })
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index == 0 {
                    source.putCompletion()
                } else {
                    for value in 0..<200 { source.putNext(value) }
                }
            }
            handle.dispose()
            XCTAssertTrue(completed.with { $0 })
            XCTAssertEqual(late.with { $0 }, 0, "a value delivered after the completion began")
        }
    }

    func testDisposeFromInsideItsOwnCallbackDoesNotWaitAndEndsDelivery() {
        let source = ManualSource<Int, NoError>()
        let log = EventLog()
        let box = HandleBox()
        box.handle = (source.signal |> serialized()).start(next: { value in
            log.add("next \(value)")
            if value == 1 {
                box.handle?.dispose()
                log.add("disposed inside")
                source.putNext(2)
            }
        })
        source.putNext(1)
        source.putNext(3)
        XCTAssertEqual(log.events, ["next 1", "disposed inside"])
    }

    func testReentrantPushFromACallbackNests() {
        let pipe = ValuePipe<Int>()
        let log = EventLog()
        let handle = (pipe.signal() |> serialized()).start(next: { value in
            log.add("next \(value)")
            if value == 1 { pipe.putNext(2) }
        })
        pipe.putNext(1)
        handle.dispose()
        XCTAssertEqual(log.events, ["next 1", "next 2"])
    }
}
