@testable import SignalSync

/// `CombineLatestEngine` with two sources: the face subscribes them in index order (the
/// next one once the previous start returned and was attached, and not once disposed);
/// each subscribed source sends values and at most one terminal event (a completion or
/// an error), during its start or after; `attach` keeps each start's handle; a disposal
/// comes at any time.
struct CombineLatestModel: MachineModel {
    typealias Machine = CombineLatestMachine
    static let sources = 2
    struct World {
        var machine: Machine
        var values = [0, 0]
        var terminated = [false, false]
        var completedSources = [false, false]
        var filled: [Bool]
        var attached = [false, false]
        var subscribed = [true, false]
        var disposals = 0
        var downstream: [String] = []
        var ended: [Int] = []
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case value(Int)
        case complete(Int)
        case fail(Int)
        case attach(Int)
        case dispose
        var description: String {
            switch self {
            case .value(let index): "value(\(index))"
            case .complete(let index): "complete(\(index))"
            case .fail(let index): "fail(\(index))"
            case .attach(let index): "attach(\(index))"
            case .dispose: "dispose"
            }
        }
    }
    let seeded: Int
    let disposal: CompletedSourceDisposal
    var name: String { "CombineLatest (\(disposal), \(seeded) seeded)" }
    let bound = "2 sources, 2 values each, 2 disposals"

    func initial() -> World {
        World(
            machine: Machine(count: Self.sources, seeded: seeded, completedSourceDisposal: disposal),
            filled: (0..<Self.sources).map { $0 < seeded })
    }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        for index in 0..<Self.sources where world.subscribed[index] {
            if !world.terminated[index] {
                if world.values[index] < 2 { events.append(.value(index)) }
                events += [.complete(index), .fail(index)]
            }
            if !world.attached[index] { events.append(.attach(index)) }
        }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    private func end(_ handle: Machine.Handle?, _ world: inout World) {
        guard let id = (handle as? ExploredResource)?.id else { return }
        if world.ended.contains(id) { world.wrong.append("source \(id) disposed twice") }
        world.ended.append(id)
    }

    private func terminate(_ event: String, _ world: inout World) {
        if world.downstream.contains(where: { $0 != "value" }) { world.wrong.append("\(event) after the end") }
        world.downstream.append(event)
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .value(let index):
            world.values[index] += 1
            world.filled[index] = true
            let action = world.machine.valueArrived(at: index)
            if action == .emit {
                if world.filled.contains(false) { world.wrong.append("emitted with a slot empty") }
                if world.downstream.contains(where: { $0 != "value" }) { world.wrong.append("a value after the end") }
                world.downstream.append("value")
            }
            return "\(action)"
        case .complete(let index):
            world.terminated[index] = true
            world.completedSources[index] = true
            switch world.machine.sourceCompleted(at: index) {
            case .none: return "none"
            case .disposeSource(let handle):
                if disposal != .atCompletion { world.wrong.append("disposed at completion in \(disposal)") }
                end(handle, &world)
                return "disposeSource"
            case .complete(let handle):
                if world.completedSources.contains(false) { world.wrong.append("completed with a source live") }
                end(handle, &world)
                terminate("completed", &world)
                return "complete"
            }
        case .fail(let index):
            world.terminated[index] = true
            let action = world.machine.sourceFailed()
            if action == .forward { terminate("error", &world) }
            return "\(action)"
        case .attach(let index):
            world.attached[index] = true
            if index + 1 < Self.sources && !world.machine.isDisposed { world.subscribed[index + 1] = true }
            switch world.machine.attach(ExploredResource(index), at: index) {
            case .keep: return "keep"
            case .dispose(let handle):
                end(handle, &world)
                return "dispose"
            }
        case .dispose:
            world.disposals += 1
            switch world.machine.dispose() {
            case .none: return "none"
            case .dispose(let handles):
                for handle in handles { end(handle, &world) }
                return "dispose(\(handles.compactMap { $0 }.count))"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .running: "running"
        case .disposedWhileOpen: "disposedWhileOpen"
        case .ended: "ended"
        case .closed: "closed"
        case .modifying: "modifying"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        switch world.machine.state {
        case .running(let handles), .ended(let handles): machine += "\(handles.map { ($0 as? ExploredResource)?.id ?? -1 })"
        default: break
        }
        return "\(machine) v\(world.values) t\(world.terminated) c\(world.completedSources) f\(world.filled) a\(world.attached) "
            + "s\(world.subscribed) d\(world.disposals) ds\(world.downstream.suffix(2)) e\(world.ended) w\(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        let terminals = world.downstream.filter { $0 != "value" }
        if terminals.count > 1 { broken.append("two terminal events: \(terminals)") }
        if !world.completedSources.contains(false) && !world.downstream.contains("error") && terminals != ["completed"] {
            broken.append("every source completed, but no completion went downstream")
        }
        if final {
            for index in 0..<Self.sources where world.attached[index] && !world.ended.contains(index) {
                broken.append("source \(index) never disposed")
            }
        }
        return broken
    }
}
