import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// A readable rendering of an untyped value: "nil", "1", "[1, nil]".
func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if let array = value as? [Any?] {
        return "[" + array.map(describe).joined(separator: ", ") + "]"
    }
    if let array = value as? [Any] {
        return "[" + array.map { describe($0) }.joined(separator: ", ") + "]"
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        if let child = mirror.children.first {
            return describe(child.value)
        }
        return "nil"
    }
    return String(describing: value)
}

/// The shared counting disposable, as an `SDisposable`.
extension CountingDisposable: SDisposable {}

/// What records untyped events in the shared event log.
extension EventLog {
    var next: @Sendable (Any?) -> Void {
        { [self] value in add("next \(describe(value))") }
    }

    var error: @Sendable (Any?) -> Void {
        { [self] value in add("error \(describe(value))") }
    }

    var completed: @Sendable () -> Void {
        { [self] in add("completed") }
    }

    /// Starts `signal` recording its events here.
    @discardableResult
    func record(_ signal: SSignal) -> SDisposable {
        signal.start(next: next, error: error, completed: completed)
    }
}

/// A signal that logs "start <name>" and "dispose <name>" to `log`, runs `body` with the
/// subscriber when started, and returns a disposable.
func tracedSignal(_ name: String, _ log: EventLog, _ body: @escaping @Sendable (SSubscriber) -> Void = { _ in }) -> SSignal {
    SSignal { subscriber in
        log.add("start \(name)")
        body(subscriber)
        return SBlockDisposable { log.add("dispose \(name)") }
    }
}

/// `values` then completion, synchronously.
func syncValues(_ values: [Any?]) -> SSignal {
    // The values are only read, by each start (an `SSignal` hands `Any?` values to the
    // thread that starts it).
    nonisolated(unsafe) let values = values
    return SSignal { subscriber in
        for value in values {
            subscriber.putNext(value)
        }
        subscriber.putCompletion()
        return nil
    }
}

/// A source the test drives by hand: it keeps its subscribers and counts starts and
/// disposals.
final class ManualSource: @unchecked Sendable {
    // Safety: every `var` is guarded by `lock`.
    private let lock = NSLock()
    private var subscribers: [SSubscriber] = []
    private var starts = 0
    private var disposals = 0

    var startCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return starts
    }
    var disposeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return disposals
    }
    var subscriberCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return subscribers.count
    }

    lazy var signal: SSignal = SSignal { [weak self] subscriber in
        guard let self else { return nil }
        lock.lock()
        starts += 1
        subscribers.append(subscriber)
        lock.unlock()
        // Weak references both ways: a subscription nobody ends keeps neither the
        // source nor its own subscriber alive.
        return SBlockDisposable { [weak self, weak subscriber] in
            guard let self else { return }
            lock.lock()
            disposals += 1
            subscribers.removeAll { $0 === subscriber }
            lock.unlock()
        }
    }

    private var current: [SSubscriber] {
        lock.lock()
        defer { lock.unlock() }
        return subscribers
    }

    func next(_ value: Any?) { current.forEach { $0.putNext(value) } }
    func complete() { current.forEach { $0.putCompletion() } }
    func fail(_ error: Any?) { current.forEach { $0.putError(error) } }
}

/// An object whose deallocation the test watches through a weak reference.
final class Tracked: @unchecked Sendable {
    let name: String
    init(_ name: String = "tracked") { self.name = name }
}

/// A serial SQueue running on `clock`.
func virtualQueue(_ clock: VirtualClock, _ label: String = "virtual") -> SQueue {
    SQueue(clock.makeQueue(label: label))
}

/// Runs `body` on `count` threads at once and waits for all of them.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}

/// A mutable test variable that `@Sendable` callbacks may change: queue, timer and
/// thread-pool callbacks must be `@Sendable`, so a test's `var` lives in here. Reads and
/// writes take a lock; the tests order them (virtual clocks run callbacks on the test's
/// thread, real queues are waited for).
final class Cell<Value>: @unchecked Sendable {
    // Safety: `stored` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}
