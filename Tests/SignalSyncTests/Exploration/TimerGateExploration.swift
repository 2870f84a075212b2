@testable import SignalSync

/// `TimerGateEngine`: `arm` (takes the lock, then starts the timer unlocked and stops it
/// again if a disposal came meanwhile), the final timer's fire (once per timer started;
/// it may run after the timer was replaced, disarmed or the gate disposed), which begins
/// the action (`beginStart`, a step of its own), `disarm`, `begin` and
/// `beginReplaceable` (each start reports `started`), and `dispose` at any time. Two
/// timers, armed in order; a pending action (`delay`, `timeout`) or none (`retry`).
struct TimerGateModel: MachineModel {
    typealias Machine = TimerGateMachine
    struct World {
        var machine: Machine
        var armed = 0
        var toStart: [Int] = []
        var started: Set<Int> = []
        var stopped: Set<Int> = []
        var fired: Set<Int> = []
        var actionToBegin = false
        var actionsBegun = 0
        var begins = 0
        var disarms = 0
        var disposals = 0
        /// Starts running, by id; subscriptions kept (live) and those ended.
        var starting: [Int] = []
        var live: Int?
        var ended: [Int] = []
        var made: Set<Int> = []
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case arm
        case startTimer(Int)
        case fire(Int)
        case beginAction
        case disarm
        case begin
        case beginReplaceable
        case started(Int)
        case dispose
        var description: String {
            switch self {
            case .arm: "arm"
            case .startTimer(let timer): "startTimer(\(timer))"
            case .fire(let timer): "fire(\(timer))"
            case .beginAction: "beginAction"
            case .disarm: "disarm"
            case .begin: "begin"
            case .beginReplaceable: "beginReplaceable"
            case .started(let id): "started(\(id))"
            case .dispose: "dispose"
            }
        }
    }
    let withAction: Bool
    var name: String { withAction ? "TimerGate (action)" : "TimerGate (no action)" }
    let bound = "2 timers, 2 begins, 1 disarm, 2 disposals"
    let timers: [ExecutionTimer]

    init(withAction: Bool) {
        self.withAction = withAction
        let clock = VirtualClock()
        timers = (0..<2).map { _ in ExecutionTimer(timeout: 1, repeats: false, queue: clock.makeQueue()) }
    }

    func initial() -> World {
        World(machine: Machine(action: withAction ? { ExploredResource(0) } : nil))
    }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.armed < 2 { events.append(.arm) }
        events += world.toStart.map { .startTimer($0) }
        events += world.started.subtracting(world.fired).sorted().map { .fire($0) }
        if world.actionToBegin { events.append(.beginAction) }
        if world.disarms < 1 { events.append(.disarm) }
        if world.begins < 2 { events += [.begin, .beginReplaceable] }
        events += world.starting.map { .started($0) }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    private func index(_ timer: ExecutionTimer?) -> Int? {
        timer.flatMap { timer in timers.firstIndex { $0 === timer } }
    }

    private func stop(_ timer: ExecutionTimer?, _ world: inout World) {
        guard let index = index(timer) else { return }
        // A timer not started yet is stopped by its own `arm` once started (`startTimer`).
        if world.started.contains(index) { world.stopped.insert(index) }
    }

    private func end(_ subscription: (any UpstreamDisposable)?, _ world: inout World) {
        guard let id = (subscription as? ExploredResource)?.id else { return }
        if world.ended.contains(id) { world.wrong.append("subscription \(id) ended twice") }
        world.ended.append(id)
    }

    private func begun(_ action: Machine.BeginAction, _ world: inout World) -> String {
        if case .start(let id) = action {
            if world.disposals > 0 { world.wrong.append("a start after the disposal") }
            world.starting.append(id)
        }
        return "\(action)"
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .arm:
            let timer = world.armed
            world.armed += 1
            switch world.machine.arm(timers[timer]) {
            case .start(let replaced):
                stop(replaced, &world)
                world.toStart.append(timer)
                return "start(replaced: \(index(replaced).map(String.init) ?? "nil"))"
            case .ignore: return "ignore"
            }
        case .startTimer(let timer):
            world.toStart.removeAll { $0 == timer }
            world.started.insert(timer)
            // The engine stops a timer that is no longer the armed one once it has started it.
            let stillArmed = world.machine.isArmed(timers[timer])
            if !stillArmed { world.stopped.insert(timer) }
            return stillArmed ? "started" : "started, stopped"
        case .fire(let timer):
            world.fired.insert(timer)
            switch world.machine.fire(timers[timer]) {
            case .begin:
                if world.stopped.contains(timer) { world.wrong.append("a stopped timer began the action") }
                world.actionsBegun += 1
                world.actionToBegin = true
                return "begin"
            case .ignore: return "ignore"
            }
        case .beginAction:
            world.actionToBegin = false
            return begun(world.machine.beginStart(), &world)
        case .disarm:
            world.disarms += 1
            switch world.machine.disarm() {
            case .forward(let timer):
                stop(timer, &world)
                return "forward"
            case .drop(let timer):
                stop(timer, &world)
                return "drop"
            }
        case .begin:
            world.begins += 1
            return begun(world.machine.beginStart(), &world)
        case .beginReplaceable:
            world.begins += 1
            let action = world.machine.beginReplaceable()
            if case .start = action, world.actionsBegun > 0 { world.wrong.append("a replaceable start after the action was taken") }
            return begun(action, &world)
        case .started(let id):
            world.starting.removeAll { $0 == id }
            world.made.insert(id)
            switch world.machine.started(ExploredResource(id), id: id) {
            case .discard(let stale):
                end(stale, &world)
                return "discard"
            case .keep(let replaced):
                if (replaced as? ExploredResource)?.id != world.live { world.wrong.append("replaced a subscription not live") }
                end(replaced, &world)
                world.live = id
                return "keep"
            }
        case .dispose:
            world.disposals += 1
            switch world.machine.dispose() {
            case .teardown(let timer, let live, _):
                stop(timer, &world)
                if (live as? ExploredResource)?.id != world.live { world.wrong.append("tore down a subscription not live") }
                end(live, &world)
                world.live = nil
                return "teardown"
            case .alreadyDisposed: return "alreadyDisposed"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .pending: "pending"
        case .passed: "passed"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        "\(kind(world)) a\(world.armed) ts\(world.toStart) st\(world.started.sorted()) sp\(world.stopped.sorted()) f\(world.fired.sorted()) "
            + "ab\(world.actionToBegin) n\(world.actionsBegun) b\(world.begins) da\(world.disarms) d\(world.disposals) "
            + "s\(world.starting) l\(String(describing: world.live)) e\(world.ended) m\(world.made.sorted()) w\(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if world.actionsBegun > 1 { broken.append("the action began twice") }
        if !withAction && world.actionsBegun > 0 { broken.append("a gate with no action began one") }
        if world.live != nil && world.ended.contains(world.live!) { broken.append("the live subscription was ended") }
        if world.machine.isDisposed && world.toStart.isEmpty {
            // Once disposed and every start of a timer done: no timer is left running, also
            // one stopped (by `disarm`, a second `arm` or the disposal) between its `arm` and
            // its start (a finding of this model, fixed: the engine stops it after starting).
            for timer in world.started where !world.stopped.contains(timer) && !world.fired.contains(timer) {
                broken.append("timer \(timer) still running after the disposal")
            }
        }
        if final {
            for id in world.made where !world.ended.contains(id) { broken.append("subscription \(id) never ended") }
        }
        return broken
    }
}
