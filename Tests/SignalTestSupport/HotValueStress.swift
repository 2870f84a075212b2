import Foundation
import XCTest

/// Stress drivers shared by the hot sources of both APIs (pipes and value cells): threads
/// pushing without pause against threads subscribing, under a watchdog.
///
/// The watchdog (`watchdogSeconds`) catches a livelock or a deadlock, not slowness: with
/// seven threads on two cores, a run takes about 20 s under AddressSanitizer in the
/// interleaving build (about 3 s in a plain debug build), so the bound sits well above that.
public enum HotValueStress {
    /// How long a run may take before the watchdog fails it (see the type's notes).
    public static let watchdogSeconds: Double = 120

    /// A hot source under test, seen through closures so that one driver serves every
    /// face of both APIs.
    public struct Subject: Sendable {
        /// Pushes (or sets) a value.
        public let push: @Sendable (Int) -> Void
        /// Subscribes `next` and returns what disposes the subscription.
        public let subscribe: @Sendable (@escaping @Sendable (Int) -> Void) -> @Sendable () -> Void
        /// The values the source holds for subscribers receiving their replay.
        public let pending: @Sendable () -> Int
        /// True when a new subscriber first gets the latest value.
        public let replays: Bool

        public init(
            replays: Bool, push: @escaping @Sendable (Int) -> Void,
            subscribe: @escaping @Sendable (@escaping @Sendable (Int) -> Void) -> @Sendable () -> Void,
            pending: @escaping @Sendable () -> Int
        ) {
            self.replays = replays
            self.push = push
            self.subscribe = subscribe
            self.pending = pending
        }
    }

    /// The values one subscription received, in order.
    final class Received: @unchecked Sendable {
        // Safety: `values` is guarded by `lock`.
        private let lock = NSLock()
        private var values: [Int] = []

        func add(_ value: Int) {
            lock.withLock {
                values.append(value)
            }
        }

        var all: [Int] {
            lock.withLock { values }
        }
    }

    /// A flag and a maximum shared between the threads of a run.
    final class Shared: @unchecked Sendable {
        // Safety: every field is guarded by `lock`.
        private let lock = NSLock()
        private var stopped = false
        private var maxPending = 0
        private var problems: [String] = []

        var isStopped: Bool {
            lock.withLock { stopped }
        }

        func stop() {
            lock.withLock {
                stopped = true
            }
        }

        func sample(_ pending: Int) {
            lock.withLock {
                maxPending = max(maxPending, pending)
            }
        }

        var highestPending: Int {
            lock.withLock { maxPending }
        }

        func report(_ problem: String) {
            lock.withLock {
                problems.append(problem)
            }
        }

        var allProblems: [String] {
            lock.withLock { problems }
        }
    }

    /// Pushers of value `pusher + 4 * n` (n counting up): the pusher of a value and its
    /// rank among that pusher's values.
    static func pusher(of value: Int) -> Int { value & 3 }

    /// Three threads push without pause while three threads subscribe and dispose
    /// `cycles` times each, and a monitor samples the pending slots. Fails when a thread
    /// is still running after `timeout` seconds (a livelock), when the pending slots ever
    /// exceed one per subscriber, or when a subscription receives one pusher's values out
    /// of push order (its replay included: the replay never comes after a newer value of
    /// the same pusher). Then, with every thread done, one last push must be the last
    /// value of every subscription still open.
    public static func churn(
        _ name: String, _ subject: Subject, cycles: Int, timeout: Double = watchdogSeconds,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let shared = Shared()
        let subscribersLeft = DispatchGroup()
        let kept = NSLock()
        nonisolated(unsafe) var keptSubscriptions: [(Received, @Sendable () -> Void)] = []
        let subscriberThreads = 3
        for _ in 0..<subscriberThreads { subscribersLeft.enter() }
        let finished = Stress.run(name, threads: 7, timeout: timeout, file: file, line: line) { index in
            switch index {
            case 0..<3:
                var counter = 0
                while !shared.isStopped {
                    subject.push(index + 4 * (counter + 1))
                    counter += 1
                }
            case 3..<6:
                for cycle in 0..<cycles {
                    let received = Received()
                    let dispose = subject.subscribe { value in
                        received.add(value)
                        spin(nanoseconds: 5_000)  // a subscriber slower than a push
                    }
                    if cycle == cycles - 1 {
                        kept.withLock {
                            keptSubscriptions.append((received, dispose))
                        }
                    } else {
                        dispose()
                        if let problem = outOfOrder(received.all) {
                            shared.report("\(name): \(problem)")
                        }
                    }
                }
                subscribersLeft.leave()
            default:
                while subscribersLeft.wait(timeout: .now() + 0.001) == .timedOut {
                    shared.sample(subject.pending())
                }
                shared.stop()
            }
        }
        guard finished else { return }
        XCTAssertEqual(shared.allProblems, [], file: file, line: line)
        XCTAssertLessThanOrEqual(shared.highestPending, subscriberThreads, "\(name): more than one pending value per subscriber", file: file, line: line)
        XCTAssertEqual(subject.pending(), 0, "\(name): values still pending once every thread is done", file: file, line: line)
        subject.push(-1)
        for (received, dispose) in keptSubscriptions {
            let values = received.all
            if let problem = outOfOrder(values) {
                XCTFail("\(name): \(problem)", file: file, line: line)
            }
            XCTAssertEqual(values.last, -1, "\(name): a subscription did not end on the last value", file: file, line: line)
            dispose()
        }
    }

    /// `rounds` times: one thread pushes the next `last` values (1...`last` in the
    /// first round) while `threads` threads subscribe `perThread` times each (keeping
    /// every subscription until the round ends): every subscription must receive
    /// increasing values (its replay first) and end on the round's last value (on a
    /// source without replay, those that received anything).
    public static func latestWins(
        _ name: String, _ subject: Subject, rounds: Int, last: Int = 2000, threads: Int = 8, perThread: Int = 40,
        timeout: Double = watchdogSeconds, file: StaticString = #filePath, line: UInt = #line
    ) {
        for round in 0..<rounds {
            let first = round * last + 1
            let final = first + last - 1
            let lock = NSLock()
            nonisolated(unsafe) var subscriptions: [(Received, @Sendable () -> Void)] = []
            let finished = Stress.run(name, threads: threads + 1, timeout: timeout, file: file, line: line) { index in
                if index == threads {
                    for value in first...final { subject.push(value) }
                    return
                }
                for _ in 0..<perThread {
                    let received = Received()
                    let dispose = subject.subscribe { received.add($0) }
                    lock.withLock {
                        subscriptions.append((received, dispose))
                    }
                }
            }
            guard finished else { return }
            var stale = 0
            var disordered: [[Int]] = []
            for (received, dispose) in subscriptions {
                let values = received.all
                if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) { disordered.append(values) }
                if (subject.replays || !values.isEmpty) && values.last != final { stale += 1 }
                dispose()
            }
            XCTAssertEqual(
                stale, 0, "\(name), round \(round): \(stale) of \(subscriptions.count) subscriptions ended on a value older than \(final)", file: file,
                line: line)
            XCTAssertEqual(
                disordered.count, 0, "\(name), round \(round): out of order: \(disordered.prefix(3).map { Array($0.prefix(20)) })", file: file, line: line)
            XCTAssertEqual(subject.pending(), 0, file: file, line: line)
        }
    }

    /// Busy for about `nanoseconds` (a subscriber that does some work).
    static func spin(nanoseconds: UInt64) {
        let deadline = DispatchTime.now().uptimeNanoseconds + nanoseconds
        while DispatchTime.now().uptimeNanoseconds < deadline {}
    }

    /// A description of the first value that comes after a newer one of the same pusher.
    static func outOfOrder(_ values: [Int]) -> String? {
        var newest: [Int: Int] = [:]
        for value in values where value >= 0 {
            let pusher = pusher(of: value)
            if let previous = newest[pusher], previous >= value {
                return "\(value) after \(previous) (pusher \(pusher))"
            }
            newest[pusher] = value
        }
        return nil
    }
}
