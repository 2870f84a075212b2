@testable import SignalSync

/// `ShareEngine`: `subscribe` (a subscriber arrives; on `.start` the engine runs the
/// source's start, during which anything else can happen, then reports `started`), the
/// source of any run that began (the current or a stale one) sends values (`next`) and
/// at most one terminal event (`finish`), after a `finish` that delivers the engine
/// reports `terminalDelivered`, and each membership leaves (`leave`, a second time too:
/// a membership's disposal is idempotent). With `replay` > 0 (`.whileConnected`, as
/// `share(replay:)` runs it), values go through `next(_:_:)`, and a subscriber that joins
/// with values to replay asks `replayed` until its replay is over (`replayed(s)`, also
/// after it left); each subscriber's values are checked to be its run's, from its joining
/// point (the last `replay` values before it joined), none missing or doubled, all of them
/// before its terminal event.
struct ShareModel: MachineModel {
    typealias Machine = ShareMachine<Int, Int, String, Int>
    struct World {
        var machine: Machine
        var subscribers = 0
        /// Keys of memberships handed out, by subscriber, with how often each left.
        var keys: [Int: Int] = [:]
        var leaves: [Int: Int] = [:]
        /// Runs whose start has not returned.
        var starting: [Int] = []
        /// Runs begun, and those whose source sent its terminal event.
        var runs = 0
        var finishedRuns: Set<Int> = []
        var values = 0
        var deliveryPending = false
        /// How often each run's handle was ended (disposed or released), by generation.
        var ended: [Int: Int] = [:]
        var handles: Set<Int> = []
        /// Subscribers that got a terminal event (how often), and members by the machine's
        /// last word (joined, not left).
        var terminals: [Int: Int] = [:]
        var wrongReceivers: [String] = []
        var forgotten = false
        var rejectedBeforeForget = false
        /// The values each run's source sent while it was the current run, in order.
        var runValues: [Int: [Int]] = [:]
        /// Each subscriber's run, where in its values it must begin, and what it received.
        var runOf: [Int: Int] = [:]
        var joinIndex: [Int: Int] = [:]
        var received: [Int: [Int]] = [:]
        /// Subscribers whose replay loop has not been told it is over.
        var joining: Set<Int> = []
    }
    enum Event: CustomStringConvertible {
        case subscribe
        case started(Int)
        case next(Int)
        case finish(Int)
        case delivered
        case leave(Int)
        case replayed(Int)
        var description: String {
            switch self {
            case .subscribe: "subscribe"
            case .started(let generation): "started(\(generation))"
            case .next(let generation): "next(\(generation))"
            case .finish(let generation): "finish(\(generation))"
            case .delivered: "terminalDelivered"
            case .leave(let subscriber): "leave(s\(subscriber))"
            case .replayed(let subscriber): "replayed(s\(subscriber))"
            }
        }
    }
    let reuse: Machine.Reuse
    var replay = 0
    var name: String { replay > 0 || reuse == .whileConnected ? "Share (\(reuse), replay \(replay))" : "Share (\(reuse))" }
    /// How often a membership may leave: the replaying models, whose worlds are larger,
    /// leave once (the restart and once models cover the second leave).
    var maxLeaves: Int { reuse == .whileConnected ? 1 : 2 }
    /// Subscribers in all: two for a replay of 2 (a joiner among three is replay 1's).
    var maxSubscribers: Int { replay > 1 ? 2 : 3 }
    var bound: String { "\(maxSubscribers) subscribers, 2 values, each membership leaves at most \(maxLeaves == 1 ? "once" : "twice")" }

    func initial() -> World { World(machine: Machine(reuse: reuse, replay: replay)) }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.subscribers < maxSubscribers { events.append(.subscribe) }
        events += world.starting.map { .started($0) }
        for generation in 1...max(world.runs, 1) where generation <= world.runs {
            if world.values < 2 { events.append(.next(generation)) }
            if !world.finishedRuns.contains(generation) { events.append(.finish(generation)) }
        }
        if world.deliveryPending { events.append(.delivered) }
        for subscriber in world.keys.keys.sorted() where world.leaves[subscriber, default: 0] < maxLeaves {
            events.append(.leave(subscriber))
        }
        events += world.joining.sorted().map { .replayed($0) }
        return events
    }

    private func members(_ world: World) -> [Int] {
        if case .running(let run) = world.machine.state { return run.members.values }
        return []
    }

    /// The members that receive the source's values (not those receiving their replay).
    private func receivers(_ world: World) -> [Int] {
        members(world).filter { !world.joining.contains($0) }
    }

    /// Records `value` for `subscriber`, checking it comes next in its run.
    private func receive(_ value: Int, _ subscriber: Int, _ world: inout World) {
        if world.terminals[subscriber, default: 0] > 0 { world.wrongReceivers.append("s\(subscriber) got \(value) after its end") }
        world.received[subscriber, default: []].append(value)
        let got = world.received[subscriber]!
        let run = world.runValues[world.runOf[subscriber] ?? 0] ?? []
        let from = world.joinIndex[subscriber] ?? 0
        let expected = Array(run[min(from, run.count)..<min(from + got.count, run.count)])
        if got != expected { world.wrongReceivers.append("s\(subscriber) got \(got), its run sent \(run) from \(from)") }
    }

    /// Checks that `subscriber`, given its terminal event, had every value of its run.
    private func ended(_ subscriber: Int, _ world: inout World) {
        world.terminals[subscriber, default: 0] += 1
        guard reuse == .whileConnected, let generation = world.runOf[subscriber] else { return }
        let run = world.runValues[generation] ?? []
        let missing = run.count - (world.joinIndex[subscriber] ?? 0) - (world.received[subscriber]?.count ?? 0)
        if missing != 0 { world.wrongReceivers.append("s\(subscriber) ended missing \(missing) values of \(run)") }
    }

    private func generation(_ world: World) -> Int? {
        if case .running(let run) = world.machine.state { return run.generation }
        return nil
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .subscribe:
            let subscriber = world.subscribers
            world.subscribers += 1
            switch world.machine.subscribe(subscriber) {
            case .start(let generation, let key):
                if generation != world.runs + 1 { world.wrongReceivers.append("run \(generation) after \(world.runs)") }
                world.runs = generation
                world.starting.append(generation)
                world.keys[subscriber] = key
                world.runOf[subscriber] = generation
                world.runValues[generation] = []
                world.joinIndex[subscriber] = 0
                return "start(\(generation))"
            case .joined(let key):
                world.keys[subscriber] = key
                let generation = world.runs
                world.runOf[subscriber] = generation
                world.joinIndex[subscriber] = world.runValues[generation]?.count ?? 0
                return "joined"
            case .joinedReplaying(let key):
                world.keys[subscriber] = key
                let generation = world.runs
                let sent = world.runValues[generation]?.count ?? 0
                if replay == 0 || sent == 0 { world.wrongReceivers.append("s\(subscriber) replays \(sent) values of replay \(replay)") }
                world.runOf[subscriber] = generation
                world.joinIndex[subscriber] = max(0, sent - replay)
                world.joining.insert(subscriber)
                return "joinedReplaying"
            case .replay:
                if reuse == .whileConnected { world.wrongReceivers.append("s\(subscriber) got an old run's end") }
                world.terminals[subscriber, default: 0] += 1
                return "replay"
            case .rejected:
                if !world.forgotten { world.rejectedBeforeForget = true }
                return "rejected"
            }
        case .started(let generation):
            world.starting.removeAll { $0 == generation }
            world.handles.insert(generation)
            switch world.machine.started(generation, handle: generation) {
            case .keep: return "keep"
            case .dispose(let handle):
                world.ended[handle, default: 0] += 1
                return "dispose"
            }
        case .next(let generation):
            let value = world.values
            world.values += 1
            let current = self.generation(world) == generation
            let expected = current ? receivers(world) : []
            if current { world.runValues[generation, default: []].append(value) }
            switch reuse == .whileConnected ? world.machine.next(value, generation) : world.machine.next(generation) {
            case .deliver(let receivers):
                if receivers != expected { world.wrongReceivers.append("value to \(receivers), members \(expected)") }
                if reuse == .whileConnected { for receiver in receivers { receive(value, receiver, &world) } }
                return "deliver(\(receivers.count))"
            case .drop:
                if !expected.isEmpty { world.wrongReceivers.append("value dropped for members \(expected)") }
                return "drop"
            }
        case .finish(let generation):
            world.finishedRuns.insert(generation)
            let expected = self.generation(world) == generation ? receivers(world) : nil
            switch world.machine.finish("end", generation) {
            case .deliver(let receivers, let handle):
                if receivers != expected { world.wrongReceivers.append("terminal to \(receivers), members \(String(describing: expected))") }
                for receiver in receivers { ended(receiver, &world) }
                if let handle { world.ended[handle, default: 0] += 1 }
                world.deliveryPending = true
                return "deliver(\(receivers.count))"
            case .ignore:
                if expected != nil { world.wrongReceivers.append("terminal ignored in its run") }
                return "ignore"
            }
        case .delivered:
            world.deliveryPending = false
            switch world.machine.terminalDelivered() {
            case .none: return "none"
            case .forget:
                world.forgotten = true
                return "forget"
            }
        case .leave(let subscriber):
            world.leaves[subscriber, default: 0] += 1
            switch world.machine.leave(world.keys[subscriber]!) {
            case .release(let departed):
                if let departed, departed != subscriber { world.wrongReceivers.append("s\(subscriber) left as s\(departed)") }
                return departed == nil ? "release(nil)" : "release"
            case .stop(let departed, let handle, let forget):
                if departed != subscriber { world.wrongReceivers.append("s\(subscriber) left as s\(departed)") }
                if let handle { world.ended[handle, default: 0] += 1 }
                if forget { world.forgotten = true }
                return "stop(\(handle.map(String.init) ?? "nil"), forget: \(forget))"
            }
        case .replayed(let subscriber):
            switch world.machine.replayed(world.keys[subscriber]!) {
            case .value(let value):
                receive(value, subscriber, &world)
                return "value(\(value))"
            case .terminal:
                world.joining.remove(subscriber)
                ended(subscriber, &world)
                return "terminal"
            case .live:
                world.joining.remove(subscriber)
                if world.leaves[subscriber, default: 0] > 0 { world.wrongReceivers.append("s\(subscriber) live after leaving") }
                if !members(world).contains(subscriber) { world.wrongReceivers.append("s\(subscriber) live outside the run") }
                return "live"
            case .stopped:
                world.joining.remove(subscriber)
                if world.leaves[subscriber, default: 0] == 0 { world.wrongReceivers.append("s\(subscriber)'s replay stopped while it stays") }
                return "stopped"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .idle: "idle"
        case .running: "running"
        case .finished: "finished"
        case .closed: "closed"
        case .modifying: "modifying"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        if case .running(let run) = world.machine.state {
            let members = run.members.keyedValues.map { "\($0.key):\($0.element)" }
            machine += "(g\(run.generation) \(members) snap\(run.snapshot != nil) h\(String(describing: run.handle)) b\(run.buffer?.values ?? []))"
        }
        if reuse == .whileConnected {
            let joiners = world.machine.joiners.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.pending.count)\($0.value.terminal ?? "")" }
            machine += " j\(joiners) rv\(world.runValues.sorted { $0.key < $1.key }.map { "\($0)" })"
            machine += " ro\(world.runOf.sorted { $0.key < $1.key }.map { "\($0)" }) ji\(world.joinIndex.sorted { $0.key < $1.key }.map { "\($0)" })"
            // Counts only: each value received was checked as it came (`receive`).
            machine += " rc\(world.received.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.count)" }) jn\(world.joining.sorted())"
        }
        return
            "\(machine) nk\(world.machine.nextKey) s\(world.subscribers) k\(world.keys.sorted { $0.key < $1.key }.map { "\($0)" }) "
            + "l\(world.leaves.sorted { $0.key < $1.key }.map { "\($0)" }) st\(world.starting) r\(world.runs) f\(world.finishedRuns.sorted()) "
            + "v\(world.values) p\(world.deliveryPending) e\(world.ended.sorted { $0.key < $1.key }.map { "\($0)" }) h\(world.handles.sorted()) "
            + "t\(world.terminals.sorted { $0.key < $1.key }.map { "\($0)" }) w\(world.wrongReceivers.count) fg\(world.forgotten)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrongReceivers
        // Two starts may run at once (a run ended while starting and the next began); a
        // stale run's handle is disposed when its start returns (checked at the end).
        if let current = generation(world), world.starting.contains(where: { $0 > current }) {
            broken.append("a start of a run newer than the current one")
        }
        for (handle, count) in world.ended where count > 1 { broken.append("handle \(handle) ended \(count) times") }
        for (subscriber, count) in world.terminals where count > 1 { broken.append("s\(subscriber) got \(count) terminal events") }
        if world.rejectedBeforeForget { broken.append("rejected before the owner was told to forget") }
        if reuse != .once && world.forgotten { broken.append("a \(reuse) engine asked to be forgotten") }
        if reuse == .whileConnected, kind(world) == "finished" || kind(world) == "closed" {
            broken.append("a whileConnected engine kept its end (\(kind(world)))")
        }
        if final {
            // Every membership left and every start returned: every handle is ended once.
            for handle in world.handles where world.ended[handle, default: 0] != 1 {
                broken.append("handle \(handle) ended \(world.ended[handle, default: 0]) times at the end")
            }
            if kind(world) == "running" { broken.append("running with every subscriber gone") }
            if !world.machine.joiners.isEmpty { broken.append("joiners left over: \(world.machine.joiners.keys.sorted())") }
        }
        return broken
    }
}
