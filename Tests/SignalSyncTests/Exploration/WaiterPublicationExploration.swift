@testable import SignalSync

/// `FirstValueWaiterEngine`: the task's cancellation handler may run at any time (once);
/// the engine installs the continuation once, then starts the subscription, which sends
/// outcomes (values, a terminal event; the model: up to two) during its start or after;
/// the start's return is reported with `attach`.
struct FirstValueWaiterModel: MachineModel {
    typealias Machine = FirstValueWaiterMachine<Int, String, Int>
    struct World {
        var machine = Machine()
        var installed = false
        var attached = false
        var cancelled = false
        var outcomes = 0
        var resumes: [String] = []
        var disposals = 0
    }
    enum Event: String { case install, outcome, attach, cancel }
    let name = "FirstValueWaiter"
    let bound = "2 outcomes"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if !world.installed { events.append(.install) }
        if world.installed && world.outcomes < 2 { events.append(.outcome) }
        if world.installed && !world.attached { events.append(.attach) }
        if !world.cancelled { events.append(.cancel) }
        return events
    }

    private func resume(_ waiter: String?, _ outcome: String, _ world: inout World) {
        world.resumes.append(waiter == nil ? "nil waiter" : outcome)
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .install:
            world.installed = true
            world.machine.install("task")
            return "installed"
        case .outcome:
            world.outcomes += 1
            switch world.machine.finish(world.outcomes) {
            case .resume(let waiter, let outcome, let dropping):
                resume(waiter, "outcome \(outcome)", &world)
                if dropping != nil { world.disposals += 1 }
                return "resume(dropping: \(dropping != nil))"
            case .ignore: return "ignore"
            }
        case .attach:
            world.attached = true
            switch world.machine.attach(1) {
            case .keep: return "keep"
            case .dispose:
                world.disposals += 1
                return "dispose"
            case .cancel(let waiter, _):
                resume(waiter, "cancelled", &world)
                world.disposals += 1
                return "cancel"
            }
        case .cancel:
            world.cancelled = true
            switch world.machine.cancel() {
            case .cancel(let waiter, _):
                resume(waiter, "cancelled", &world)
                world.disposals += 1
                return "cancel"
            case .none: return "none"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .starting: "starting"
        case .running: "running"
        case .finished: "finished"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        if case .starting(let waiter, let cancelRequested) = world.machine.state { machine += "(\(waiter ?? "-"), \(cancelRequested))" }
        return "\(machine) i\(world.installed) a\(world.attached) c\(world.cancelled) o\(world.outcomes) r\(world.resumes) d\(world.disposals)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.resumes.count > 1 { broken.append("resumed twice: \(world.resumes)") }
        if world.resumes.contains("nil waiter") { broken.append("resumed with no continuation") }
        if world.disposals > 1 { broken.append("the subscription disposed twice") }
        if world.attached && world.disposals == 1 && world.resumes.isEmpty { broken.append("disposed, never resumed") }
        // Attached, and an outcome or the cancellation came: resumed once, disposed once.
        if world.attached && (world.outcomes > 0 || world.cancelled) && (world.resumes.count != 1 || world.disposals != 1) {
            broken.append("resumed \(world.resumes.count) times, disposed \(world.disposals) times")
        }
        return broken
    }
}

/// `PublicationEngine`'s reclamation: readers enter the current read epoch (holding the
/// value published then) and exit; a writer withdraws the published value (`retire`)
/// and runs the machine's steps (`next`; `.advance` advances the epoch when the previous
/// one is empty and reports `advanced()`, else asks the previous epoch's last reader to
/// report; `.awaitPreviousEpoch` asks the same); that reader's exit runs the steps again.
struct PublicationModel: MachineModel {
    typealias Machine = PublicationMachine<Int>
    struct World {
        var machine = Machine()
        var published = 0
        var epoch = 0
        var writes = 0
        var entered = 0
        /// Live readers: their epoch and the value they hold.
        var readers: [Int: (epoch: Int, value: Int)] = [:]
        var requested = false
        var retired: [Int] = []
        var released: [Int] = []
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case enter
        case exit(Int)
        case write
        var description: String {
            switch self {
            case .enter: "enter"
            case .exit(let reader): "exit(r\(reader))"
            case .write: "write"
            }
        }
    }
    let name = "Publication"
    let bound = "3 readers (2 at once), 3 writes"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.entered < 3 && world.readers.count < 2 { events.append(.enter) }
        events += world.readers.keys.sorted().map { .exit($0) }
        if world.writes < 3 { events.append(.write) }
        return events
    }

    private func previousIsEmpty(_ world: World) -> Bool {
        !world.readers.values.contains { $0.epoch == world.epoch - 1 }
    }

    private func collect(_ world: inout World) -> String {
        var steps: [String] = []
        while true {
            switch world.machine.next(previousEpochIsEmpty: previousIsEmpty(world)) {
            case .release(let values):
                for value in values {
                    if world.readers.values.contains(where: { $0.value == value }) { world.wrong.append("released \(value) while read") }
                    if world.released.contains(value) { world.wrong.append("released \(value) twice") }
                    world.released.append(value)
                }
                steps.append("release(\(values))")
            case .advance:
                guard previousIsEmpty(world) else {
                    world.requested = true
                    steps.append("advance: wait")
                    return steps.joined(separator: ", ")
                }
                world.epoch += 1
                world.machine.advanced()
                steps.append("advance")
            case .awaitPreviousEpoch:
                world.requested = true
                steps.append("await")
                return steps.joined(separator: ", ")
            case .idle:
                world.requested = false
                steps.append("idle")
                return steps.joined(separator: ", ")
            }
        }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .enter:
            world.readers[world.entered] = (world.epoch, world.published)
            world.entered += 1
            return "entered"
        case .exit(let reader):
            let left = world.readers.removeValue(forKey: reader)!
            guard world.requested && left.epoch == world.epoch - 1 && previousIsEmpty(world) else { return "exited" }
            return "exited, reclaim: " + collect(&world)
        case .write:
            world.writes += 1
            let old = world.published
            world.published = world.writes
            world.retired.append(old)
            world.machine.retire(old)
            return collect(&world)
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .clear: "clear"
        case .waiting: "waiting"
        case .draining: "draining"
        case .modifying: "modifying"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        switch world.machine.state {
        case .waiting(let waiting): machine += "\(waiting)"
        case .draining(let draining, let waiting): machine += "\(draining)\(waiting)"
        case .clear, .modifying: break
        }
        let readers = world.readers.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.epoch - world.epoch)/\($0.value.value)" }
        return "\(machine) p\(world.published) w\(world.writes) n\(world.entered) r\(readers) q\(world.requested) rel\(world.released) \(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if world.readers.values.contains(where: { $0.epoch < world.epoch - 1 }) { broken.append("a reader two epochs behind") }
        if world.readers.isEmpty && world.released.sorted() != world.retired.sorted() {
            broken.append("no reader left, but \(world.retired) retired and \(world.released) released")
        }
        return broken
    }
}
