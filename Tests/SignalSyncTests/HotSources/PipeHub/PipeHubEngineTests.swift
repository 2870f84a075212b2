import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class PipeHubEngineTests: LeakCheckedTestCase {
    func testDeliversInSubscriptionOrderAndStopsAfterRemove() throws {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        let log = EventLog()
        let a = try XCTUnwrap(hub.add { log.add("a \($0)") })
        _ = hub.add { log.add("b \($0)") }
        hub.push(1)
        hub.remove(a)
        hub.push(2)
        XCTAssertEqual(log.events, ["a 1", "b 1", "b 2"])
    }

    /// A hold without an owner keeps the hub alive itself; with one, it keeps the owner
    /// alive (which holds the hub) and not the hub; a membership disposes through the
    /// hub's `removeSpecialized`.
    func testAHoldKeepsItsOwnerOrElseTheHubAlive() throws {
        final class Owner {
            let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        }
        weak var weakHub: PipeHubEngine<Int>?
        weak var weakOwner: Owner?
        var membership: PipeHubMembership<Int>?
        do {
            let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
            weakHub = hub
            let hold = PipeHubHold(hub, keptAliveBy: nil)
            XCTAssertNil(hold.owner)
            membership = hold.join(PipeHubClosureReceiver { _ in })
        }
        XCTAssertNotNil(weakHub, "the membership's hold retains the hub")
        membership?.dispose()
        XCTAssertEqual(weakHub?.state.withLock { $0.entries.count }, 0)
        membership = nil
        XCTAssertNil(weakHub)
        do {
            let owner = Owner()
            weakOwner = owner
            weakHub = owner.hub
            XCTAssertTrue(PipeHubHold(owner.hub, keptAliveBy: owner).owner === owner)
            membership = PipeHubHold(owner.hub, keptAliveBy: owner).join(PipeHubClosureReceiver { _ in })
        }
        XCTAssertNotNil(weakOwner, "the membership's hold retains the owner")
        membership?.dispose()
        XCTAssertEqual(weakHub?.state.withLock { $0.entries.count }, 0)
        membership = nil
        XCTAssertNil(weakOwner)
        XCTAssertNil(weakHub)
    }

    /// Records its release in `log`; held by a subscriber's closure.
    final class Probe: @unchecked Sendable {
        let log: EventLog
        let name: String

        init(_ name: String, _ log: EventLog) {
            self.name = name
            self.log = log
        }

        deinit {
            log.add("released \(name)")
        }
    }

    func testCloseReleasesEverySubscriberBeforeItReturnsAndRefusesLaterOnes() {
        for hub in [PipeHubEngine<Int>(.silent, reentrancy: .queued), PipeHubEngine<Int>(.holding(0), reentrancy: .immediate)] {
            let log = EventLog()
            for name in ["a", "b"] {
                _ = { (probe: Probe) in
                    hub.add { value in withExtendedLifetime(probe) { log.add("\(name) \(value)") } }
                }(Probe(name, log))
            }
            hub.push(1)  // a hub without replay publishes its snapshot here
            log.add("close")
            hub.close()
            log.add("closed")
            let late = { (probe: Probe) in
                hub.add { value in withExtendedLifetime(probe) { log.add("late \(value)") } }
            }(Probe("late", log))
            XCTAssertNil(late, "no key: the hub is closed")
            hub.push(2)
            hub.close()
            let replays = hub.lockFree ? [] : ["a 0", "b 0"]
            XCTAssertEqual(log.events, replays + ["a 1", "b 1", "close", "released a", "released b", "closed", "released late"])
        }
    }

    /// A replayed value whose release reads the hub (here its pending count, under the
    /// hub's lock): `close` releases the value after unlocking, before it returns.
    final class ReadsTheHubWhenReleased: @unchecked Sendable {
        var hub: PipeHubEngine<ReadsTheHubWhenReleased>?
        let log: EventLog

        init(_ log: EventLog) {
            self.log = log
        }

        deinit {
            log.add("released the value, \(hub?.pendingCount ?? -1) pending")
        }
    }

    func testCloseReleasesTheReplayedValueOutsideTheLock() {
        let log = EventLog()
        let hub = { (value: ReadsTheHubWhenReleased) in
            let hub = PipeHubEngine<ReadsTheHubWhenReleased>(.holding(value), reentrancy: .immediate)
            value.hub = hub
            return hub
        }(ReadsTheHubWhenReleased(log))
        log.add("close")
        hub.close()
        log.add("closed")
        XCTAssertEqual(log.events, ["close", "released the value, 0 pending", "closed"])
    }

    func testAReplayedObjectIsSharedByItsReplaysAndReleasedOnceNoneOfThemRunsAfterAPushReplacedIt() {
        let log = EventLog()
        let hub = PipeHubEngine<Probe>(.holding(Probe("one", log)), reentrancy: .immediate)
        XCTAssertTrue(PipeHubEngine<Probe>.Machine.Held.sharesReplay)
        _ = hub.add { log.add("a got \($0.name)") }
        _ = hub.add { value in
            log.add("b got \(value.name)")
            if value.name == "one" {
                hub.push(Probe("two", log))  // replaces the value b is receiving
                log.add("b still has \(value.name)")
            }
        }
        log.add("b added")
        hub.push(Probe("three", log))
        log.add("pushed three")
        XCTAssertEqual(
            log.events,
            [
                "a got one", "b got one", "a got two", "b still has one", "released one", "b got two", "b added",
                "released two", "a got three", "b got three", "pushed three",
            ])
    }

    func testARemovedSubscriberIsReleasedBeforeRemoveReturnsWhenNoPushIsRunning() {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        let log = EventLog()
        let key = { (probe: Probe) in
            hub.add { value in withExtendedLifetime(probe) { log.add("a \(value)") } }!
        }(Probe("a", log))
        hub.push(1)  // publishes the snapshot that pushes read without the lock
        log.add("remove")
        hub.remove(key)
        log.add("removed")
        hub.push(2)
        XCTAssertEqual(log.events, ["a 1", "remove", "released a", "removed"])
    }

    func testASubscriberRemovedDuringAPushIsReleasedWhenThatPushReturns() {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        let log = EventLog()
        let keyOfB = Atomic<Int>(value: -1)
        _ = hub.add { value in
            log.add("a \(value)")
            hub.remove(keyOfB.with { $0 })
            log.add("a removed b")
        }
        keyOfB.swap(
            { (probe: Probe) in
                hub.add { value in withExtendedLifetime(probe) { log.add("b \(value)") } }!
            }(Probe("b", log)))
        hub.push(1)
        log.add("push returned")
        // b was in the snapshot this push read: it may still be called (the subscription
        // drops it once disposed) and is released once the push has returned.
        XCTAssertEqual(log.events, ["a 1", "a removed b", "b 1", "released b", "push returned"])
    }

    func testReentrantPushesAreQueuedInPushOrder() {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        let log = EventLog()
        _ = hub.add { value in
            log.add("a \(value)")
            if value == 1 {
                hub.push(2)
                hub.push(3)
                log.add("a pushed")
            }
        }
        _ = hub.add { log.add("b \($0)") }
        hub.push(1)
        XCTAssertEqual(log.events, ["a 1", "a pushed", "b 1", "a 2", "b 2", "a 3", "b 3"])
    }

    func testQueuedPushSnapshotsTheSubscribersAtItsTurn() {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        let log = EventLog()
        var late: Int?
        _ = hub.add { value in
            if value == 1 {
                hub.push(2)
                late = hub.add { log.add("late \($0)") }
            }
        }
        hub.push(1)
        XCTAssertEqual(log.events, ["late 2"], "subscribed before the queued push's turn")
        XCTAssertNotNil(late)
    }

    func testReplayGivesTheLastValueThenLaterOnes() {
        let hub = PipeHubEngine<Int>(.empty, reentrancy: .queued)
        let log = EventLog()
        _ = hub.add { log.add("early \($0)") }
        XCTAssertEqual(log.events, [], "nothing to replay yet")
        hub.push(1)
        hub.push(2)
        _ = hub.add { log.add("late \($0)") }
        hub.push(3)
        XCTAssertEqual(log.events, ["early 1", "early 2", "late 2", "early 3", "late 3"])
    }

    func testAPushFromAnotherThreadDuringAReplayIsHandedOverAndDeliveredAfterIt() {
        let hub = PipeHubEngine<Int>(.empty, reentrancy: .queued)
        hub.push(0)
        let log = EventLog()
        let pushed = DispatchSemaphore(value: 0)
        _ = hub.add { value in
            if value == 0 {
                Thread {
                    hub.push(1)
                    pushed.signal()
                }.start()
                XCTAssertEqual(pushed.wait(timeout: .now() + 30), .success, "watchdog: the other thread waited for the replay")
            }
            log.add("got \(value)")
        }
        XCTAssertEqual(log.events, ["got 0", "got 1"])
    }

    func testRemovedDuringItsReplayGetsNoHandedOverValue() {
        let hub = PipeHubEngine<Int>(.empty, reentrancy: .queued)
        hub.push(0)
        let log = EventLog()
        var key: Int?
        let pushed = DispatchSemaphore(value: 0)
        key = hub.add { value in
            log.add("got \(value)")
            if value == 0 {
                Thread {
                    hub.push(1)
                    pushed.signal()
                }.start()
                XCTAssertEqual(pushed.wait(timeout: .now() + 30), .success)
                hub.remove(0)
            }
        }
        XCTAssertEqual(key, 0)
        XCTAssertEqual(log.events, ["got 0"])
    }

    func testTheSubscribingThreadLeavesAValueWhosePushStillRunsToThatPush() {
        let hub = PipeHubEngine<Int>(.holding(0), reentrancy: .queued)
        let log = EventLog()
        let inLiveSubscriber = DispatchSemaphore(value: 0)
        let releaseLiveSubscriber = DispatchSemaphore(value: 0)
        let pushed = DispatchSemaphore(value: 0)
        _ = hub.add { value in
            if value == 1 {
                inLiveSubscriber.signal()
                XCTAssertEqual(releaseLiveSubscriber.wait(timeout: .now() + 30), .success, "watchdog")
            }
        }
        _ = hub.add { value in
            if value == 0 {
                Thread {
                    hub.push(1)
                    pushed.signal()
                }.start()
                // The push has left 1 for this subscriber and is busy with the first one.
                XCTAssertEqual(inLiveSubscriber.wait(timeout: .now() + 30), .success, "watchdog")
            }
            log.add("late \(value)")
        }
        log.add("add returned")
        releaseLiveSubscriber.signal()
        XCTAssertEqual(pushed.wait(timeout: .now() + 30), .success, "watchdog")
        XCTAssertEqual(log.events, ["late 0", "add returned", "late 1"], "the push, still running, delivered 1 after the replay")
    }

    func testValuesPushedDuringAReplayAreCoalescedToTheNewest() {
        let hub = PipeHubEngine<Int>(.holding(0), reentrancy: .queued)
        let log = EventLog()
        _ = hub.add { value in
            if value == 0 {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    for value in 1...100 { hub.push(value) }
                    done.signal()
                }.start()
                XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "watchdog")
                XCTAssertEqual(hub.pendingCount, 1, "one slot, whatever the number of pushes")
            }
            log.add("got \(value)")
        }
        XCTAssertEqual(log.events, ["got 0", "got 100"])
        XCTAssertEqual(hub.pendingCount, 0)
    }
}
