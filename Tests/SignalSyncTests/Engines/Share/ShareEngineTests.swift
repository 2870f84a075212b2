import SignalTestSupport
import XCTest

@testable import SignalSync

/// A subscriber of the engine tests: logs what it receives under its name.
private final class Listener: @unchecked Sendable {
    // Safety: immutable; the log is thread-safe.
    let name: String
    let log: EventLog

    init(_ name: String, _ log: EventLog) {
        self.name = name
        self.log = log
    }
}

/// A source the tests drive by hand: it remembers the run it was started for.
private final class FakeSource: @unchecked Sendable {
    // Safety: the tests drive it from one thread, except the concurrency test, which only
    // counts under the lock.
    let log: EventLog
    private let counts = LockedState((starts: 0, disposes: 0))
    private(set) var generation = 0
    /// Held by the source's subscription, as a real one holds its callbacks.
    var captured: AnyObject?

    init(_ log: EventLog) {
        self.log = log
    }

    var starts: Int { counts.withLock { $0.starts } }
    var disposes: Int { counts.withLock { $0.disposes } }

    func start(_ generation: Int) -> any UpstreamDisposable {
        self.generation = generation
        counts.withLock { $0.starts += 1 }
        log.add("source started #\(generation)")
        let captured = captured
        return CountingDisposable(
            "source #\(generation)",
            onDispose: { [self] in
                counts.withLock { $0.disposes += 1 }
                log.add("source disposed #\(generation)")
            },
            // `captured` lives until the subscription is released.
            onRelease: { withExtendedLifetime(captured) {} })
    }
}

final class ShareEngineTests: LeakCheckedTestCase {
    private typealias Engine = ShareEngine<Listener, Int, String>

    private func makeEngine(
        _ source: FakeSource, reuse: Engine.Machine.Reuse = .restart, forget: ((Engine) -> Void)? = nil
    ) -> Engine {
        Engine(
            reuse: reuse, start: { _, generation in source.start(generation) },
            sendTerminal: { listener, terminal in listener.log.add("\(listener.name) \(terminal)") },
            forget: forget)
    }

    private func send(_ value: Int, _ engine: Engine, _ generation: Int) {
        engine.forEachReceiver(generation) { $0.log.add("\($0.name) next \(value)") }
    }

    func testOneSourceRunForEverySubscriberUntilTheLastLeaves() {
        let log = EventLog()
        let source = FakeSource(log)
        let engine = makeEngine(source)
        let a = engine.subscribe(Listener("a", log))!
        let b = engine.subscribe(Listener("b", log))!
        send(1, engine, source.generation)
        a.dispose()
        send(2, engine, source.generation)
        b.dispose()
        b.dispose()
        send(3, engine, source.generation)
        XCTAssertEqual(
            log.events,
            ["source started #1", "a next 1", "b next 1", "b next 2", "source disposed #1"])
        let c = engine.subscribe(Listener("c", log))!
        XCTAssertEqual(log.events.last, "source started #2", "the next subscriber starts a fresh run")
        c.dispose()
    }

    func testTheTerminalEventReachesTheSubscribersAndEveryLaterOne() {
        let log = EventLog()
        let source = FakeSource(log)
        let engine = makeEngine(source)
        let a = engine.subscribe(Listener("a", log))!
        engine.finish("completed", source.generation)
        let late = engine.subscribe(Listener("late", log))
        XCTAssertNotNil(late)
        a.dispose()
        XCTAssertEqual(log.events, ["source started #1", "a completed", "late completed"])
        XCTAssertEqual(source.starts, 1)
    }

    func testAOnceEngineIsForgottenAfterItsTerminalEventOrItsLastSubscriber() {
        let log = EventLog()
        let source = FakeSource(log)
        let finished = makeEngine(source, reuse: .once, forget: { _ in log.add("forget") })
        _ = finished.subscribe(Listener("a", log))
        finished.finish("completed", source.generation)
        XCTAssertNil(finished.subscribe(Listener("b", log)), "closed: the owner takes a new engine")
        let left = makeEngine(source, reuse: .once, forget: { _ in log.add("forget") })
        left.subscribe(Listener("c", log))?.dispose()
        XCTAssertNil(left.subscribe(Listener("d", log)))
        XCTAssertEqual(
            log.events,
            [
                "source started #1", "a completed", "forget", "source started #1", "forget",
                "source disposed #1",
            ])
    }

    func testASubscriberMayJoinAndLeaveFromInsideADelivery() {
        let log = EventLog()
        let source = FakeSource(log)
        let engine = makeEngine(source)
        let a = engine.subscribe(Listener("a", log))!
        var joined: (any UpstreamDisposable)?
        engine.forEachReceiver(source.generation) { _ in
            joined = engine.subscribe(Listener("b", log))
            a.dispose()
        }
        send(1, engine, source.generation)
        joined?.dispose()
        XCTAssertEqual(log.events, ["source started #1", "b next 1", "source disposed #1"])
    }

    func testTheLastLeaveReleasesTheSourceSubscriptionAndWhatItHolds() {
        let log = EventLog()
        let source = FakeSource(log)
        let engine = makeEngine(source)
        weak var held: EventLog?
        do {
            let object = EventLog()
            held = object
            source.captured = object
            let membership = engine.subscribe(Listener("a", log))!
            source.captured = nil
            membership.dispose()
        }
        XCTAssertNil(held, "the engine keeps nothing of a stopped run")
    }

    func testConcurrentJoinsAndLeavesKeepAtMostOneRunAndStopEveryRun() {
        let log = EventLog()
        let source = FakeSource(log)
        let engine = makeEngine(source)
        let rounds = 100 * Stress.scale
        Stress.run("share join/leave", threads: 4) { index in
            for _ in 0..<rounds {
                engine.subscribe(Listener("t\(index)", log))?.dispose()
            }
        }
        XCTAssertEqual(source.starts, source.disposes, "every run was stopped")
        XCTAssertGreaterThan(source.starts, 0)
    }
}
