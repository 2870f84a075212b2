import Foundation
import SSignalKit

/// The events one pipeline produced, as text (`next 1`, `error e`, `completed`, and the
/// markers a test adds, such as `source disposed`), each prefixed with the virtual time
/// when a clock is given. Thread-safe.
final class EventTrace: @unchecked Sendable {
    // Safety: `lines` is guarded by `lock`; `clock` is immutable (and thread-safe).
    private let lock = NSLock()
    private var lines: [String] = []
    private let clock: VirtualClock?

    init(clock: VirtualClock? = nil) {
        self.clock = clock
    }

    func add(_ line: String) {
        let stamped = clock.map { "\($0.now) \(line)" } ?? line
        lock.withLock { lines.append(stamped) }
    }

    var all: [String] {
        lock.withLock { lines }
    }

    func next(_ value: Any?) { add("next \(describe(value))") }
    func error(_ error: Any?) { add("error \(describe(error))") }
    func completed() { add("completed") }
}

/// `nil` as "nil", anything else as `String(describing:)`.
func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return String(describing: value)
}

/// Subscribes `signal` with the imported `start(next:error:completed:)` and records its events
/// in `trace`; returns the optional handle, as SSignalKit's `start` does.
@discardableResult
func record(_ signal: SSignal, into trace: EventTrace) -> SDisposable? {
    signal.start(next: { trace.next($0) }, error: { trace.error($0) }, completed: { trace.completed() })
}

/// Runs one pipeline in virtual time: a fresh clock and a queue on it, the pipeline built
/// from them, subscribed at time 0, disposed at `disposeAt` (if given), the clock then run
/// to `end`. Returns the stamped events.
func eventsInVirtualTime(disposeAt: Double? = nil, end: Double = 100, _ build: (SQueue, EventTrace) -> SSignal) -> [String] {
    let clock = VirtualClock()
    let queue = SQueue(clock.makeQueue())
    let trace = EventTrace(clock: clock)
    let handle = record(build(queue, trace), into: trace)
    if let disposeAt {
        clock.advance(to: disposeAt)
        handle?.dispose()
        trace.add("disposed by the test")
    }
    clock.advance(to: end)
    handle?.dispose()
    return trace.all
}

/// A cold signal that sends `value` `after` seconds on `queue`, then completes (marks its own
/// disposal in `trace` under `name`).
func later(_ value: Any?, after: Double, on queue: SQueue, name: String, trace: EventTrace) -> SSignal {
    SSignal.single(value).delay(after, onQueue: queue).onDispose { trace.add("\(name) disposed") }
}
