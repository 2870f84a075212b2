import Foundation
import XCTest

/// Shared pieces of the stress tests of both APIs: threads under a watchdog, a per-subscription
/// grammar log, and the iteration scale (smaller under ThreadSanitizer).
public enum Stress {
    /// True when the test binary runs under ThreadSanitizer (its runtime is loaded).
    public static let underThreadSanitizer: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(handle) }
        return dlsym(handle, "__tsan_init") != nil
    }()

    /// True when the test binary runs under AddressSanitizer (its runtime is loaded): freed
    /// memory then stays in quarantine, so resident memory is no measure of a leak.
    public static let underAddressSanitizer: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(handle) }
        return dlsym(handle, "__asan_init") != nil
    }()

    /// Multiplies iteration counts: 1 under ThreadSanitizer, 8 otherwise.
    public static var scale: Int { underThreadSanitizer ? 1 : 8 }

    /// Runs `body` on one new thread with a stack of `stackSize` bytes and waits for it;
    /// fails the test (instead of hanging) when it has not finished after `timeout`
    /// seconds. Returns false on a timeout. A stack overflow crashes the test process.
    @discardableResult
    public static func onOneThread(
        _ name: String, stackSize: Int, timeout: Double = 120,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable () -> Void
    ) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            finished.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            XCTFail("watchdog: \(name) did not finish within \(timeout) s", file: file, line: line)
            return false
        }
        return true
    }

    /// Runs `body(index)` on `threads` new threads at once and waits for all of them; fails
    /// the test (instead of hanging) when they have not finished after `timeout` seconds.
    /// Returns false on a timeout (the stuck threads are left behind).
    @discardableResult
    public static func run(
        _ name: String, threads: Int, timeout: Double = 30,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (Int) -> Void
    ) -> Bool {
        let group = DispatchGroup()
        let gate = DispatchSemaphore(value: 0)
        for index in 0..<threads {
            group.enter()
            let thread = Thread {
                gate.wait()
                body(index)
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        for _ in 0..<threads { gate.signal() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            XCTFail("watchdog: \(name) did not finish within \(timeout) s (a hang or a deadlock)", file: file, line: line)
            return false
        }
        return true
    }

    /// Waits until `condition` holds, polling, for at most `timeout` seconds.
    public static func wait(timeout: Double = 30, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }
}

/// The events of one subscription, checked against `next* (error | completion)?`.
///
/// `strict` subscriptions must also never see a value after their terminal event; the
/// others only at most one terminal event (a value that entered the subscription on
/// another thread before the terminal event may still be running: see the "Threads and the main queue" article).
public final class GrammarLog: @unchecked Sendable {
    // Safety: every field is guarded by `lock`.
    private let lock = NSLock()
    private let strict: Bool
    public private(set) var values: [Int] = []
    private var terminals = 0
    private var valuesAfterTerminal = 0
    private var disposed = false

    public init(strict: Bool) {
        self.strict = strict
    }

    public func next(_ value: Int) {
        lock.lock()
        if terminals > 0 { valuesAfterTerminal += 1 }
        values.append(value)
        lock.unlock()
    }

    public func terminal() {
        lock.lock()
        terminals += 1
        lock.unlock()
    }

    public func markDisposed() {
        lock.lock()
        disposed = true
        lock.unlock()
    }

    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return values.count + terminals
    }

    public var terminalCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return terminals
    }

    public var snapshot: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }

    /// What is wrong with this subscription's events, if anything.
    public var violations: [String] {
        lock.lock()
        defer { lock.unlock() }
        var found: [String] = []
        if terminals > 1 { found.append("\(terminals) terminal events") }
        if strict && valuesAfterTerminal > 0 { found.append("\(valuesAfterTerminal) values after the terminal event") }
        return found
    }
}

/// Every grammar log of one stress test; checks them all at the end.
public final class GrammarLogs: @unchecked Sendable {
    // Safety: `logs` is guarded by `lock`.
    private let lock = NSLock()
    private var logs: [GrammarLog] = []

    /// No logs yet.
    public init() {}

    public func make(strict: Bool) -> GrammarLog {
        let log = GrammarLog(strict: strict)
        lock.lock()
        logs.append(log)
        lock.unlock()
        return log
    }

    public var all: [GrammarLog] {
        lock.lock()
        defer { lock.unlock() }
        return logs
    }

    /// Fails the test for every subscription that broke the grammar.
    public func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let broken = all.map(\.violations).filter { !$0.isEmpty }
        XCTAssertTrue(broken.isEmpty, "\(name): \(broken.count) of \(all.count) subscriptions broke the grammar: \(broken.prefix(5))", file: file, line: line)
    }

    /// Events counted so far, per subscription.
    public var counts: [Int] { all.map(\.count) }
}
