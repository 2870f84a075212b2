@testable import SignalSync

/// The timed-hold engine's cases (`TimedHoldEngine`): the source's events come one at a
/// time (values, then at most one terminal event: a completion or an error); a disposal
/// comes from any thread at any time; the timer, armed as the engine arms it, fires once.
/// Each model applies an event to its machine and hands the action to its
/// `TimedHoldRecord`, which performs it as the engine does and checks what every case
/// promises; a model adds its own case's rules.
enum TimedHoldEvent: String { case next, complete, fail, dispose, fire, strayFire }

/// The engine's view of the environment and a record of the actions performed so far.
struct TimedHoldRecord {
    var valuesSent = 0
    var sourceEnded = false
    var disposals = 0
    var timerArmed = false
    var strayFires = 0
    /// The values handed back (released, emitted or dropped), and those emitted.
    var handedOut: [Int] = []
    var emitted: [Int] = []
    var terminals: [String] = []
    var emittedAfterEnd = false

    /// The events the engine can send, with a stray fire (one that had taken its handler
    /// before a re-arm or a stop) when `strayFire` allows it and none came yet.
    func legalEvents(strayFire: Bool) -> [TimedHoldEvent] {
        var events: [TimedHoldEvent] = []
        if !sourceEnded {
            if valuesSent < 3 { events.append(.next) }
            events += [.complete, .fail]
        }
        if disposals < 2 { events.append(.dispose) }
        if timerArmed { events.append(.fire) }
        if strayFire && strayFires < 1 { events.append(.strayFire) }
        return events
    }

    /// The next value the source sends.
    mutating func nextValue() -> Int {
        valuesSent += 1
        return valuesSent - 1
    }

    /// A fire of the armed timer, or a stray one.
    mutating func fire(stray: Bool) {
        if stray { strayFires += 1 } else { timerArmed = false }
    }

    private mutating func emit(_ value: Int) {
        if !terminals.isEmpty || disposals > 0 { emittedAfterEnd = true }
        emitted.append(value)
        handedOut.append(value)
    }

    private mutating func terminate(_ terminal: String) {
        if !terminals.isEmpty || disposals > 0 { emittedAfterEnd = true }
        terminals.append(terminal)
    }

    private mutating func release(_ value: Int?) {
        if let value { handedOut.append(value) }
    }

    /// The engine arms the timer, and disarms it again after a concurrent disposal.
    private mutating func arm<Machine: TimedHoldMachine>(_ machine: Machine) {
        timerArmed = !machine.isFinished
    }

    /// The engine emits `value`, arming the timer just before when the case's emissions do.
    private mutating func send<Machine: TimedHoldMachine>(_ value: Int, _ machine: Machine) {
        if Machine.emissionArmsTimer { arm(machine) }
        emit(value)
    }

    private func describe(_ value: Int?) -> String { value.map(String.init) ?? "nil" }

    /// Performs what `machine.next(value)` returned.
    mutating func perform<Machine: TimedHoldMachine>(_ action: TimedHoldNextAction<Int>, for value: Int, _ machine: Machine)
        -> String
    {
        switch action {
        case .arm(let replaced):
            release(replaced)
            arm(machine)
            return "arm(replaced: \(describe(replaced)))"
        case .emit(let emitted):
            send(emitted, machine)
            return "emit(\(emitted))"
        case .hold(let released):
            release(released)
            return "hold(released: \(describe(released)))"
        case .ignore:
            release(value)  // the engine releases an ignored value at once
            return "ignore"
        }
    }

    /// Performs what `machine.complete()` returned.
    mutating func perform<Machine: TimedHoldMachine>(_ action: TimedHoldCompleteAction<Int>, _ machine: Machine) -> String {
        switch action {
        case .flush(let held):
            timerArmed = false
            if let held { emit(held) }
            terminate("completed")
            return "flush(\(describe(held)))"
        case .arm:
            arm(machine)
            return "arm"
        case .ignore:
            return "ignore"
        }
    }

    /// Performs what `machine.fire()` returned.
    mutating func perform<Machine: TimedHoldMachine>(_ action: TimedHoldFireAction<Int>, _ machine: Machine) -> String {
        switch action {
        case .emit(let value):
            send(value, machine)
            return "emit(\(value))"
        case .complete:
            terminate("completed")
            return "complete"
        case .ignore:
            return "ignore"
        }
    }

    /// Performs what `machine.fail()` (`error`) or `machine.dispose()` returned.
    mutating func perform(_ action: TimedHoldStopAction<Int>, error: Bool) -> String {
        switch action {
        case .stop(let dropped):
            timerArmed = false
            release(dropped)
            if error { terminate("error") }
            return "stop(dropped: \(describe(dropped)))"
        case .ignore:
            return "ignore"
        }
    }

    /// The source's completion or error, or a disposal (the events every case's model
    /// treats alike), applied to `machine` and performed.
    mutating func end<Machine: TimedHoldMachine>(_ event: TimedHoldEvent, _ machine: inout Machine) -> String
    where Machine.Value == Int {
        switch event {
        case .complete:
            sourceEnded = true
            return perform(machine.complete(), machine)
        case .fail:
            sourceEnded = true
            return perform(machine.fail(), error: true)
        case .dispose:
            let action = perform(machine.dispose(), error: false)
            disposals += 1
            return action
        case .next, .fire, .strayFire:
            preconditionFailure("TimedHoldRecord: end(_:_:) for \(event)")
        }
    }

    var key: String {
        "v\(valuesSent) e\(sourceEnded) d\(disposals) armed\(timerArmed) stray\(strayFires) out\(handedOut) em\(emitted) "
            + "t\(terminals) after\(emittedAfterEnd)"
    }

    /// The promises every case keeps; `lastValueEmitted`: the source's last value goes
    /// downstream unless an error or a disposal ends it.
    func violations(lastValueEmitted: Bool) -> [String] {
        var broken: [String] = []
        if terminals.count > 1 { broken.append("two terminal events: \(terminals)") }
        if emittedAfterEnd { broken.append("an event went downstream after the end or the disposal") }
        if Set(handedOut).count != handedOut.count { broken.append("a value handed out twice: \(handedOut)") }
        if emitted != emitted.sorted() { broken.append("values emitted out of order") }
        // Settled: the source ended or the subscription was disposed, and no timer is armed.
        if !timerArmed && (sourceEnded || disposals > 0) {
            if handedOut.count != valuesSent { broken.append("values kept once settled: \(handedOut) of \(valuesSent)") }
            if disposals == 0 && terminals.isEmpty { broken.append("the source ended but nothing terminal went downstream") }
            if lastValueEmitted, disposals == 0, valuesSent > 0, emitted.last != valuesSent - 1, terminals != ["error"] {
                broken.append("the last value was not emitted: \(emitted)")
            }
        }
        return broken
    }
}

/// `DebounceEngine`: a fire that had taken its handler before a re-arm or a stop may
/// still run: the model allows one such stray fire at any time.
struct DebounceModel: MachineModel {
    typealias Machine = DebounceMachine<Int>
    struct World {
        var machine = Machine()
        var record = TimedHoldRecord()
    }
    typealias Event = TimedHoldEvent
    let name = "Debounce"
    let bound = "3 values, 2 disposals, 1 stray fire"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        world.record.legalEvents(strayFire: true)
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .next:
            let value = world.record.nextValue()
            let action = world.machine.next(value)
            return world.record.perform(action, for: value, world.machine)
        case .complete, .fail, .dispose:
            return world.record.end(event, &world.machine)
        case .fire, .strayFire:
            world.record.fire(stray: event == .strayFire)
            let action = world.machine.fire()
            return world.record.perform(action, world.machine)
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
        return "\(machine) \(world.record.key)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        world.record.violations(lastValueEmitted: true)
    }
}

/// `ThrottleEngine`: the timer's fires wait in line with the source's events (a serial or
/// virtual queue); a fire that had taken its handler before a stop may still run once the
/// source ended or the subscription was disposed (the model allows one such stray fire
/// there).
struct ThrottleModel: MachineModel {
    typealias Machine = ThrottleMachine<Int>
    let latest: Bool

    struct World {
        var machine: Machine
        var record = TimedHoldRecord()
        /// The values that arrived in the open interval, in order.
        var interval: [Int] = []
        var emittedInsideAnInterval = false
        var wrongValueAtTheEnd = false
    }
    typealias Event = TimedHoldEvent
    var name: String { "Throttle(latest: \(latest))" }
    let bound = "3 values, 2 disposals, 1 stray fire"

    func initial() -> World { World(machine: Machine(latest: latest)) }

    func legalEvents(in world: World) -> [Event] {
        world.record.legalEvents(strayFire: world.record.sourceEnded || world.record.disposals > 0)
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .next:
            let value = world.record.nextValue()
            let inside = world.record.timerArmed
            let action = world.machine.next(value)
            switch action {
            case .emit:
                if inside { world.emittedInsideAnInterval = true }
                world.interval = []  // an interval opens
            case .hold:
                world.interval.append(value)
            case .arm, .ignore:
                break
            }
            return world.record.perform(action, for: value, world.machine)
        case .complete, .fail, .dispose:
            return world.record.end(event, &world.machine)
        case .fire, .strayFire:
            world.record.fire(stray: event == .strayFire)
            let expected = latest ? world.interval.last : world.interval.first
            let action = world.machine.fire()
            switch action {
            case .emit(let value):
                if event == .strayFire || value != expected { world.wrongValueAtTheEnd = true }
            case .ignore:
                if event == .fire && expected != nil { world.wrongValueAtTheEnd = true }
            case .complete:
                break
            }
            world.interval = []  // a new interval opens, or none
            return world.record.perform(action, world.machine)
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
        return "\(machine) i\(world.interval) \(world.record.key) inside\(world.emittedInsideAnInterval) "
            + "wrong\(world.wrongValueAtTheEnd)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.record.violations(lastValueEmitted: latest)
        if world.emittedInsideAnInterval { broken.append("a value was emitted at once inside an interval") }
        if world.wrongValueAtTheEnd {
            broken.append("the end of an interval did not emit the \(latest ? "last" : "first") value held")
        }
        if case .throttling = world.machine.state, !world.record.timerArmed {
            broken.append("an interval is open with no timer armed")
        }
        return broken
    }
}
