import SignalTestSupport
import XCTest

@testable import SignalSync

final class ThrottleEngineTests: LeakCheckedTestCase {
    private func makeEngine(_ clock: VirtualClock, _ log: EventLog, interval: Double = 1, latest: Bool = true)
        -> ThrottleEngine<Int, String>
    {
        ThrottleEngine(
            interval: interval, latest: latest, queue: clock.makeQueue(), emit: { log.add("next \($0) at \(clock.now)") },
            fail: { log.add("error \($0) at \(clock.now)") }, complete: { log.add("completed at \(clock.now)") })
    }

    /// a (0 s), b (0.3 s), c (0.6 s), d (2 s), completion (2.5 s).
    private func play(_ engine: ThrottleEngine<Int, String>, _ clock: VirtualClock) {
        engine.next(1)
        clock.advance(by: 0.3)
        engine.next(2)
        clock.advance(by: 0.3)
        engine.next(3)
        clock.advance(by: 1.4)
        engine.next(4)
        clock.advance(by: 0.5)
        engine.completed()
    }

    func testLatestEmitsTheLastHeldValueAtTheIntervalsEnd() {
        let clock = VirtualClock()
        let log = EventLog()
        play(makeEngine(clock, log, latest: true), clock)
        XCTAssertEqual(log.events, ["next 1 at 0.0", "next 3 at 1.0", "next 4 at 2.0", "completed at 2.5"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testFirstEmitsTheFirstHeldValueAtTheIntervalsEnd() {
        let clock = VirtualClock()
        let log = EventLog()
        play(makeEngine(clock, log, latest: false), clock)
        XCTAssertEqual(log.events, ["next 1 at 0.0", "next 2 at 1.0", "next 4 at 2.0", "completed at 2.5"])
    }

    func testCompletionEmitsTheHeldValueAtOnceAndStopsTheTimer() {
        let clock = VirtualClock()
        let log = EventLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        engine.next(2)
        clock.advance(by: 0.5)
        engine.completed()
        XCTAssertEqual(log.events, ["next 1 at 0.0", "next 2 at 0.5", "completed at 0.5"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testAnErrorDropsTheHeldValueAndIsForwardedAtOnce() {
        let clock = VirtualClock()
        let log = EventLog()
        let engine = makeEngine(clock, log)
        engine.next(1)
        engine.next(2)
        engine.failed("e")
        XCTAssertEqual(clock.pendingCount, 0)
        clock.advance(by: 5)
        XCTAssertEqual(log.events, ["next 1 at 0.0", "error e at 0.0"])
    }

    func testDisposalStopsTheTimerReleasesTheHeldValueAndDisposesTheSource() {
        let clock = VirtualClock()
        let log = EventLog()
        weak var weakHeld: EventLog?
        do {
            let held = EventLog()
            weakHeld = held
            let engine = ThrottleEngine<EventLog, Never>(
                interval: 1, latest: true, queue: clock.makeQueue(), emit: { _ in log.add("next") }, fail: { _ in },
                complete: {})
            engine.attach(CountingDisposable("source", log: log))
            engine.next(EventLog())
            engine.next(held)
            engine.dispose()
            engine.dispose()
            XCTAssertEqual(clock.pendingCount, 0)
            engine.next(EventLog())
            engine.completed()
            clock.advance(by: 5)
            XCTAssertEqual(log.events, ["next", "source.dispose", "source released"])
        }
        XCTAssertNil(weakHeld, "the held value is released by the disposal")
    }

    /// A value that downstream pushes back while a value is emitted is held: the interval
    /// opened before the emission.
    func testAValuePushedBackFromDownstreamIsHeld() {
        let clock = VirtualClock()
        let log = EventLog()
        let box = Atomic<ThrottleEngine<Int, String>?>(value: nil)
        _ = box.swap(
            ThrottleEngine(
                interval: 1, latest: true, queue: clock.makeQueue(),
                emit: { value in
                    log.add("next \(value) at \(clock.now)")
                    if value == 1 { box.with { $0 }?.next(2) }
                }, fail: { _ in }, complete: { log.add("completed") }))
        box.with { $0 }?.next(1)
        clock.advance(by: 1)
        box.with { $0 }?.completed()
        XCTAssertEqual(log.events, ["next 1 at 0.0", "next 2 at 1.0", "completed"])
        _ = box.swap(nil)
    }

    /// A disposal from other threads while values arrive: no timer stays armed and nothing
    /// goes downstream after the disposal returned.
    func testDisposalRacingValuesLeavesNoTimerArmed() {
        for _ in 0..<50 {
            let queue = ExecutionQueue(label: "throttle-race")
            let afterDisposal = TestAtomic<Bool>(false)
            let late = TestAtomic<Int>(0)
            let engine = ThrottleEngine<Int, String>(
                interval: 0.001, latest: true, queue: queue,
                emit: { _ in if afterDisposal.load(ordering: .sequentiallyConsistent) { late.add(1, ordering: .relaxed) } },
                fail: { _ in }, complete: {})
            Stress.run("throttle race", threads: 2) { thread in
                if thread == 0 {
                    for value in 0..<200 { queue.sync { engine.next(value) } }
                } else {
                    engine.dispose()
                }
            }
            queue.sync { afterDisposal.store(true, ordering: .sequentiallyConsistent) }
            queue.sync {}
            XCTAssertFalse(engine.timer.isArmed, "the timer is stopped")
            XCTAssertEqual(late.load(ordering: .relaxed), 0)
        }
    }

    /// On a concurrent queue the interval's ends fire on other threads while the source's
    /// events arrive (serially, from one thread): no value is emitted twice or invented,
    /// the last value is never lost (`latest`), the completion comes once, and the timer
    /// is stopped at the end.
    func testIntervalEndsOverlappingValuesOnAConcurrentQueue() {
        for round in 0..<20 {
            let log = EventLog()
            let completions = TestAtomic<Int>(0)
            let done = DispatchSemaphore(value: 0)
            let engine = ThrottleEngine<Int, Never>(
                interval: 0.0001, latest: true, queue: .concurrentDefault, emit: { log.add("\($0)") }, fail: { _ in },
                complete: {
                    completions.add(1, ordering: .relaxed)
                    done.signal()
                })
            let count = 500
            for value in 0..<count {
                engine.next(value)
                if value % 50 == 0 {
                    usleep(200)  // let intervals end amid the values
                }
            }
            engine.completed()
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "round \(round): the completion came")
            let emitted = log.events.compactMap { Int($0) }
            XCTAssertEqual(Set(emitted).count, emitted.count, "round \(round): no value emitted twice")
            XCTAssertTrue(emitted.allSatisfy { (0..<count).contains($0) }, "round \(round): only values sent")
            XCTAssertTrue(emitted.contains(0), "round \(round): the first value goes out at once")
            XCTAssertTrue(emitted.contains(count - 1), "round \(round): the last value is not lost")
            XCTAssertEqual(completions.load(ordering: .relaxed), 1)
            XCTAssertFalse(engine.timer.isArmed, "round \(round): the timer is stopped")
        }
    }
}
