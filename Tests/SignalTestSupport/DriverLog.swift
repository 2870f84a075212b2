import Foundation

/// A thread-safe list of lines and counters that the shared drivers record into.
final class DriverLog: @unchecked Sendable {
    // Safety: `lines` is guarded by `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    /// Appends one line.
    func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// Everything recorded so far, in order.
    var events: [String] {
        lock.withLock { lines }
    }

    /// Forgets the recorded lines.
    func clear() {
        lock.withLock { lines.removeAll() }
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
