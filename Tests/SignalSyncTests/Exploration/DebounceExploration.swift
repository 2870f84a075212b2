@testable import SignalSync

/// `DebounceEngine`: the source's events come one at a time (values, then at most one
/// terminal event: a completion or an error); a disposal comes from any thread at any
/// time; the timer, armed by `.arm`, fires once (a fire that had taken its handler before
/// a re-arm or a stop may still run: the model allows one such stray fire at any time).
struct DebounceModel: MachineModel {
    typealias Machine = DebounceMachine<Int>
    struct World {
        var machine = Machine()
        var valuesSent = 0
        var sourceEnded = false
        var disposals = 0
        var timerArmed = false
        var strayFires = 0
        /// The values handed back (replaced, emitted or dropped), and those emitted.
        var handedOut: [Int] = []
        var emitted: [Int] = []
        var terminals: [String] = []
        var emittedAfterEnd = false
        var completed = false
    }
    enum Event: String { case next, complete, fail, dispose, fire, strayFire }
    let name = "Debounce"
    let bound = "3 values, 2 disposals, 1 stray fire"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if !world.sourceEnded {
            if world.valuesSent < 3 { events.append(.next) }
            events += [.complete, .fail]
        }
        if world.disposals < 2 { events.append(.dispose) }
        if world.timerArmed { events.append(.fire) }
        if world.strayFires < 1 { events.append(.strayFire) }
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
            switch world.machine.next(value) {
            case .arm(let replaced):
                if let replaced { world.handedOut.append(replaced) }
                // The engine disarms a timer armed after a concurrent disposal.
                world.timerArmed = !world.machine.isFinished
                return "arm(replaced: \(replaced.map(String.init) ?? "nil"))"
            case .ignore:
                world.handedOut.append(value)  // the engine releases an ignored value at once
                return "ignore"
            }
        case .complete:
            world.sourceEnded = true
            switch world.machine.complete() {
            case .flush(let value):
                world.timerArmed = false
                emit(value, &world)
                terminate("completed", &world)
                return "flush(\(value))"
            case .arm:
                world.timerArmed = !world.machine.isFinished
                return "arm"
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
            switch world.machine.fire() {
            case .emit(let value):
                emit(value, &world)
                return "emit(\(value))"
            case .complete:
                terminate("completed", &world)
                return "complete"
            case .ignore: return "ignore"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .quiet: "quiet"
        case .pending: "pending"
        case .completing: "completing"
        case .ended: "ended"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        if case .pending(let value) = world.machine.state { machine += "(\(value))" }
        return "\(machine) v\(world.valuesSent) e\(world.sourceEnded) d\(world.disposals) armed\(world.timerArmed) "
            + "stray\(world.strayFires) out\(world.handedOut) em\(world.emitted) t\(world.terminals) after\(world.emittedAfterEnd)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.terminals.count > 1 { broken.append("two terminal events: \(world.terminals)") }
        if world.emittedAfterEnd { broken.append("an event went downstream after the end or the disposal") }
        if Set(world.handedOut).count != world.handedOut.count { broken.append("a value handed out twice: \(world.handedOut)") }
        if world.emitted != world.emitted.sorted() { broken.append("values emitted out of order") }
        // Settled: the source ended or the subscription was disposed, and no timer is armed.
        if !world.timerArmed && (world.sourceEnded || world.disposals > 0) {
            if world.handedOut.count != world.valuesSent { broken.append("values kept once settled: \(world.handedOut) of \(world.valuesSent)") }
            if world.disposals == 0 && world.terminals.isEmpty { broken.append("the source ended but nothing terminal went downstream") }
            if world.disposals == 0, world.valuesSent > 0, world.emitted.last != world.valuesSent - 1, world.terminals != ["error"] {
                broken.append("the last value was not emitted: \(world.emitted)")
            }
        }
        return broken
    }
}
