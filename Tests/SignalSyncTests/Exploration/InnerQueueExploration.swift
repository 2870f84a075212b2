@testable import SignalSync

/// `InnerQueueEngine` (switchToLatest, queue, throttled): the outer signal sends inners
/// and at most one terminal event, and its subscription's handle arrives once
/// (`setOuter`); the engine's run loop starts an inner (`.start`) and reports
/// `startReturned` with its handle, or `endedInStart` when it completed inside its start
/// without a subscription; each started inner (a replaced one too) completes or fails at
/// most once, during its start or after; a disposal comes at any time. A `.start` from a
/// completion or a return starts the next inner in the same way.
struct InnerQueueModel: MachineModel {
    typealias Machine = InnerQueueMachine<Int, Int>
    struct World {
        var machine: Machine
        var innersSent = 0
        var outerEnded = false
        var outerCompleted = false
        var outerSet = false
        var disposals = 0
        var innerFailures = 0
        /// Inners whose start is running, by id (an id is the inner's handle, and the
        /// inner sent as `id`'s value).
        var starting: [Int] = []
        var innerOf: [Int: Int] = [:]
        var startedInners: [Int] = []
        var terminated: Set<Int> = []
        var handles: Set<Int> = []
        var ended: [Int] = []
        var downstream: [String] = []
        var released: [Int] = []
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case outerNext
        case outerCompleted
        case outerFailed
        case setOuter
        case startReturned(Int)
        case endedInStart(Int)
        case innerCompleted(Int)
        case innerFailed(Int)
        case dispose
        var description: String {
            switch self {
            case .outerNext: "outerNext"
            case .outerCompleted: "outerCompleted"
            case .outerFailed: "outerFailed"
            case .setOuter: "setOuter"
            case .startReturned(let id): "startReturned(\(id))"
            case .endedInStart(let id): "endedInStart(\(id))"
            case .innerCompleted(let id): "innerCompleted(\(id))"
            case .innerFailed(let id): "innerFailed(\(id))"
            case .dispose: "dispose"
            }
        }
    }
    static let outerHandle = 100
    let mode: InnerQueueMode
    var name: String { "InnerQueue (\(mode))" }
    let bound = "3 inners, 1 inner failure, 2 disposals"

    func initial() -> World { World(machine: Machine(mode: mode)) }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if !world.outerEnded {
            if world.innersSent < 3 { events.append(.outerNext) }
            events += [.outerCompleted, .outerFailed]
        }
        if !world.outerSet { events.append(.setOuter) }
        for id in world.starting {
            events.append(.startReturned(id))
            if !world.terminated.contains(id) { events.append(.endedInStart(id)) }
        }
        for id in world.innerOf.keys.sorted() where !world.terminated.contains(id) {
            events.append(.innerCompleted(id))
            if world.innerFailures < 1 { events.append(.innerFailed(id)) }
        }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    private func end(_ handle: Int?, _ world: inout World) {
        guard let handle else { return }
        if world.ended.contains(handle) { world.wrong.append("handle \(handle) ended twice") }
        world.ended.append(handle)
    }

    private func terminate(_ event: String, _ world: inout World) {
        if !world.downstream.isEmpty { world.wrong.append("\(event) after \(world.downstream)") }
        if world.disposals > 0 { world.wrong.append("\(event) after the disposal") }
        world.downstream.append(event)
    }

    private func begin(_ inner: Int, id: Int, _ world: inout World) {
        if mode != .switchToLatest, let running = world.starting.first {
            world.wrong.append("inner \(id) starts while \(running) is starting")
        }
        world.starting.append(id)
        world.innerOf[id] = inner
        world.startedInners.append(inner)
    }

    private func perform(_ action: Machine.InnerCompletedAction, _ world: inout World) -> String {
        switch action {
        case .done: return "done"
        case .complete:
            terminate("completed", &world)
            return "complete"
        case .start(let inner, let id):
            begin(inner, id: id, &world)
            return "start(\(inner), id: \(id))"
        }
    }

    private func returned(_ action: Machine.StartReturnedAction, _ world: inout World) -> String {
        switch action {
        case .discard(let stale):
            end(stale, &world)
            return "discard"
        case .keep(let replaced, let then):
            end(replaced, &world)
            return "keep, then \(perform(then, &world))"
        }
    }

    private func failed(_ action: Machine.FailureAction, _ world: inout World) -> String {
        switch action {
        case .forward(let dropped):
            world.released += dropped
            terminate("error", &world)
            return "forward(dropped: \(dropped.count))"
        case .ignore: return "ignore"
        }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .outerNext:
            let inner = world.innersSent
            world.innersSent += 1
            switch world.machine.outerNext(inner) {
            case .start(let id):
                begin(inner, id: id, &world)
                return "start(id: \(id))"
            case .queued(let replaced):
                if let replaced { world.released.append(replaced) }
                return "queued(replaced: \(replaced.map(String.init) ?? "nil"))"
            case .dropped:
                world.released.append(inner)
                return "dropped"
            }
        case .outerCompleted:
            world.outerEnded = true
            world.outerCompleted = true
            switch world.machine.outerCompleted() {
            case .done: return "done"
            case .complete:
                terminate("completed", &world)
                return "complete"
            }
        case .outerFailed:
            world.outerEnded = true
            return failed(world.machine.outerFailed(), &world)
        case .setOuter:
            world.outerSet = true
            world.handles.insert(Self.outerHandle)
            switch world.machine.setOuter(Self.outerHandle) {
            case .keep: return "keep"
            case .discard(let late):
                end(late, &world)
                return "discard"
            }
        case .startReturned(let id):
            world.starting.removeAll { $0 == id }
            world.handles.insert(id)
            return returned(world.machine.startReturned(id, handle: id), &world)
        case .endedInStart(let id):
            world.starting.removeAll { $0 == id }
            world.terminated.insert(id)
            return returned(world.machine.endedInStart(id), &world)
        case .innerCompleted(let id):
            world.terminated.insert(id)
            return perform(world.machine.innerCompleted(id), &world)
        case .innerFailed(let id):
            world.terminated.insert(id)
            world.innerFailures += 1
            return failed(world.machine.innerFailed(id), &world)
        case .dispose:
            world.disposals += 1
            switch world.machine.dispose() {
            case .teardown(let inner, let outer, let dropped):
                end(inner, &world)
                end(outer, &world)
                world.released += dropped
                return "teardown"
            case .alreadyDisposed: return "alreadyDisposed"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .idle: "idle"
        case .running: "running"
        case .completedInStart: "completedInStart"
        case .finished: "finished"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        let machine = world.machine
        return "\(machine.state) g\(machine.generation) s\(machine.startingIDs) p\(machine.pending.count) c\(String(describing: machine.current)) "
            + "o\(String(describing: machine.outer)) | n\(world.innersSent) oe\(world.outerEnded) oc\(world.outerCompleted) os\(world.outerSet) "
            + "d\(world.disposals) f\(world.innerFailures) st\(world.starting) in\(world.startedInners) t\(world.terminated.sorted()) "
            + "h\(world.handles.sorted()) e\(world.ended) ds\(world.downstream) r\(world.released.sorted()) w\(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        // Every inner sent is started once, released once, or still waits (in order for
        // the queue).
        let accounted = world.startedInners + world.released
        if Set(accounted).count != accounted.count { broken.append("an inner both started and released: \(accounted)") }
        if mode == .queue && world.startedInners != world.startedInners.sorted() { broken.append("inners started out of order") }
        let latest = world.machine.generation
        let quiet = world.starting.isEmpty && (latest == 0 || world.terminated.contains(latest))
        if quiet && world.disposals == 0 && world.downstream.isEmpty {
            if world.machine.pending.count > 0 { broken.append("an inner waits with nothing running") }
            if world.outerCompleted { broken.append("the outer and every inner completed, but nothing went downstream") }
        }
        if final {
            for handle in world.handles where !world.ended.contains(handle) { broken.append("handle \(handle) never ended") }
            if accounted.count != world.innersSent { broken.append("inners neither started nor released: \(accounted) of \(world.innersSent)") }
        }
        return broken
    }
}
