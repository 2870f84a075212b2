import Foundation

/// A thread-safe list of event lines, for asserting exact traces: the one event log of
/// every test target and of the shared drivers. Each API's test target adds what starts
/// its signals recording here (`record(_:)`).
public final class EventLog: @unchecked Sendable {
    // Safety: `lines` and `counters` are guarded by `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    private var counters: [String: Int] = [:]

    public init() {}

    /// Appends one line.
    public func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// Everything recorded so far, in order.
    public var events: [String] {
        lock.withLock { lines }
    }

    /// Forgets the recorded lines (subscription numbers keep counting).
    public func clear() {
        lock.withLock { lines.removeAll() }
    }

    /// The next subscription number for `name`, starting at 1.
    public func nextNumber(for name: String) -> Int {
        lock.withLock {
            let number = (counters[name] ?? 0) + 1
            counters[name] = number
            return number
        }
    }
}

/// A thread-safe counter for the shared drivers.
final class DriverCounter: @unchecked Sendable {
    // Safety: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    /// Adds one.
    func increment() {
        lock.withLock { count += 1 }
    }

    /// The count so far.
    var value: Int {
        lock.withLock { count }
    }
}

/// Carries a value that is safe to share (a subscriber, a signal, a closure that only
/// builds signals) into a `@Sendable` closure.
struct DriverBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
