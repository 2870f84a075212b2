import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// A subscriber of the replay tests: logs under its name, may act on a value it receives,
/// and may say its subscription ended.
private final class Member: @unchecked Sendable {
    // Safety: `onNext` is set before the member subscribes; `ended` is under its lock.
    let name: String
    let log: EventLog
    var onNext: ((Int) -> Void)?
    private let endedFlag = LockedState(false)

    init(_ name: String, _ log: EventLog, onNext: ((Int) -> Void)? = nil) {
        self.name = name
        self.log = log
        self.onNext = onNext
    }

    var ended: Bool {
        get { endedFlag.withLock { $0 } }
        set { endedFlag.withLock { $0 = newValue } }
    }

    func receive(_ value: Int) {
        log.add("\(name) \(value)")
        onNext?(value)
    }
}

/// Counts the runs started and disposed; a run's start may send values synchronously.
private final class Upstream: @unchecked Sendable {
    // Safety: the counts are under their lock; `onStart` is set while no other thread
    // starts a run.
    let log: EventLog
    private let counts = LockedState((starts: 0, disposes: 0))
    var onStart: ((Int) -> Void)?

    init(_ log: EventLog) {
        self.log = log
    }

    var starts: Int { counts.withLock { $0.starts } }
    var disposes: Int { counts.withLock { $0.disposes } }
    /// The newest run's generation (each start is the next run).
    var generation: Int { starts }

    func start(_ generation: Int) -> any UpstreamDisposable {
        counts.withLock { $0.starts += 1 }
        log.add("start #\(generation)")
        onStart?(generation)
        return CountingDisposable(
            "run #\(generation)",
            onDispose: { [self] in
                counts.withLock { $0.disposes += 1 }
                log.add("dispose #\(generation)")
            })
    }
}

/// The upstream of run `generation` sends `value`.
private func push(_ value: Int, _ engine: ShareEngine<Member, Int, String>, _ generation: Int) {
    engine.forEachReceiver(recording: value, generation) { $0.receive(value) }
}

final class ShareReplayEngineTests: LeakCheckedTestCase {
    private typealias Engine = ShareEngine<Member, Int, String>

    private func makeEngine(_ upstream: Upstream, replay: Int) -> Engine {
        Engine(
            reuse: .whileConnected, replay: replay, start: { _, generation in upstream.start(generation) },
            sendNext: { member, value in member.receive(value) },
            sendTerminal: { member, terminal in member.log.add("\(member.name) \(terminal)") },
            hasEnded: { $0.ended })
    }

    func testALateSubscriberReceivesTheLastValuesThenTheLiveOnesAfterTheOthers() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 2)
        let a = engine.subscribe(Member("a", log))!
        for value in 1...3 { push(value, engine, upstream.generation) }
        let b = engine.subscribe(Member("b", log))!
        let c = engine.subscribe(Member("c", log))!
        push(4, engine, upstream.generation)
        XCTAssertEqual(
            log.events,
            ["start #1", "a 1", "a 2", "a 3", "b 2", "b 3", "c 2", "c 3", "a 4", "b 4", "c 4"])
        XCTAssertEqual(upstream.starts, 1, "one upstream subscription for every subscriber")
        [a, b, c].forEach { $0.dispose() }
    }

    func testWithoutReplayALateSubscriberReceivesOnlyLaterValues() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 0)
        let a = engine.subscribe(Member("a", log))!
        push(1, engine, upstream.generation)
        let b = engine.subscribe(Member("b", log))!
        push(2, engine, upstream.generation)
        XCTAssertEqual(log.events, ["start #1", "a 1", "a 2", "b 2"])
        a.dispose()
        b.dispose()
    }

    func testAValuePushedFromAnotherThreadDuringTheReplayReachesTheJoinerAfterIt() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 1)
        let a = engine.subscribe(Member("a", log))!
        push(1, engine, upstream.generation)
        let generation = upstream.generation
        let pushedMeanwhile = LockedState(false)
        let b = Member("b", log)
        b.onNext = { value in
            guard value == 1, !pushedMeanwhile.withLock({ $0 }) else { return }
            pushedMeanwhile.withLock { $0 = true }
            // The upstream sends 2 on its own thread while b receives its replay; wait for
            // that delivery to finish.
            let done = DispatchSemaphore(value: 0)
            Thread {
                push(2, engine, generation)
                done.signal()
            }.start()
            done.wait()
        }
        let membership = engine.subscribe(b)!
        push(3, engine, generation)
        XCTAssertEqual(log.events, ["start #1", "a 1", "b 1", "a 2", "b 2", "a 3", "b 3"])
        a.dispose()
        membership.dispose()
    }

    func testConcurrentPushesWhileSubscribersJoinLoseAndDoubleNothing() {
        let rounds = 20 * Stress.scale
        for _ in 0..<rounds {
            let log = EventLog()
            let upstream = Upstream(log)
            let engine = makeEngine(upstream, replay: 3)
            let first = engine.subscribe(Member("first", log))!
            let generation = upstream.generation
            let received = LockedState([String: [Int]]())
            let count = 200
            Stress.run("share replay join/push", threads: 3) { index in
                if index == 0 {
                    for value in 0..<count { push(value, engine, generation) }
                } else {
                    let name = "j\(index)"
                    let member = Member(name, log) { value in received.withLock { $0[name, default: []].append(value) } }
                    _ = engine.subscribe(member)
                }
            }
            for (name, values) in received.withLock({ $0 }) {
                guard let start = values.first else { continue }
                XCTAssertEqual(values, Array(start..<count), "\(name): every value once, in order, after its replay")
            }
            first.dispose()
        }
    }

    func testASubscriberJoiningFromInsideADeliveryGetsItsReplayOnce() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 2)
        nonisolated(unsafe) var joined: ShareMembership?
        let a = engine.subscribe(
            Member("a", log) { value in
                if value == 2 { joined = engine.subscribe(Member("b", log)) }
            })!
        push(1, engine, upstream.generation)
        push(2, engine, upstream.generation)
        push(3, engine, upstream.generation)
        XCTAssertEqual(log.events, ["start #1", "a 1", "a 2", "b 1", "b 2", "a 3", "b 3"])
        a.dispose()
        joined?.dispose()
    }

    func testASubscriptionEndingDuringItsReplayStopsTheReplayAndLeaves() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 3)
        let a = engine.subscribe(Member("a", log))!
        for value in 1...3 { push(value, engine, upstream.generation) }
        let b = Member("b", log)
        b.onNext = { [unowned b] _ in b.ended = true }  // its handle is disposed while it receives 1
        let membership = engine.subscribe(b)!
        push(4, engine, upstream.generation)
        XCTAssertEqual(log.events, ["start #1", "a 1", "a 2", "a 3", "b 1", "a 4"])
        membership.dispose()  // it left already: nothing happens
        a.dispose()
        XCTAssertEqual(upstream.disposes, 1)
    }

    func testAnEndedRunIsForgottenAndTheNextSubscriberRestartsTheUpstream() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 1)
        let a = engine.subscribe(Member("a", log))!
        push(1, engine, upstream.generation)
        engine.finish("completed", upstream.generation)
        let b = engine.subscribe(Member("b", log))!
        push(2, engine, upstream.generation)
        a.dispose()
        b.dispose()
        XCTAssertEqual(
            log.events,
            ["start #1", "a 1", "a completed", "start #2", "b 2", "dispose #2"],
            "no terminal event and no value of run 1 for b")
    }

    func testAJoinerWhoseRunEndsDuringItsReplayGetsTheTerminalEventAfterItsValues() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 2)
        let a = engine.subscribe(Member("a", log))!
        push(1, engine, upstream.generation)
        push(2, engine, upstream.generation)
        let generation = upstream.generation
        let b = Member("b", log)
        b.onNext = { value in
            guard value == 1 else { return }
            let done = DispatchSemaphore(value: 0)
            Thread {
                push(3, engine, generation)
                engine.finish("completed", generation)
                done.signal()
            }.start()
            done.wait()
        }
        let membership = engine.subscribe(b)!
        XCTAssertEqual(
            log.events,
            ["start #1", "a 1", "a 2", "b 1", "a 3", "a completed", "b 2", "b 3", "b completed"])
        a.dispose()
        membership.dispose()
        XCTAssertEqual(upstream.disposes, 0, "an upstream that ended is released, not disposed")
    }

    func testTheLastLeaveDisposesTheUpstreamOnceAndDropsTheBuffer() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 2)
        let a = engine.subscribe(Member("a", log))!
        let b = engine.subscribe(Member("b", log))!
        push(1, engine, upstream.generation)
        a.dispose()
        b.dispose()
        b.dispose()
        a.dispose()
        XCTAssertEqual(upstream.disposes, 1)
        let c = engine.subscribe(Member("c", log))!
        c.dispose()
        XCTAssertEqual(
            log.events, ["start #1", "a 1", "b 1", "dispose #1", "start #2", "dispose #2"],
            "c starts afresh with nothing replayed")
    }

    func testValuesSentDuringTheStartReachTheFirstSubscriberAndAJoinerFromInside() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 1)
        upstream.onStart = { generation in
            push(1, engine, generation)
            push(2, engine, generation)
        }
        nonisolated(unsafe) var joined: ShareMembership?
        let a = engine.subscribe(
            Member("a", log) { value in
                if value == 1 { joined = engine.subscribe(Member("b", log)) }
            })!
        upstream.onStart = nil
        push(3, engine, upstream.generation)
        XCTAssertEqual(log.events, ["start #1", "a 1", "b 1", "a 2", "b 2", "a 3", "b 3"])
        XCTAssertEqual(upstream.starts, 1)
        a.dispose()
        joined?.dispose()
        XCTAssertEqual(upstream.disposes, 1)
    }

    func testConcurrentJoinsLeavesAndPushesStopEveryRun() {
        let log = EventLog()
        let upstream = Upstream(log)
        let engine = makeEngine(upstream, replay: 2)
        let rounds = 50 * Stress.scale
        Stress.run("share replay join/leave/push", threads: 4) { index in
            for round in 0..<rounds {
                if index == 3 {
                    push(round, engine, upstream.starts)
                } else {
                    let membership = engine.subscribe(Member("t\(index)", log))
                    push(round, engine, upstream.starts)
                    membership?.dispose()
                }
            }
        }
        XCTAssertEqual(upstream.starts, upstream.disposes, "every run was stopped")
    }
}
