import Foundation
import SignalSync

/// The events one subscription received on real threads, with whether each arrived on the
/// queue it was promised (when one was).
public final class RealThreadRecorder: @unchecked Sendable {
    // Safety: every field is guarded by `lock`.
    private let lock = NSLock()
    private let promised: ExecutionQueue?
    private var events: [String] = []
    private var offQueue: [String] = []
    private var terminals = 0

    /// A recorder that checks each event arrives on `promised` (nil: anywhere).
    public init(promised: ExecutionQueue?) {
        self.promised = promised
    }

    /// Records a value.
    public func next(_ value: Int) { record("\(value)", terminal: false) }
    /// Records a failure.
    public func error(_ code: Int) { record("error \(code)", terminal: true) }
    /// Records the completion.
    public func completed() { record("completed", terminal: true) }

    private func record(_ event: String, terminal: Bool) {
        let onQueue = promised?.isCurrent ?? true
        lock.withLock {
            events.append(event)
            if !onQueue { offQueue.append(event) }
            if terminal { terminals += 1 }
        }
    }

    /// The events so far, in arrival order ("4", "error 2", "completed").
    public var received: [String] { lock.withLock { events } }
    /// The events that arrived off the promised queue.
    public var receivedOffQueue: [String] { lock.withLock { offQueue } }
    /// True once a terminal event arrived.
    public var ended: Bool { lock.withLock { terminals > 0 } }
}

/// Where a real-thread test starts a pipeline: the main queue or a serial queue.
public enum RealThreadStart: String, CaseIterable, Sendable {
    /// On the main queue (the test's main thread, with the run loop turning meanwhile).
    case main
    /// In a block running on a serial queue.
    case serial

    /// Runs `start` on `queue` (the main thread must be the caller's; any other queue
    /// gets a block) and waits until `done` holds, turning the main run loop when the
    /// caller is the main thread. Returns false after `timeout` seconds.
    public static func run(
        on queue: ExecutionQueue, timeout: Double = 10, _ start: @escaping @Sendable () -> Void,
        until done: () -> Bool
    ) -> Bool {
        if queue === ExecutionQueue.main {
            precondition(Thread.isMainThread, "a main-queue start needs the test's main thread")
            start()
        } else {
            queue.justDispatch(start)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while !done() {
            if Date() > deadline { return false }
            if Thread.isMainThread {
                _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.001))
            } else {
                usleep(100)
            }
        }
        return true
    }
}
