@testable import SignalSync

/// `SerialDrainEngine`: `put` brings an event (`arrive`); the caller told `.handle` is the
/// drainer, which handles its event and calls `handled()` until told `.letGo`, and events
/// arrive meanwhile from other threads or re-entrantly. `close()` comes at any time (the
/// typed fold's error). The source sends at most one terminal event; values may still
/// race after it.
struct SerialDrainModel: MachineModel {
    typealias Machine = SerialDrainMachine<Int, String>
    struct World {
        var machine = Machine()
        var valuesSent = 0
        var terminalSent = false
        var closes = 0
        /// What the drainer is handling, when there is one.
        var handling: String?
        /// Accepted events (told `.handle` or `.queued`), in arrival order.
        var accepted: [String] = []
        var handled: [String] = []
        var droppedByClose: [String] = []
        var firstCloseWon: Bool?
    }
    enum Event: String { case value, terminal, handled, close }
    let name = "SerialDrain"
    let bound = "3 values, 1 terminal event, 2 closes"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.valuesSent < 3 { events.append(.value) }
        if !world.terminalSent { events.append(.terminal) }
        if world.handling != nil { events.append(.handled) }
        if world.closes < 2 { events.append(.close) }
        return events
    }

    private func describe(_ event: Machine.Event) -> String {
        switch event {
        case .next(let value): "v\(value)"
        case .error(let error): error
        case .completed: "c"
        }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .value, .terminal:
            let sent: Machine.Event
            if event == .value {
                sent = .next(world.valuesSent)
                world.valuesSent += 1
            } else {
                sent = .completed
                world.terminalSent = true
            }
            let action = world.machine.arrive(sent)
            switch action {
            case .handle:
                if world.handling != nil { world.handled.append("second drainer") }
                world.handling = describe(sent)
                world.accepted.append(describe(sent))
            case .queued:
                world.accepted.append(describe(sent))
            case .dropped: break
            }
            return "\(action)"
        case .handled:
            world.handled.append(world.handling ?? "none")
            switch world.machine.handled() {
            case .handle(let next):
                world.handling = describe(next)
                return "handle(\(describe(next)))"
            case .letGo:
                world.handling = nil
                return "letGo"
            }
        case .close:
            world.closes += 1
            switch world.machine.close() {
            case .closed(let dropped):
                world.droppedByClose += dropped.map(describe)
                if world.firstCloseWon == nil { world.firstCloseWon = true } else { world.handled.append("closed twice") }
                return "closed(\(dropped.count))"
            case .alreadyClosed(let dropped):
                world.droppedByClose += dropped.map(describe)
                if world.firstCloseWon == nil { world.firstCloseWon = false }
                return "alreadyClosed(\(dropped.count))"
            }
        }
    }

    func kind(_ world: World) -> String { "\(world.machine.state)" }

    func key(_ world: World) -> String {
        "\(world.machine.state) w\(world.machine.waiting.count) v\(world.valuesSent) t\(world.terminalSent) c\(world.closes) "
            + "h\(world.handling ?? "-") acc\(world.accepted) done\(world.handled) drop\(world.droppedByClose) won\(String(describing: world.firstCloseWon))"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.handled.contains("second drainer") { broken.append("two drainers at once") }
        if world.handled.contains("closed twice") { broken.append("close() reported open twice") }
        if world.handled.filter({ $0 == "c" }).count > 1 { broken.append("two terminal events handled") }
        if let end = world.handled.firstIndex(of: "c"), end != world.handled.count - 1 {
            broken.append("an event handled after the terminal event")
        }
        let done = world.handled + (world.handling.map { [$0] } ?? [])
        let expected = world.accepted.filter { !world.droppedByClose.contains($0) }
        if done != Array(expected.prefix(done.count)) { broken.append("handled out of order: \(done) of \(expected)") }
        if final && done != expected { broken.append("accepted events neither handled nor dropped: \(done) of \(expected)") }
        if world.handling == nil, world.machine.state == .draining || world.machine.state == .closing {
            broken.append("no drainer in \(world.machine.state)")
        }
        if world.handling == nil && world.machine.waiting.count > 0 { broken.append("events wait with no drainer") }
        return broken
    }
}
