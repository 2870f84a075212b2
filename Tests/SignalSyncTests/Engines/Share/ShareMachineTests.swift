import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone: subscribers, terminal events and handles are strings, so each
/// action reads as what the engine will do.
final class ShareMachineTests: LeakCheckedTestCase {
    private typealias Machine = ShareMachine<String, Int, String, String>

    private func startedRun(_ action: Machine.SubscribeAction) -> (generation: Int, key: Int)? {
        if case .start(let generation, let key) = action { return (generation, key) }
        return nil
    }

    private func joinedKey(_ action: Machine.SubscribeAction) -> Int? {
        if case .joined(let key) = action { return key }
        return nil
    }

    private func receivers(_ action: Machine.NextAction) -> [String]? {
        if case .deliver(let receivers) = action { return receivers }
        return nil
    }

    private func stopped(_ action: Machine.LeaveAction) -> (departed: String, handle: String?, forget: Bool)? {
        if case .stop(let departed, let handle, let forget) = action { return (departed, handle, forget) }
        return nil
    }

    private func released(_ action: Machine.LeaveAction) -> String?? {
        if case .release(let departed) = action { return .some(departed) }
        return nil
    }

    func testTheFirstSubscriberStartsTheSourceAndLaterOnesJoinWithoutReplay() {
        var machine = Machine(reuse: .restart)
        XCTAssertEqual(startedRun(machine.subscribe("a"))?.generation, 1)
        XCTAssertNotNil(joinedKey(machine.subscribe("b")))
        XCTAssertEqual(receivers(machine.next(1)), ["a", "b"])
        guard case .keep = machine.started(1, handle: "h1") else { return XCTFail("the handle is kept") }
        XCTAssertNotNil(joinedKey(machine.subscribe("c")))
        XCTAssertEqual(receivers(machine.next(1)), ["a", "b", "c"], "subscription order")
    }

    func testTheLastLeaveStopsTheSourceAndTheNextSubscriberRestartsIt() {
        var machine = Machine(reuse: .restart)
        let a = startedRun(machine.subscribe("a"))!
        let b = joinedKey(machine.subscribe("b"))!
        _ = machine.started(a.generation, handle: "h1")
        XCTAssertEqual(released(machine.leave(a.key)), .some("a"))
        let stop = stopped(machine.leave(b))
        XCTAssertEqual(stop?.departed, "b")
        XCTAssertEqual(stop?.handle, "h1")
        XCTAssertEqual(stop?.forget, false)
        XCTAssertEqual(released(machine.leave(b)), .some(nil), "a second leave does nothing")
        XCTAssertEqual(startedRun(machine.subscribe("c"))?.generation, 2, "a fresh run")
        XCTAssertNil(receivers(machine.next(1)), "the old run's events reach nobody")
        XCTAssertEqual(receivers(machine.next(2)), ["c"])
    }

    func testALeaveWhileTheSourceStartsDisposesItsHandleWhenTheStartReturns() {
        var machine = Machine(reuse: .restart)
        let a = startedRun(machine.subscribe("a"))!
        let stop = stopped(machine.leave(a.key))
        XCTAssertNil(stop?.handle, "no handle yet")
        guard case .dispose(let late) = machine.started(a.generation, handle: "h1") else {
            return XCTFail("the late handle is disposed")
        }
        XCTAssertEqual(late, "h1")
    }

    func testTheTerminalEventGoesToTheCurrentSubscribersAndIsReplayedToLaterOnes() {
        var machine = Machine(reuse: .restart)
        let a = startedRun(machine.subscribe("a"))!
        _ = machine.subscribe("b")
        _ = machine.started(a.generation, handle: "h1")
        guard case .deliver(let receivers, let handle) = machine.finish("completed", a.generation) else {
            return XCTFail("delivered")
        }
        XCTAssertEqual(receivers, ["a", "b"])
        XCTAssertEqual(handle, "h1", "released, not disposed: the source ended itself")
        guard case .none = machine.terminalDelivered() else { return XCTFail("a restartable engine stays finished") }
        guard case .replay(let terminal) = machine.subscribe("c") else { return XCTFail("replayed") }
        XCTAssertEqual(terminal, "completed")
        XCTAssertEqual(released(machine.leave(a.key)), .some(nil), "nobody is left to leave")
        guard case .ignore = machine.finish("error", a.generation) else { return XCTFail("one terminal event") }
    }

    func testATerminalEventDuringTheStartMakesTheStartedHandleDisposable() {
        var machine = Machine(reuse: .restart)
        let a = startedRun(machine.subscribe("a"))!
        _ = machine.finish("completed", a.generation)
        guard case .dispose(let handle) = machine.started(a.generation, handle: "h1") else {
            return XCTFail("disposed")
        }
        XCTAssertEqual(handle, "h1")
    }

    func testAOnceEngineClosesAfterItsTerminalEventIsDelivered() {
        var machine = Machine(reuse: .once)
        let a = startedRun(machine.subscribe("a"))!
        _ = machine.finish("completed", a.generation)
        guard case .replay = machine.subscribe("late") else { return XCTFail("replayed while it is delivered") }
        guard case .forget = machine.terminalDelivered() else { return XCTFail("the owner forgets it") }
        guard case .rejected = machine.subscribe("b") else { return XCTFail("closed") }
    }

    func testAOnceEngineClosesWhenTheLastSubscriberLeaves() {
        var machine = Machine(reuse: .once)
        let a = startedRun(machine.subscribe("a"))!
        _ = machine.started(a.generation, handle: "h1")
        let stop = stopped(machine.leave(a.key))
        XCTAssertEqual(stop?.handle, "h1")
        XCTAssertEqual(stop?.forget, true)
        guard case .rejected = machine.subscribe("b") else { return XCTFail("closed") }
        XCTAssertNil(receivers(machine.next(a.generation)))
    }

    func testSubscribersLeavingInRandomOrderKeepTheOthersInSubscriptionOrder() {
        var random = SeededRandom(seed: 43)
        var machine = Machine(reuse: .restart)
        let first = startedRun(machine.subscribe("s0"))!
        var model: [(key: Int, name: String)] = [(first.key, "s0")]
        for number in 1..<300 {
            model.append((joinedKey(machine.subscribe("s\(number)"))!, "s\(number)"))
        }
        _ = machine.started(first.generation, handle: "h1")
        for step in 0..<299 {
            let index = random.below(model.count)
            XCTAssertEqual(released(machine.leave(model[index].key)), .some(model[index].name))
            model.remove(at: index)
            if step % 13 == 0 {
                XCTAssertEqual(receivers(machine.next(first.generation)), model.map(\.name), "subscription order")
                XCTAssertEqual(receivers(machine.next(first.generation)), model.map(\.name), "the same snapshot again")
            }
        }
        let last = model[0]
        XCTAssertEqual(stopped(machine.leave(last.key))?.handle, "h1", "the last leave stops the source")
        let next = startedRun(machine.subscribe("again"))!
        XCTAssertFalse((0..<300).contains(next.key), "keys of an ended run are never reused")
        XCTAssertEqual(released(machine.leave(last.key)), .some(nil), "an old membership makes nobody leave")
        XCTAssertEqual(receivers(machine.next(next.generation)), ["again"])
    }

    // Impossible transitions. `.modifying` is a placeholder a transition puts while it
    // changes a run in place: every transition that reads the state traps on it.

    func testATransitionThatFindsThePlaceholderStateTraps() throws {
        let transitions: [(String, (inout Machine) -> Void)] = [
            ("started(_:handle:)", { _ = $0.started(1, handle: "h1") }), ("next(_:)", { _ = $0.next(1) }),
            ("finish(_:_:)", { _ = $0.finish("completed", 1) }), ("terminalDelivered()", { _ = $0.terminalDelivered() }),
            ("leave(_:)", { _ = $0.leave(0) }),
        ]
        for (event, transition) in transitions {
            try assertTraps("ShareMachine: \(event) found the placeholder state .modifying") {
                var machine = placeholder()
                transition(&machine)
            }
        }
    }

    /// A machine whose state is the placeholder, as a transition that failed to put it back
    /// would leave it.
    private func placeholder() -> Machine {
        var machine = Machine(reuse: .restart)
        _ = machine.subscribe("a")
        machine.state = .modifying
        return machine
    }

    /// Only the `finish` that delivers a terminal event reports its delivery, and nothing
    /// but that report leaves `.finished`.
    func testATerminalDeliveredWithoutATerminalEventTraps() throws {
        try assertTraps("ShareMachine: terminalDelivered() without a terminal event (state closed)") {
            var machine = Machine(reuse: .once)
            let a = startedRun(machine.subscribe("a"))!
            _ = machine.finish("completed", a.generation)
            _ = machine.terminalDelivered()
            _ = machine.terminalDelivered()
        }
    }
}
