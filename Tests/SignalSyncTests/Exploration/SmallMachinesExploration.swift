@testable import SignalSync

/// A resource the models hand a machine (a subscription, a handle): its number, and
/// whether the machine handed it back to be disposed.
final class ExploredResource: UpstreamDisposable {
    let id: Int
    init(_ id: Int) { self.id = id }
    func dispose() {}
}

/// `DeferredStartEngine`: `begin` (idempotent by contract; the model calls it at most
/// twice) runs the start when `beginStart` says `.start`, and reports `started` once the
/// start returns; `dispose` comes from any thread at any time (at most twice).
struct DeferredStartModel: MachineModel {
    struct World {
        var machine = DeferredStartMachine()
        var begins = 0
        var disposals = 0
        var startRunning = false
        var starts = 0
        /// How often the subscription was handed out to be disposed.
        var handedOut = 0
        var handedOutBeforeDisposal = false
    }
    enum Event: String { case begin, started, dispose }
    let name = "DeferredStart"
    let bound = "begin, dispose at most twice each"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.begins < 2 { events.append(.begin) }
        if world.startRunning { events.append(.started) }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .begin:
            world.begins += 1
            let action = world.machine.beginStart()
            if action == .start {
                world.starts += 1
                world.startRunning = true
            }
            return "\(action)"
        case .started:
            world.startRunning = false
            switch world.machine.started(ExploredResource(world.starts)) {
            case .keep: return "keep"
            case .discard:
                world.handedOut += 1
                return "discard"
            }
        case .dispose:
            world.disposals += 1
            switch world.machine.dispose() {
            case .dispose:
                world.handedOut += 1
                return "dispose"
            case .nothing: return "nothing"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .waiting: "waiting"
        case .starting: "starting"
        case .started: "started"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        "\(kind(world)) b\(world.begins) d\(world.disposals) run\(world.startRunning) s\(world.starts) out\(world.handedOut)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.starts > 1 { broken.append("the start ran twice") }
        if world.handedOut > 1 { broken.append("the subscription was handed out twice") }
        if world.handedOut > 0 && world.disposals == 0 { broken.append("handed out before any disposal") }
        if !world.startRunning && world.starts == 1 && world.disposals > 0 && world.handedOut != 1 {
            broken.append("disposed, but the started subscription was not handed out")
        }
        if world.disposals == 0 && world.starts == 1 && !world.startRunning && kind(world) != "started" {
            broken.append("started and not disposed, but not kept")
        }
        return broken
    }
}

/// `SerializedGateEngine`: `deliver` (values) and `terminate` (terminal events) from the
/// source or re-entrantly from a callback, in any order and number (the model: at most
/// three values and two terminal events), `close` (disposal) at any time (at most twice).
struct SerializedGateModel: MachineModel {
    struct World {
        var machine = SerializedGateMachine()
        var values = 0
        var terminals = 0
        var closes = 0
        var deliveredTerminals = 0
        var deliveredAfterEnd = false
        var ended = false
    }
    enum Event: String { case value, terminal, close }
    let name = "SerializedGate"
    let bound = "3 values, 2 terminal events, 2 closes"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.values < 3 { events.append(.value) }
        if world.terminals < 2 { events.append(.terminal) }
        if world.closes < 2 { events.append(.close) }
        return events
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .value:
            world.values += 1
            let action = world.machine.deliver()
            if action == .deliver && world.ended { world.deliveredAfterEnd = true }
            return "\(action)"
        case .terminal:
            world.terminals += 1
            let action = world.machine.terminate()
            if action == .deliver {
                if world.ended { world.deliveredAfterEnd = true }
                world.deliveredTerminals += 1
            }
            world.ended = true
            return "\(action)"
        case .close:
            world.closes += 1
            world.machine.close()
            world.ended = true
            return "closed"
        }
    }

    func kind(_ world: World) -> String { "\(world.machine.state)" }

    func key(_ world: World) -> String {
        "\(world.machine.state) v\(world.values) t\(world.terminals) c\(world.closes) dt\(world.deliveredTerminals) e\(world.ended) a\(world.deliveredAfterEnd)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.deliveredTerminals > 1 { broken.append("two terminal events delivered") }
        if world.deliveredAfterEnd { broken.append("a delivery after the gate closed") }
        if world.ended && world.machine.state != .closed { broken.append("ended but open") }
        return broken
    }
}

/// `OnceActionEngine`: only the `dispose()` that won the claim reaches the machine, so
/// the machine sees at most one `dispose()`; the model lets it see two (a claim that
/// would not exist) to check that the second is harmless, from an armed and a nil action.
struct OnceActionModel: MachineModel {
    struct World {
        var machine: OnceActionMachine
        var armed: Bool
        var disposals = 0
        var runs = 0
    }
    enum Event: String { case dispose }
    var name: String { armed ? "OnceAction (armed)" : "OnceAction (nil action)" }
    let bound = "2 disposals"
    let armed: Bool

    var sharesStorage: Bool { false }

    func initial() -> World {
        World(machine: OnceActionMachine(action: armed ? {} : nil), armed: armed)
    }

    func legalEvents(in world: World) -> [Event] { world.disposals < 2 ? [.dispose] : [] }

    func apply(_ event: Event, to world: inout World) -> String {
        world.disposals += 1
        switch world.machine.dispose() {
        case .run:
            world.runs += 1
            return "run"
        case .none: return "none"
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .armed: "armed"
        case .spent: "spent"
        }
    }

    func key(_ world: World) -> String { "\(kind(world)) \(world.armed) d\(world.disposals) r\(world.runs)" }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.runs > 1 { broken.append("the action ran twice") }
        if !world.armed && world.runs > 0 { broken.append("a nil action ran") }
        if world.armed && world.disposals > 0 && world.runs != 1 { broken.append("disposed, the action did not run") }
        return broken
    }
}
