import SUntypedSignal
import SUntypedSignalOperators
import SignalSync
import SignalTestSupport
import XCTest

/// A signal the test drives: each start is counted and keeps its subscriber for `send`,
/// `fail` and `complete`; its disposal is counted.
private final class Driven: @unchecked Sendable {
    // Safety: everything is under the lock.
    private let state = LockedState((subscriber: SSubscriber?.none, starts: 0, disposes: 0))

    var starts: Int { state.withLock { $0.starts } }
    var disposes: Int { state.withLock { $0.disposes } }

    var signal: SSignal {
        SSignal { subscriber in
            self.state.withLock {
                $0.subscriber = subscriber
                $0.starts += 1
            }
            return SBlockDisposable { self.state.withLock { $0.disposes += 1 } }
        }
    }

    func send(_ value: Any?) { state.withLock { $0.subscriber }?.putNext(value) }
    func fail(_ error: Any?) { state.withLock { $0.subscriber }?.putError(error) }
    func complete() { state.withLock { $0.subscriber }?.putCompletion() }
}

/// An untyped value as the log shows it.
private func text(_ value: Any?) -> String {
    value.map { "\($0)" } ?? "nil"
}

/// Untyped `share(replay:)`: `Any?` values (nil too) and errors pass unchanged; the
/// engine's rules (replay order, threads, re-entrancy) are ShareReplayEngineTests'.
final class SSignalShareTests: LeakCheckedTestCase {
    func testTheDefaultSharesOneSubscriptionWithoutReplay() {
        let upstream = Driven()
        let log = OrderTrace<String>()
        let shared = upstream.signal.share()
        let a = shared.start(next: { log.append("a \(text($0))") })
        upstream.send(nil)
        let b = shared.start(next: { log.append("b \(text($0))") })
        upstream.send("x")
        XCTAssertEqual(log.all, ["a nil", "a x", "b x"])
        XCTAssertEqual(upstream.starts, 1)
        a.dispose()
        b.dispose()
        XCTAssertEqual(upstream.disposes, 1, "the last subscriber leaving disposes the source")
    }

    func testALateSubscriberReceivesTheLastValuesIncludingNil() {
        let upstream = Driven()
        let log = OrderTrace<String>()
        let shared = upstream.signal.share(replay: 2)
        let a = shared.start(next: { log.append("a \(text($0))") })
        upstream.send(1)
        upstream.send(nil)
        upstream.send("three")
        let b = shared.start(next: { log.append("b \(text($0))") })
        XCTAssertEqual(log.all, ["a 1", "a nil", "a three", "b nil", "b three"])
        a.dispose()
        b.dispose()
    }

    func testAnErrorReachesEverySubscriberAndIsNotKeptUnlikeMulticast() {
        let upstream = Driven()
        let log = OrderTrace<String>()
        let shared = upstream.signal.share(replay: 1)
        let multicast = upstream.signal.multicast()
        let a = shared.start(error: { log.append("a error \(text($0))") })
        upstream.fail("boom")
        let b = shared.start(error: { log.append("b error \(text($0))") })
        XCTAssertEqual(log.all, ["a error boom"], "b started the source afresh instead")
        XCTAssertEqual(upstream.starts, 2)
        b.dispose()
        let m = multicast.start(error: { log.append("m error \(text($0))") })
        upstream.fail("once")
        let late = multicast.start(error: { log.append("late error \(text($0))") })
        XCTAssertEqual(log.all.suffix(2), ["m error once", "late error once"], "multicast keeps its terminal event")
        [a, m, late].forEach { $0.dispose() }
    }

    func testANegativeReplayCountStopsTheProgramNamingTheCallAndTheCount() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "share(replay: -1)", of: self,
                body: {
                    _ = SSignal.complete().share(replay: -1)
                })
        else { return }
        XCTAssertTrue(outcome.trapped, outcome.output)
        XCTAssertTrue(outcome.output.contains("share(replay:): the replay count must not be negative (got -1)"), outcome.output)
    }
}
