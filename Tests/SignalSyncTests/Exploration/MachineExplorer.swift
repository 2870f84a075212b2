import Dispatch

/// A machine under exploration: its engine's grammar (which events the engine can send
/// in each state), how one event is applied (the transition, and a record of the action it
/// returned), a key that tells states apart, and the invariants the actions must keep.
///
/// A `World` is the machine together with what the model keeps beside it: the engine's
/// view of the environment (a resource started, a turn put, a timer armed) and a record of
/// the actions returned so far, on which the invariants are checked.
protocol MachineModel {
    associatedtype World
    associatedtype Event

    /// The machine's name, for the summary.
    var name: String { get }
    /// What bounds the exploration ("none" when the machine's states are finite).
    var bound: String { get }
    /// Whether a copy of a world shares storage with it (a machine holding `ValueBatch`
    /// objects): then each state is reached again by replaying its events from `initial()`.
    var sharesStorage: Bool { get }

    func initial() -> World
    /// The events the engine can send in `world`: every one of them must run, and keep
    /// the invariants.
    func legalEvents(in world: World) -> [Event]
    /// Applies `event`; returns a short record of the action the machine returned.
    func apply(_ event: Event, to world: inout World) -> String
    /// What tells two worlds apart: the machine's state, its payload normalized, and
    /// whatever of the model's record the invariants still read.
    func key(_ world: World) -> String
    /// The `State` case of the machine, for the count of distinct phases.
    func kind(_ world: World) -> String
    /// The invariants broken in `world` (empty: all hold); `final` says that no event is
    /// legal any more.
    func violations(in world: World, final: Bool) -> [String]
}

extension MachineModel {
    var sharesStorage: Bool { false }
    var bound: String { "none" }
}

/// What an exploration found.
struct ExplorationResult {
    var machine: String
    var bound: String
    /// Distinct keys reached.
    var states = 0
    /// Distinct `State` cases reached.
    var kinds: Set<String> = []
    /// Distinct (key, event, next key) edges taken (counted by their hashes).
    var transitions = 0
    /// The depth of the last breadth-first level at which a new key appeared.
    var depth = 0
    /// Broken invariants, each with the event sequence that reached it.
    var findings: [String] = []
    /// How long the exploration took, in seconds.
    var seconds = 0.0
}

/// Explores a machine breadth-first: from each newly reached key, every legal event. Two
/// worlds with the same key behave alike from then on (the key holds whatever the
/// grammar and the invariants read), so once a level brings no new key every legal
/// sequence of any length has been covered.
struct MachineExplorer<Model: MachineModel> {
    let model: Model
    /// A safety stop for a model whose key is not bounded.
    var maxDepth = 64

    func run() -> ExplorationResult {
        let started = DispatchTime.now().uptimeNanoseconds
        var result = ExplorationResult(machine: model.name, bound: model.bound)
        let start = model.initial()
        var seen: Set<String> = [model.key(start)]
        var frontier: [(world: World, path: [String], events: [Model.Event])] = [(start, [], [])]
        result.kinds.insert(model.kind(start))
        var edges: Set<Int> = []
        var level = 0
        while !frontier.isEmpty && level < maxDepth {
            level += 1
            var next: [(world: World, path: [String], events: [Model.Event])] = []
            for node in frontier {
                let events = model.legalEvents(in: node.world)
                if events.isEmpty {
                    note(model.violations(in: node.world, final: true), path: node.path, in: &result)
                }
                let fromKey = model.key(node.world)
                for event in events {
                    var world = model.sharesStorage ? replay(node.events) : node.world
                    let record = model.apply(event, to: &world)
                    let step = "\(event) -> \(record)"
                    note(model.violations(in: world, final: false), path: node.path + [step], in: &result)
                    let key = model.key(world)
                    var edge = Hasher()
                    edge.combine(fromKey)
                    edge.combine("\(event)")
                    edge.combine(key)
                    edges.insert(edge.finalize())
                    result.kinds.insert(model.kind(world))
                    if seen.insert(key).inserted {
                        next.append((world, node.path + [step], node.events + [event]))
                    }
                }
            }
            if !next.isEmpty { result.depth = level }
            frontier = next
        }
        if !frontier.isEmpty {
            result.findings.append("stopped at depth \(maxDepth) with \(frontier.count) new states left")
        }
        result.states = seen.count
        result.transitions = edges.count
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return result
    }

    typealias World = Model.World

    private func replay(_ events: [Model.Event]) -> World {
        var world = model.initial()
        for event in events { _ = model.apply(event, to: &world) }
        return world
    }

    private func note(_ broken: [String], path: @autoclosure () -> [String], in result: inout ExplorationResult) {
        guard !broken.isEmpty else { return }
        let path = path()
        for violation in broken where result.findings.count < 20 {
            result.findings.append("\(violation) after [\(path.joined(separator: "; "))]")
        }
    }
}
