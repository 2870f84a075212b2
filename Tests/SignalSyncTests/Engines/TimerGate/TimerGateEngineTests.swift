import SignalTestSupport
import XCTest

@testable import SignalSync

final class TimerGateEngineTests: LeakCheckedTestCase {
    /// A gate whose final timer begins an "alternate" subscription, logged in `log`.
    private func alternateGate(_ log: EventLog) -> TimerGateEngine {
        TimerGateEngine(action: {
            log.add("alternate started")
            return CountingDisposable("alternate", log: log)
        })
    }

    func testFinalTimerBeginsTheActionOnceAndDisposalDisposesIt() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = TimerGateEngine(action: {
            log.add("started")
            return CountingDisposable("action", log: log)
        })
        gate.armFinal(after: 2, on: clock.makeQueue())
        clock.advance(by: 1.9)
        XCTAssertEqual(log.events, [])
        clock.advance(by: 0.1)
        XCTAssertEqual(log.events, ["started"])
        gate.dispose()
        gate.dispose()
        XCTAssertEqual(log.events, ["started", "action.dispose", "action released"])
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
                return CountingDisposable("action", log: log)
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
        let first = TimerGateEngine(action: { CountingDisposable("alternate", log: log) })
        first.armFinal(after: 1, on: clock.makeQueue())
        XCTAssertTrue(first.disarm())
        clock.advance(by: 2)
        XCTAssertEqual(log.events, [])
        XCTAssertTrue(first.disarm(), "not fired: events of the first subscription still pass")

        let second = TimerGateEngine(action: { CountingDisposable("alternate", log: log) })
        second.armFinal(after: 1, on: clock.makeQueue())
        clock.advance(by: 1)
        XCTAssertFalse(second.disarm(), "fired: the action was taken")
        second.dispose()
        XCTAssertEqual(log.events, ["alternate.dispose", "alternate released"])
        first.dispose()
    }

    func testTheActionReplacesTheSubscriptionAfterItStarted() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.begin { CountingDisposable("source", log: log) }
        gate.armFinal(after: 1, on: clock.makeQueue())
        clock.advance(by: 1)
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "source.dispose", "source released", "alternate.dispose", "alternate released"])
    }

    func testASubscriptionReplacedWhileStartingIsDisposedWhenItsStartReturns() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.armFinal(after: 0, on: clock.makeQueue())
        gate.begin {
            clock.advance(by: 0)  // the timer fires while the source is still starting
            return CountingDisposable("source", log: log)
        }
        XCTAssertEqual(log.events, ["alternate started", "source.dispose", "source released"])
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "source.dispose", "source released", "alternate.dispose", "alternate released"])
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
            return CountingDisposable("source", log: log)
        }
        XCTAssertEqual(log.events, ["alternate started"])
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "alternate.dispose", "alternate released"])
    }

    func testTheReplaceableSourceBegunFirstIsReplacedByTheAlternate() {
        let clock = VirtualClock()
        let log = EventLog()
        let gate = alternateGate(log)
        gate.armFinal(after: 1, on: clock.makeQueue())
        gate.beginReplaceable { CountingDisposable("source", log: log) }
        clock.advance(by: 1)
        gate.dispose()
        XCTAssertEqual(log.events, ["alternate started", "source.dispose", "source released", "alternate.dispose", "alternate released"])
    }

    func testArmingStopsTheTimerItReplaces() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let log = EventLog()
        let gate = TimerGateEngine(action: { CountingDisposable("action", log: log) })
        gate.arm(ExecutionTimer(timeout: 1, repeats: true, queue: queue)) {
            log.add("tick")
            gate.armFinal(after: 5, on: queue)
        }
        clock.advance(by: 3)
        XCTAssertEqual(log.events, ["tick"])
        clock.advance(by: 3)
        gate.dispose()
        XCTAssertEqual(log.events, ["tick", "action.dispose", "action released"])
    }

    func testDelayArmsAtSubscriptionOrFromAHopOntoTheQueue() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let atSubscription = TimerGateEngine(action: { CountingDisposable("a") })
        atSubscription.delay(after: 2, on: queue, arming: .atSubscription)
        XCTAssertEqual(clock.nextDeadline, 2)
        atSubscription.dispose()
        XCTAssertNil(clock.nextDeadline)

        let afterHop = TimerGateEngine(action: { CountingDisposable("b") })
        afterHop.delay(after: 2, on: queue, arming: .afterHopToQueue)
        XCTAssertEqual(clock.nextDeadline, 0, "the hop comes first; the timer is armed from it")
        clock.advance(by: 0)
        XCTAssertEqual(clock.nextDeadline, 2)
        afterHop.dispose()
        XCTAssertNil(clock.nextDeadline)
    }
}
