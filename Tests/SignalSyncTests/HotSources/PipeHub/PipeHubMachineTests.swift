import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone, with no thread: subscribers are strings, so each action reads as
/// what the storage will do.
final class PipeHubMachineTests: LeakCheckedTestCase {
    private typealias Machine = PipeHubMachine<Int, String>

    private func added(_ action: Machine.AddAction) -> Int? {
        if case .added(let key) = action { return key }
        return nil
    }

    /// The value a new subscriber replays first, when `add` made it owned (read with the
    /// action, as the storage does).
    private func replayed(_ add: (inout Machine) -> Machine.AddAction, on machine: inout Machine) -> Int? {
        guard case .replay = add(&machine) else { return nil }
        return machine.replayed
    }

    /// The targets, the replaced value, the sequence to report (nil for a plain delivery)
    /// and the dropped values of a push.
    private func parts(_ action: Machine.PushAction) -> (targets: [String], replaced: Int?, sequence: Int?, dropped: [Int]) {
        switch action {
        case .deliver(let targets, let replaced):
            return (targets, replaced.value, nil, [])
        case .deliverThenEnd(let sequence, let targets, let replaced, let dropped):
            return (targets, replaced.value, sequence, dropped.map(\.value))
        }
    }

    private func handovers(_ action: Machine.PushEndedAction) -> [String] {
        guard case .deliver(let list) = action else { return [] }
        return list.map { "\($0.subscriber) \($0.value.value)" }
    }

    private func owned(_ action: Machine.OwnerAction) -> String? {
        guard case .deliver(let subscriber, let pending) = action else { return nil }
        return "\(subscriber) \(pending.value)"
    }

    func testSilentHubDeliversToEverySubscriberInOrderAndReplaysNothing() {
        var machine = Machine(.silent)
        XCTAssertEqual(parts(machine.push(0)).targets, [])
        XCTAssertEqual(added(machine.add("a")), 0)
        XCTAssertEqual(added(machine.add("b")), 1)
        let push = parts(machine.push(1))
        XCTAssertEqual(push.targets, ["a", "b"])
        XCTAssertNil(push.replaced)
        XCTAssertNil(push.sequence, "nothing handed over: no second lock section")
        guard case .removed("a", dropped: nil) = machine.remove(0) else { return XCTFail("a removed") }
        guard case .unknown = machine.remove(0) else { return XCTFail("removed once") }
        XCTAssertEqual(parts(machine.push(2)).targets, ["b"])
    }

    func testCloseTakesEverySubscriberWithItsPendingValueAndRefusesLaterOnes() {
        var machine = Machine(.holding(1))
        XCTAssertEqual(replayed({ $0.add("a") }, on: &machine), 1)
        XCTAssertEqual(parts(machine.push(2)).sequence, 1, "a is owned: 2 waits in its slot")
        guard case .release(let taken, let held) = machine.close() else { return XCTFail("closed") }
        var left: [String] = []
        taken.forEach { _, entry in
            if case .owned(pending: let pending?) = entry.delivery {
                left.append("\(entry.subscriber) \(pending.value.value)")
            }
        }
        XCTAssertEqual(left, ["a 2"], "the storage releases both outside the lock")
        XCTAssertEqual(held.value, 2, "and the value that was replayed")
        XCTAssertNil(machine.replayed)
        guard case .refused = machine.add("b") else { return XCTFail("refused once closed") }
        guard case .unknown = machine.remove(0) else { return XCTFail("a was taken out") }
        XCTAssertEqual(parts(machine.push(3)).targets, [], "reaches nobody")
        XCTAssertNil(parts(machine.push(4)).replaced, "a closed hub replays nothing")
        guard case .alreadyClosed = machine.close() else { return XCTFail("closed once") }
        XCTAssertEqual(machine.pendingCount, 0)
    }

    func testReplayingHubRecordsEachPushAndReturnsTheValueItReplaced() {
        var machine = Machine(.empty)
        XCTAssertEqual(added(machine.add("early")), 0, "nothing to replay yet: live at once")
        XCTAssertNil(parts(machine.push(1)).replaced)
        XCTAssertEqual(parts(machine.push(2)).replaced, 1, "released by the storage before delivering")
        XCTAssertEqual(replayed({ $0.add("late") }, on: &machine), 2)
    }

    func testAPushDuringAReplayLeavesItsValueAndTheOwnerDeliversItOnceThatPushEnded() {
        var machine = Machine(.holding(0))
        _ = machine.add("a")
        let push = parts(machine.push(1))
        XCTAssertEqual(push.targets, [], "a is receiving its replay: nobody else may call it")
        XCTAssertEqual(push.sequence, 1)
        XCTAssertEqual(machine.pendingCount, 1)
        XCTAssertEqual(handovers(machine.pushEnded(1)), [], "a's owner is still delivering the replay")
        XCTAssertEqual(owned(machine.ownerFinished(0)), "a 1", "the push ended: the owner delivers its value")
        guard case .released = machine.ownerFinished(0) else { return XCTFail("nothing more pending: a is live") }
        XCTAssertEqual(parts(machine.push(2)).targets, ["a"])
        XCTAssertEqual(machine.pendingCount, 0)
    }

    func testTheOwnerLetsGoWhenThePendingValuesPushStillRunsAndThatPushTakesOver() {
        var machine = Machine(.holding(0))
        _ = machine.add("a")
        _ = machine.push(1)
        guard case .released = machine.ownerFinished(0) else { return XCTFail("the subscribing thread returns at once") }
        XCTAssertEqual(parts(machine.push(2)).targets, [], "a is still not live: push 2 replaces the pending 1")
        XCTAssertEqual(handovers(machine.pushEnded(1)), [], "push 1's value was replaced: push 2 is responsible")
        XCTAssertEqual(handovers(machine.pushEnded(2)), ["a 2"])
        guard case .released = machine.ownerFinished(0) else { return XCTFail("a is live") }
        XCTAssertEqual(parts(machine.push(3)).targets, ["a"])
    }

    func testPendingValuesAreCoalescedToTheNewestOneSlotPerSubscriber() {
        var machine = Machine(.holding(0))
        _ = machine.add("a")
        _ = machine.add("b")
        var dropped: [Int] = []
        for value in 1...100 {
            dropped += parts(machine.push(value)).dropped
            XCTAssertLessThanOrEqual(machine.pendingCount, 2)
        }
        XCTAssertEqual(dropped.count, 2 * 99, "every value but the newest is released, outside the lock")
        for sequence in 1...99 {
            XCTAssertEqual(handovers(machine.pushEnded(sequence)), [])
        }
        XCTAssertEqual(handovers(machine.pushEnded(100)), [], "both still owned by their subscribing threads")
        XCTAssertEqual(owned(machine.ownerFinished(0)), "a 100")
        XCTAssertEqual(owned(machine.ownerFinished(1)), "b 100")
    }

    func testARemovedSubscriberDropsItsPendingValueAndReleasesItsOwner() {
        var machine = Machine(.holding(0))
        _ = machine.add("a")
        _ = machine.push(1)
        guard case .removed("a", dropped: let dropped?) = machine.remove(0), dropped.value == 1 else {
            return XCTFail("the pending value goes with it")
        }
        guard case .released = machine.ownerFinished(0) else { return XCTFail("nothing to deliver to a removed subscriber") }
        XCTAssertEqual(handovers(machine.pushEnded(1)), [])
        XCTAssertEqual(machine.pendingCount, 0)
    }

    func testAReplaySubscriberAddedWhileAnotherIsOwnedGetsItsOwnTurn() {
        var machine = Machine(.holding(0))
        _ = machine.add("a")
        _ = machine.push(1)
        XCTAssertEqual(replayed({ $0.add("b") }, on: &machine), 1, "b replays the newest value")
        XCTAssertEqual(parts(machine.push(2)).targets, [], "both are receiving their replay")
        XCTAssertEqual(handovers(machine.pushEnded(2)), [])
        XCTAssertEqual(owned(machine.ownerFinished(1)), "b 2")
        XCTAssertEqual(owned(machine.ownerFinished(0)), "a 2")
    }

    func testSubscribersLeavingInRandomOrderKeepTheOthersInSubscriptionOrder() {
        var random = SeededRandom(seed: 41)
        var machine = Machine(.silent)
        var model: [(key: Int, name: String)] = (0..<400).map { number in
            let name = "s\(number)"
            return (added(machine.add(name))!, name)
        }
        XCTAssertEqual(machine.subscribers, model.map(\.name))
        for step in 0..<380 {
            let index = random.below(model.count)
            guard case .removed(let removed, dropped: nil) = machine.remove(model[index].key) else {
                return XCTFail("removed")
            }
            XCTAssertEqual(removed, model[index].name)
            model.remove(at: index)
            if step % 17 == 0 {
                XCTAssertEqual(parts(machine.push(step)).targets, model.map(\.name), "subscription order")
                let key = added(machine.add("late\(step)"))!
                XCTAssertGreaterThan(key, 399, "keys are never reused")
                model.append((key, "late\(step)"))
                XCTAssertEqual(machine.subscribers, model.map(\.name), "an add extends the snapshot in order")
            }
        }
        XCTAssertEqual(parts(machine.push(0)).targets, model.map(\.name))
    }

    func testAnOwnedSubscriberAmongRemovalsIsHandedOverByItsKey() {
        var machine = Machine(.empty)
        _ = machine.push(0)
        var keys: [Int] = []
        for name in ["a", "b", "c", "d"] {
            guard case .replay(let key) = machine.add(name), machine.replayed == 0 else { return XCTFail("replays 0") }
            keys.append(key)
        }
        XCTAssertEqual(machine.ownerFinished(keys[0]).isReleased, true)
        _ = machine.remove(keys[1])
        let push = parts(machine.push(1))
        XCTAssertEqual(push.targets, ["a"], "only a is live")
        XCTAssertEqual(push.dropped, [])
        _ = machine.remove(keys[2])
        XCTAssertEqual(machine.pendingCount, 1, "d's slot")
        XCTAssertEqual(owned(machine.ownerFinished(keys[3])), nil, "the push still runs: it takes d over")
        XCTAssertEqual(handovers(machine.pushEnded(push.sequence!)), ["d 1"])
        XCTAssertEqual(machine.ownerFinished(keys[3]).isReleased, true)
        XCTAssertEqual(parts(machine.push(2)).targets, ["a", "d"])
        XCTAssertNil(parts(machine.push(3)).sequence, "every subscriber live again")
    }

    func testReplaysOfAValueThatIsMoreThanBitsShareOneBoxUntilAPushReplacesIt() {
        typealias Strings = PipeHubMachine<String, String>
        XCTAssertTrue(Strings.Held.sharesReplay, "a string holds a reference")
        XCTAssertFalse(Machine.Held.sharesReplay, "an Int is copied")
        var machine = Strings(.holding("one"))
        XCTAssertNil(machine.held.box, "held inline until a replay")
        guard case .replay = machine.add("a"), let first = machine.held.shared() else { return XCTFail("a replays") }
        XCTAssertEqual(first.value, "one")
        XCTAssertNil(machine.held.inline, "the value moved into the box")
        guard case .replay = machine.add("b"), let second = machine.held.shared() else { return XCTFail("b replays") }
        XCTAssertTrue(first === second, "later replays share the box")
        XCTAssertEqual(machine.replayed, "one")
        guard case .deliverThenEnd(_, _, let replaced, _) = machine.push("two") else { return XCTFail("a and b are owned") }
        XCTAssertTrue(replaced.box === first, "the storage releases the box outside the lock")
        XCTAssertNil(machine.held.box, "the new value is inline")
        XCTAssertEqual(machine.replayed, "two")
        guard case .replay = machine.add("c"), let third = machine.held.shared() else { return XCTFail("c replays") }
        XCTAssertFalse(third === first)
        XCTAssertEqual(third.value, "two")
        XCTAssertEqual(machine.reading.value, "two", "a cell reads the value in its box")
        guard case .release(let cleared) = machine.clear() else { return XCTFail("cleared") }
        XCTAssertTrue(cleared.box === third)
        XCTAssertTrue(machine.held.isEmpty)
        XCTAssertNil(machine.held.shared(), "nothing to share once cleared")
    }
}

extension PipeHubMachine.OwnerAction {
    /// True for `.released`.
    fileprivate var isReleased: Bool {
        if case .released = self { return true }
        return false
    }
}
