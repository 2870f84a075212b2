import SignalTestSupport
import XCTest

@testable import SignalSync

/// A disposable that records its disposal in a shared log, for the engine tests.
final class RecordingDisposable: UpstreamDisposable, @unchecked Sendable {
    // Safety: the tests use it from one thread at a time.
    private let name: String
    private let log: EventLog

    init(_ name: String, _ log: EventLog) {
        self.name = name
        self.log = log
    }

    func dispose() {
        log.add("\(name) disposed")
    }
}

final class TimerGateEngineTests: LeakCheckedTestCase {
    /// A gate whose final timer begins an "alternate" subscription, logged in `log`.
    private func alternateGate(_ log: EventLog) -> TimerGateEngine {
        TimerGateEngine(action: {
            log.add("alternate started")
            return RecordingDisposable("alternate", log)
        })
    }

    func testFinalTimerBeginsTheActionOnceAndDisposalDisposesIt() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = TimerGateEngine(action: {
            log.add("started")
            return RecordingDisposable("action", log)
        })
        gate.armFinal(after: 2, on: clock.makeQueue())
        clock.advance(by: 1.9)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.1)
        XCTAssertEqual(log.events, ["started"])
        gate.dispose()
        gate.dispose()
        XCTAssertEqual(log.events, ["started", "action disposed"])
    }

    func testDisposalBeforeTheFireStopsTheTimerAndReleasesTheAction() {
        let clock = VirtualClock()
        let log = EventLog()
        weak var captured: EventLog?
        do {
            let held = EventLog()
            captured = held
            let gate = TimerGateEngine(action: {
                held.add("started")
                return RecordingDisposable("action", log)
            })
            gate.armFinal(after: 1, on: clock.makeQueue())
            gate.dispose()
        }
        clock.advance(by: 5)
        XCTAssertEqual(clock.pendingCount, 0)
        XCTAssertNil(captured)
        XCTAssertEqual(log.events, [])
    }

    func testDisarmStopsTheTimerAndReportsWhetherTheActionIsStillPending() {
        let clock = VirtualClock()
        let log = EventLog()
        let first = TimerGateEngine(action: { RecordingDisposable("alternate", log) })
        first.armFinal(after: 1, on: clock.makeQueue())
        XCTAssertTrue(first.disarm())
        clock.advance(by: 2)
        XCTAssertEqual(log.events, [])
        XCTAssertTrue(first.disarm(), "not fired: events of the first subscription still pass")

        let second = TimerGateEngine(action: { RecordingDisposable("alternate", log) })
        second.armFinal(after: 1, on: clock.makeQueue())
        clock.advance(by: 1)
        XCTAssertFalse(second.disarm(), "fired: the action was taken")
        second.dispose()
        XCTAssertEqual(log.events, ["alternate disposed"])
        first.dispose()
    }

    func testTheActionReplacesTheSubscriptionAfterItStarted() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.begin { RecordingDisposable("source", log) }
        gate.armFinal(after: 1, on: clock.makeQueue())
        clock.advance(by: 1)
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "source disposed", "alternate disposed"])
    }

    func testASubscriptionReplacedWhileStartingIsDisposedWhenItsStartReturns() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.armFinal(after: 0, on: clock.makeQueue())
        gate.begin {
            clock.advance(by: 0)  // the timer fires while the source is still starting
            return RecordingDisposable("source", log)
        }
        XCTAssertEqual(log.events, ["alternate started", "source disposed"])
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "source disposed", "alternate disposed"])
    }

    func testATimerThatFiresBeforeTheSourceBeginsKeepsTheAlternate() {
        // The untyped `timeout` arms its timer before it subscribes its source (as the
        // original does); on a loaded machine the timer can fire first. The alternate it
        // began must stay: the source is not subscribed (it would replace the alternate,
        // and the timeout would never end).
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.armFinal(after: 0, on: clock.makeQueue())
        clock.advance(by: 0)
        gate.beginReplaceable {
            log.add("source started")
            return RecordingDisposable("source", log)
        }
        XCTAssertEqual(log.events, ["alternate started"])
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "alternate disposed"])
    }

    func testTheReplaceableSourceBegunFirstIsReplacedByTheAlternate() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.armFinal(after: 1, on: clock.makeQueue())
        gate.beginReplaceable { RecordingDisposable("source", log) }
        clock.advance(by: 1)
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "source disposed", "alternate disposed"])
    }

    func testArmingStopsTheTimerItReplaces() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let gate = TimerGateEngine(action: { RecordingDisposable("action", log) })
        gate.arm(ExecutionTimer(timeout: 1, repeats: true, queue: queue)) {
            log.add("tick")
            gate.armFinal(after: 5, on: queue)
        }
        clock.advance(by: 3)
        XCTAssertEqual(log.events, ["tick"])
        clock.advance(by: 3)
        gate.dispose()
        XCTAssertEqual(log.events, ["tick", "action disposed"])
    }

    func testDelayArmsAtSubscriptionOrFromAHopOntoTheQueue() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let atSubscription = TimerGateEngine(action: { RecordingDisposable("a", EventLog()) })
        atSubscription.delay(after: 2, on: queue, arming: .atSubscription)
        XCTAssertEqual(clock.nextDeadline, 2)
        atSubscription.dispose()
        XCTAssertNil(clock.nextDeadline)

        let afterHop = TimerGateEngine(action: { RecordingDisposable("b", EventLog()) })
        afterHop.delay(after: 2, on: queue, arming: .afterHopToQueue)
        XCTAssertEqual(clock.nextDeadline, 0, "the hop comes first; the timer is armed from it")
        clock.advance(by: 0)
        XCTAssertEqual(clock.nextDeadline, 2)
        afterHop.dispose()
        XCTAssertNil(clock.nextDeadline)
    }
}
