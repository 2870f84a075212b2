import SignalTestSupport
import XCTest

@testable import SignalSync

/// `PinnedSubscriber`: a hot source's hold on a subscription. Values reach `next` until
/// the subscription ends; the callbacks are released when both the subscription has ended
/// and the pin is gone, whichever comes last, and the owner goes after the pin. Release
/// orders are observed with deinit probes; run these in release too.
final class PinnedSubscriberTests: LeakCheckedTestCase {
    /// Stands for a face's subscriber: owns the core, ends the subscription when it goes.
    private final class Owner {
        let core: Unmanaged<SubscriptionCore<Int, String, SwiftSignalKitRules>>
        let log: EventLog
        init(_ core: SubscriptionCore<Int, String, SwiftSignalKitRules>, _ log: EventLog) {
            self.core = Unmanaged.passRetained(core)
            self.log = log
        }
        deinit {
            log.add("owner released")
            core._withUnsafeGuaranteedRef { $0.subscriberReleasedItsReference() }
        }
    }

    func testValuesReachNextUntilTheSubscriptionEnds() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log)
        var pinned: PinnedSubscriber? = PinnedSubscriber(Unmanaged.passUnretained(core), owner: Owner(core, log))
        pinned?.deliver(1)
        core.dispose()
        pinned?.deliver(2)
        XCTAssertEqual(log.events, ["next 1"])
        pinned = nil
        XCTAssertEqual(log.events, ["next 1", "owner released"])
    }

    func testAnEndWhilePinnedLeavesTheCallbacksToTheUnpin() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log, probes: true)
        var pinned: PinnedSubscriber? = PinnedSubscriber(Unmanaged.passUnretained(core), owner: Owner(core, log))
        core.dispose()
        XCTAssertEqual(log.events, [], "the pin keeps the callbacks")
        withExtendedLifetime(pinned) {}
        pinned = nil
        XCTAssertEqual(log.events, ["next released", "error released", "completed released", "owner released"])
    }

    func testADisposalFromInsideNextReleasesTheCallbacksWhenThePinGoes() {
        let log = EventLog()
        var handle: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        let core = SubscriptionCore<Int, String, SwiftSignalKitRules>(
            next: { [probe = Probe("next", log)] value in
                handle?.dispose()
                withExtendedLifetime(probe) { log.add("next \(value) returns") }
            }, error: nil, completed: nil)
        handle = core
        var pinned: PinnedSubscriber? = PinnedSubscriber(Unmanaged.passUnretained(core), owner: Owner(core, log))
        pinned?.deliver(1)
        pinned?.deliver(2)
        XCTAssertEqual(log.events, ["next 1 returns"])
        pinned = nil
        XCTAssertEqual(log.events, ["next 1 returns", "next released", "owner released"])
        handle = nil
    }

    func testAPinGoneBeforeTheEndLeavesTheCallbacksToTheEnd() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log, probes: true)
        let owner = Owner(core, log)
        var pinned: PinnedSubscriber? = PinnedSubscriber(Unmanaged.passUnretained(core), owner: owner)
        pinned = nil
        XCTAssertEqual(log.events, [])
        withExtendedLifetime(pinned) {}
        core.dispose()
        XCTAssertEqual(log.events, ["next released", "error released", "completed released"])
        withExtendedLifetime(owner) {}
    }

    func testAPinTakenAfterTheEndDeliversNothingAndReleasesNothingTwice() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log, probes: true)
        core.putCompletion()
        log.clear()
        var pinned: PinnedSubscriber? = PinnedSubscriber(Unmanaged.passUnretained(core), owner: Owner(core, log))
        pinned?.deliver(1)
        pinned = nil
        XCTAssertEqual(log.events, ["owner released"])
    }

    /// A pin that is the subscription's subscriber (`init(owning:)`, how `start` joins a
    /// hub): letting go of it ends the subscription as a subscriber going away does, while
    /// the handle lives; the handle's disposal then has nothing left to release.
    func testAnOwningPinGoneEndsTheSubscriptionAsItsSubscriberWould() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log, probes: true)
        var pinned: PinnedSubscriber? = PinnedSubscriber(owning: Unmanaged.passRetained(core))
        pinned?.deliver(1)
        XCTAssertEqual(log.events, ["next 1"])
        pinned = nil
        XCTAssertEqual(log.events, ["next 1", "next released", "error released", "completed released"])
        XCTAssertTrue(core.hasEnded)
        core.dispose()
        XCTAssertEqual(log.events.count, 4, "nothing released twice")
        withExtendedLifetime(pinned) {}
    }

    /// The handle disposed while an owning pin holds the subscription: no value after the
    /// disposal, and the callbacks go with the pin.
    func testAnOwningPinKeepsTheCallbacksOfADisposedSubscriptionUntilItGoes() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log, probes: true)
        var pinned: PinnedSubscriber? = PinnedSubscriber(owning: Unmanaged.passRetained(core))
        core.dispose()
        pinned?.deliver(1)
        XCTAssertEqual(log.events, [], "the pin keeps the callbacks, and no value reaches next")
        pinned = nil
        XCTAssertEqual(log.events, ["next released", "error released", "completed released"])
        withExtendedLifetime(pinned) {}
    }

    /// Two threads push through one pin while a third disposes the subscription: no value
    /// starts after the disposal returned, and the callbacks are released exactly once, when
    /// the pin goes. (Run under ThreadSanitizer too.)
    func testConcurrentPushesAndADisposal() {
        for _ in 0..<200 {
            let log = EventLog()
            let lateValues = LateValues()
            let core = lateValues.core(log)
            var pinned: PinnedSubscriber? = PinnedSubscriber(Unmanaged.passUnretained(core), owner: Owner(core, log))
            do {
                let target = pinned!
                DispatchQueue.concurrentPerform(iterations: 3) { index in
                    if index == 2 {
                        core.dispose()
                        lateValues.markDisposed()
                    } else {
                        for value in 0..<100 { target.deliver(value) }
                    }
                }
            }
            XCTAssertEqual(log.events, [])
            pinned = nil
            XCTAssertEqual(log.events, ["next released", "owner released"])
            // A value that had started before the disposal may still finish after it; none
            // can start once the disposal set the end (each thread sees it within its next
            // load), so at most one late value per pushing thread.
            XCTAssertLessThanOrEqual(lateValues.count, 2)
        }
    }
}
