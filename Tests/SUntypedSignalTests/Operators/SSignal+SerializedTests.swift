import Dispatch
import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// `serialized()`: the opt-in mode of the thread contract (the "Threads and the main queue" article), with real
/// threads and a watchdog on every wait.
final class SSignalSerializedTests: LeakCheckedTestCase {
    /// A handle a callback can reach.
    final class HandleBox: @unchecked Sendable {
        // Safety: written once before any event is sent.
        var handle: SDisposable?
    }

    func testDisposeFromAnotherThreadWaitsForTheCallbackInFlight() {
        let source = ManualSource()
        let log = EventLog()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let handle = UncheckedBox(
            source.signal.serialized().start(next: { value in
                log.add("next \(describe(value)) begins")
                entered.signal()
                _ = release.wait(timeout: .now() + 30)
                log.add("next \(describe(value)) ends")
            }))
        Thread { source.next(1) }.start()
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success, "watchdog")
        let disposed = DispatchSemaphore(value: 0)
        Thread {
            handle.value.dispose()
            log.add("dispose returned")
            disposed.signal()
        }.start()
        XCTAssertEqual(disposed.wait(timeout: .now() + 0.2), .timedOut, "dispose() waits for the callback in flight")
        release.signal()
        XCTAssertEqual(disposed.wait(timeout: .now() + 30), .success, "watchdog")
        source.next(2)
        XCTAssertEqual(log.events, ["next 1 begins", "next 1 ends", "dispose returned"])
    }

    func testCallbacksNeverOverlapUnderConcurrentPushes() {
        let source = ManualSource()
        let inside = Counter()
        let overlaps = Counter()
        let count = Counter()
        let handle = source.signal.serialized().start(next: { _ in
            if inside.increment() > 1 { overlaps.increment() }
            count.increment()
            inside.increment(by: -1)
        })
        let box = UncheckedBox(source)
        concurrently(8) { _ in
            for value in 0..<500 { box.value.next(value) }
        }
        handle.dispose()
        XCTAssertEqual(count.value, 4_000)
        XCTAssertEqual(overlaps.value, 0)
    }

    func testDisposeFromInsideItsOwnCallbackDoesNotWaitAndEndsDelivery() {
        let source = ManualSource()
        let log = EventLog()
        let box = HandleBox()
        box.handle = source.signal.serialized().start(next: { value in
            log.add("next \(describe(value))")
            if value as? Int == 1 {
                box.handle?.dispose()
                log.add("disposed inside")
                source.next(2)
            }
        })
        source.next(1)
        source.next(3)
        XCTAssertEqual(log.events, ["next 1", "disposed inside"])
    }

    func testNoValueAfterTheTerminalCallbackBegins() {
        for _ in 0..<50 {
            let source = ManualSource()
            let completed = Counter()
            let late = Counter()
            let handle = source.signal.serialized().start(
                next: { _ in
                    if completed.value > 0 { late.increment() }
                },
                completed: {
                    completed.increment()
                })
            let box = UncheckedBox(source)
            concurrently(4) { index in
                if index == 0 {
                    box.value.complete()
                } else {
                    for value in 0..<200 { box.value.next(value) }
                }
            }
            handle.dispose()
            XCTAssertEqual(completed.value, 1)
            XCTAssertEqual(late.value, 0, "a value delivered after the completion began")
        }
    }
}
