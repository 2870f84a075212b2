@testable import SignalSync

/// `ThrottleEngine`: the source's events come one at a time (values, then at most one
/// terminal event: a completion or an error); a disposal comes from any thread at any
/// time; the timer, armed when a value is emitted, fires once. The timer's fires wait in
/// line with the source's events (a serial or virtual queue); a fire that had taken its
/// handler before a stop may still run once the source ended or the subscription was
/// disposed (the model allows one such stray fire there).
struct ThrottleModel: MachineModel {
    typealias Machine = ThrottleMachine<Int>
    let latest: Bool

    struct World {
        var machine: Machine
        var valuesSent = 0
        var sourceEnded = false
        var disposals = 0
        var timerArmed = false
        var strayFires = 0
        /// The values that arrived in the open interval, in order.
        var interval: [Int] = []
        /// The values handed back (released, emitted or dropped), and those emitted.
        var handedOut: [Int] = []
        var emitted: [Int] = []
        var terminals: [String] = []
        var emittedAfterEnd = false
        var emittedInsideAnInterval = false
        var wrongValueAtTheEnd = false
    }
    enum Event: String { case next, complete, fail, dispose, fire, strayFire }
    var name: String { "Throttle(latest: \(latest))" }
    let bound = "3 values, 2 disposals, 1 stray fire"

    func initial() -> World { World(machine: Machine(latest: latest)) }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if !world.sourceEnded {
            if world.valuesSent < 3 { events.append(.next) }
            events += [.complete, .fail]
        }
        if world.disposals < 2 { events.append(.dispose) }
        if world.timerArmed { events.append(.fire) }
        if (world.sourceEnded || world.disposals > 0) && world.strayFires < 1 { events.append(.strayFire) }
        return events
    }

    private func emit(_ value: Int, _ world: inout World) {
        if !world.terminals.isEmpty || world.disposals > 0 { world.emittedAfterEnd = true }
        world.emitted.append(value)
        world.handedOut.append(value)
    }

    private func terminate(_ terminal: String, _ world: inout World) {
        if !world.terminals.isEmpty || world.disposals > 0 { world.emittedAfterEnd = true }
        world.terminals.append(terminal)
    }

    /// The engine arms the timer (and disarms it again after a concurrent disposal), then
    /// emits.
    private func armAndEmit(_ value: Int, _ world: inout World) {
        world.timerArmed = !world.machine.isFinished
        world.interval = []
        emit(value, &world)
    }

    private func stopped(_ action: Machine.StopAction, error: Bool, _ world: inout World) -> String {
        switch action {
        case .stop(let dropped):
            world.timerArmed = false
            if let dropped { world.handedOut.append(dropped) }
            if error { terminate("error", &world) }
            return "stop(dropped: \(dropped.map(String.init) ?? "nil"))"
        case .ignore:
            return "ignore"
        }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .next:
            let value = world.valuesSent
            world.valuesSent += 1
            let inside = world.timerArmed
            switch world.machine.next(value) {
            case .emit(let emitted):
                if inside { world.emittedInsideAnInterval = true }
                armAndEmit(emitted, &world)
                return "emit(\(emitted))"
            case .hold(let released):
                world.interval.append(value)
                if let released { world.handedOut.append(released) }
                return "hold(released: \(released.map(String.init) ?? "nil"))"
            case .ignore:
                world.handedOut.append(value)  // the engine releases an ignored value at once
                return "ignore"
            }
        case .complete:
            world.sourceEnded = true
            switch world.machine.complete() {
            case .flush(let held):
                world.timerArmed = false
                if let held { emit(held, &world) }
                terminate("completed", &world)
                return "flush(\(held.map(String.init) ?? "nil"))"
            case .ignore: return "ignore"
            }
        case .fail:
            world.sourceEnded = true
            return stopped(world.machine.fail(), error: true, &world)
        case .dispose:
            let action = stopped(world.machine.dispose(), error: false, &world)
            world.disposals += 1
            return action
        case .fire, .strayFire:
            if event == .fire { world.timerArmed = false } else { world.strayFires += 1 }
            let expected = latest ? world.interval.last : world.interval.first
            switch world.machine.fire() {
            case .emit(let value):
                if event == .strayFire || value != expected { world.wrongValueAtTheEnd = true }
                armAndEmit(value, &world)
                return "emit(\(value))"
            case .ignore:
                if event == .fire && expected != nil { world.wrongValueAtTheEnd = true }
                world.interval = []
                return "ignore"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .idle: "idle"
        case .throttling: "throttling"
        case .ended: "ended"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        if case .throttling(let held) = world.machine.state { machine += "(\(held.map(String.init) ?? "-"))" }
        return "\(machine) v\(world.valuesSent) e\(world.sourceEnded) d\(world.disposals) armed\(world.timerArmed) "
            + "stray\(world.strayFires) i\(world.interval) out\(world.handedOut) em\(world.emitted) t\(world.terminals) "
            + "after\(world.emittedAfterEnd) inside\(world.emittedInsideAnInterval) wrong\(world.wrongValueAtTheEnd)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.terminals.count > 1 { broken.append("two terminal events: \(world.terminals)") }
        if world.emittedAfterEnd { broken.append("an event went downstream after the end or the disposal") }
        if world.emittedInsideAnInterval { broken.append("a value was emitted at once inside an interval") }
        if world.wrongValueAtTheEnd {
            broken.append("the end of an interval did not emit the \(latest ? "last" : "first") value held")
        }
        if Set(world.handedOut).count != world.handedOut.count { broken.append("a value handed out twice: \(world.handedOut)") }
        if world.emitted != world.emitted.sorted() { broken.append("values emitted out of order") }
        if case .throttling = world.machine.state, !world.timerArmed {
            broken.append("an interval is open with no timer armed")
        }
        // Settled: the source ended or the subscription was disposed, and no timer is armed.
        if !world.timerArmed && (world.sourceEnded || world.disposals > 0) {
            if world.handedOut.count != world.valuesSent { broken.append("values kept once settled: \(world.handedOut) of \(world.valuesSent)") }
            if world.disposals == 0 && world.terminals.isEmpty { broken.append("the source ended but nothing terminal went downstream") }
            if latest, world.disposals == 0, world.valuesSent > 0, world.emitted.last != world.valuesSent - 1,
                world.terminals != ["error"]
            {
                broken.append("the last value was not emitted: \(world.emitted)")
            }
        }
        return broken
    }
}
