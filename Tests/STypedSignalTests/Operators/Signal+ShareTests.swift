import STypedSignalOperators
import SignalSync
import SignalTestSupport
import XCTest

/// A signal the test drives: each start is counted, keeps its subscriber for `send`,
/// `fail` and `complete`, and its disposal is counted.
private final class Driven<T, E>: @unchecked Sendable {
    // Safety: everything is under the lock.
    private let state = LockedState((subscriber: Subscriber<T, E>?.none, starts: 0, disposes: 0))

    var starts: Int { state.withLock { $0.starts } }
    var disposes: Int { state.withLock { $0.disposes } }

    var signal: Signal<T, E> {
        Signal { subscriber in
            self.state.withLock {
                $0.subscriber = subscriber
                $0.starts += 1
            }
            return ActionDisposable { self.state.withLock { $0.disposes += 1 } }
        }
    }

    func send(_ value: T) { state.withLock { $0.subscriber }?.putNext(value) }
    func fail(_ error: E) { state.withLock { $0.subscriber }?.putError(error) }
    func complete() { state.withLock { $0.subscriber }?.putCompletion() }
}

/// Typed `share(replay:)`: the values, errors and tuples of `Signal<T, E>` pass unchanged;
/// the engine's rules (replay order, threads, re-entrancy) are ShareReplayEngineTests'.
final class SignalShareTests: LeakCheckedTestCase {
    func testTheDefaultSharesOneUpstreamWithoutReplay() {
        let upstream = Driven<Int, NoError>()
        let log = OrderTrace<String>()
        let shared = upstream.signal |> share()
        let a = shared.start(next: { log.append("a \($0)") })
        upstream.send(1)
        let b = shared.start(next: { log.append("b \($0)") })
        upstream.send(2)
        XCTAssertEqual(log.all, ["a 1", "a 2", "b 2"])
        XCTAssertEqual(upstream.starts, 1)
        a.dispose()
        b.dispose()
        XCTAssertEqual(upstream.disposes, 1, "the last subscriber leaving disposes the upstream")
    }

    func testALateSubscriberReceivesTheLastValuesFirstAsTuples() {
        let upstream = Driven<(Int, String), NoError>()
        let log = OrderTrace<String>()
        let shared = upstream.signal |> share(replay: 2)
        let a = shared.start(next: { log.append("a \($0.0)\($0.1)") })
        for (number, letter) in [(1, "x"), (2, "y"), (3, "z")] { upstream.send((number, letter)) }
        let b = shared.start(next: { log.append("b \($0.0)\($0.1)") })
        upstream.send((4, "w"))
        XCTAssertEqual(log.all, ["a 1x", "a 2y", "a 3z", "b 2y", "b 3z", "a 4w", "b 4w"])
        a.dispose()
        b.dispose()
    }

    func testAnErrorReachesEverySubscriberAndTheNextOneStartsAfresh() {
        let upstream = Driven<Int, String>()
        let log = OrderTrace<String>()
        let shared = upstream.signal |> share(replay: 1)
        let a = shared.start(next: { log.append("a \($0)") }, error: { log.append("a error \($0)") })
        let b = shared.start(next: { log.append("b \($0)") }, error: { log.append("b error \($0)") })
        upstream.send(1)
        upstream.fail("boom")
        let c = shared.start(next: { log.append("c \($0)") }, error: { log.append("c error \($0)") })
        XCTAssertEqual(log.all, ["a 1", "b 1", "a error boom", "b error boom"], "c gets nothing of the ended run")
        XCTAssertEqual(upstream.starts, 2, "c started the upstream again")
        upstream.send(2)
        upstream.complete()
        XCTAssertEqual(log.all.suffix(1), ["c 2"])
        [a, b, c].forEach { $0.dispose() }
    }

    func testATakeAfterTheShareStopsTheReplayAtItsCount() {
        let upstream = Driven<Int, NoError>()
        let seen = OrderTrace<Int>()
        let log = OrderTrace<String>()
        let shared = upstream.signal |> share(replay: 3)
        let a = shared.start()
        for value in 1...3 { upstream.send(value) }
        let b = (shared |> beforeNext { seen.append($0) } |> take(1)).start(
            next: { log.append("b \($0)") }, completed: { log.append("b completed") })
        XCTAssertEqual(log.all, ["b 1", "b completed"])
        XCTAssertEqual(seen.all, [1], "the replay stopped once the take had its value")
        upstream.send(4)
        XCTAssertEqual(seen.all, [1], "the ended subscription left")
        a.dispose()
        b.dispose()
        XCTAssertEqual(upstream.disposes, 1)
    }

    func testANegativeReplayCountStopsTheProgramNamingTheCallAndTheCount() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "share(replay: -1)", of: self,
                body: {
                    _ = Signal<Int, NoError>.complete() |> share(replay: -1)
                })
        else { return }
        XCTAssertTrue(outcome.trapped, outcome.output)
        XCTAssertTrue(outcome.output.contains("share(replay:): the replay count must not be negative (got -1)"), outcome.output)
    }
}
