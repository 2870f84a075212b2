import Foundation
import SignalSync
import XCTest

/// A subscription whose events come from two threads keeps their order through
/// `deliverOn(queue)` when it was started on `queue` itself (Divergences.md: the
/// originals lose the value). Written once for both APIs.
///
/// The shape of app code: a chain started on the main queue (or in a block on a serial
/// queue) hops its work to a background queue and delivers the result back on the queue
/// it started on. The work's value crosses to the queue's line from the background
/// thread while the starting block still runs; then the chain's completion comes on the
/// queue itself. It must wait behind the value instead of overtaking it (an ended
/// subscriber would drop the value).
public enum HopOrderDriver {
    /// The operator through which the value from the other thread and the completion on
    /// the queue meet.
    public enum Meeting: String, CaseIterable, Sendable {
        /// `single |> mapToSignal { work }`: the outer completes on the queue after the
        /// inner sent its value from the background queue.
        case mapToSignal
        /// The same through `map` and `switchToLatest`.
        case switchToLatest
        /// The same through `map` and `queue`.
        case queue
        /// `work |> then(empty)`: the work's value from the background queue, its
        /// completion (and so `then`'s) on the queue.
        case then
    }

    /// The interleaving forced with a semaphore: the value is put on the queue's line
    /// before the completion is sent on the queue. Expects the value, then the
    /// completion, both on the queue.
    public static func valueFromAnotherThreadIsNotOvertakenByTheCompletion<A: RealThreadAdapter>(
        _ api: A.Type, startedOn start: RealThreadStart, through meeting: Meeting,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let queue = start == .main ? ExecutionQueue.main : ExecutionQueue(label: "hop-order.serial")
        let background = DispatchQueue(label: "hop-order.background")
        let valueSent = DispatchSemaphore(value: 0)
        let pipeline: A.Signal
        switch meeting {
        case .mapToSignal, .switchToLatest, .queue:
            let work = A.signal { sink in
                background.async {
                    sink.next(42)
                    sink.completed()
                    valueSent.signal()
                }
            }
            let outer = A.signal { sink in
                sink.next(0)
                valueSent.wait()
                sink.completed()
            }
            let mode: FlattenMode = meeting == .mapToSignal ? .mapToSignal : meeting == .queue ? .queue : .switchToLatest
            pipeline = A.flatten(outer, mode) { _ in work }
        case .then:
            let work = A.signal { sink in
                background.async {
                    sink.next(42)
                    valueSent.signal()
                }
                valueSent.wait()
                sink.completed()
            }
            pipeline = A.then(work, A.signal { $0.completed() })
        }
        let recorder = RealThreadRecorder(promised: queue)
        let delivered = A.deliverOn(pipeline, queue)
        let dispose = TestAtomic<(() -> Void)?>(nil)
        let finished = RealThreadStart.run(
            on: queue,
            {
                dispose.store(A.start(delivered, next: recorder.next, error: recorder.error, completed: recorder.completed), ordering: .releasing)
            }, until: { recorder.ended })
        XCTAssertTrue(finished, "watchdog: no terminal event within 10 s", file: file, line: line)
        XCTAssertEqual(recorder.received, ["42", "completed"], "\(meeting) started on the \(start) queue", file: file, line: line)
        XCTAssertEqual(recorder.receivedOffQueue, [], "events off the delivery queue", file: file, line: line)
        dispose.load(ordering: .acquiring)?()
    }

    /// The app code of the issue, as written, `runs` times (not forced: each run races the
    /// background queue against the starting block): `single(0) |> mapToSignal { work |>
    /// runOn(background) } |> deliverOn(queue)` started on `queue`. Every run must deliver
    /// the value before the completion. `HOP_ORDER_RUNS` in the environment sets `runs`.
    public static func appCodeDeliversItsValueInEveryRun<A: RealThreadAdapter>(
        _ api: A.Type, startedOn start: RealThreadStart, through mode: FlattenMode, runs: Int = 200,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let runs = ProcessInfo.processInfo.environment["HOP_ORDER_RUNS"].flatMap(Int.init) ?? runs
        let queue = start == .main ? ExecutionQueue.main : ExecutionQueue(label: "hop-order.serial")
        let background = ExecutionQueue(label: "hop-order.background")
        let work = A.runOn(
            A.signal { sink in
                sink.next(42)
                sink.completed()
            }, background)
        let pipeline = A.deliverOn(
            A.flatten(
                A.signal { sink in
                    sink.next(0)
                    sink.completed()
                }, mode, { _ in work }), queue)
        var lost = 0
        var wrong: [String] = []
        for _ in 0..<runs {
            let recorder = RealThreadRecorder(promised: queue)
            let dispose = TestAtomic<(() -> Void)?>(nil)
            let finished = RealThreadStart.run(
                on: queue,
                {
                    dispose.store(A.start(pipeline, next: recorder.next, error: recorder.error, completed: recorder.completed), ordering: .releasing)
                }, until: { recorder.ended })
            guard finished else {
                XCTFail("watchdog: no terminal event within 10 s", file: file, line: line)
                return
            }
            let received = recorder.received
            if received == ["completed"] {
                lost += 1
            } else if received != ["42", "completed"] || !recorder.receivedOffQueue.isEmpty {
                wrong.append("\(received), off the queue: \(recorder.receivedOffQueue)")
            }
            dispose.load(ordering: .acquiring)?()
        }
        XCTAssertEqual(lost, 0, "\(mode) started on the \(start) queue lost the value in \(lost) of \(runs) runs", file: file, line: line)
        XCTAssertEqual(wrong, [], file: file, line: line)
    }
}
