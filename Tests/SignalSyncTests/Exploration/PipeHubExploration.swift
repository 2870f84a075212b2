@testable import SignalSync

/// `PipeHubEngine` (the locked path; pushes one at a time): `add` (on `.replay` the adder
/// delivers the value read in the same lock section and owns the subscriber's delivery
/// until `ownerFinished` says `.released`, delivering each pending value it hands out),
/// `push` (delivers to the live subscribers after unlocking and, on `.deliverThenEnd`,
/// reports `pushEnded`, whose handovers make the pusher the owner of those subscribers),
/// `remove` of each subscriber once, `close` once.
struct PipeHubModel: MachineModel {
    typealias Machine = PipeHubMachine<Int, Int>
    struct World {
        var machine: Machine
        var subscribers = 0
        var keys: [Int: Int] = [:]
        var removed: Set<Int> = []
        var pushes = 0
        /// The running pusher's sequence and targets, once `.deliverThenEnd`.
        var pusher: (sequence: Int, targets: [Int])?
        var owners: Set<Int> = []
        /// The last value each subscriber received (all the checks read).
        var received: [Int: Int] = [:]
        /// The newest value each subscriber must end up with.
        var owed: [Int: Int] = [:]
        var closed = false
        /// A value cell's conditional set: the sequence it read, and its clears.
        var reading: Int?
        var clears = 0
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case add
        case push
        case pushEnd
        case ownerFinished(Int)
        case remove(Int)
        case close
        case clear
        case read
        case commit
        var description: String {
            switch self {
            case .add: "add"
            case .push: "push"
            case .pushEnd: "pushEnd"
            case .ownerFinished(let subscriber): "ownerFinished(s\(subscriber))"
            case .remove(let subscriber): "remove(s\(subscriber))"
            case .close: "close"
            case .clear: "clear"
            case .read: "read"
            case .commit: "push(ifSequence:)"
            }
        }
    }
    let start: String
    let maxSubscribers: Int
    /// A value cell's hub (`ValueCellMachine`): also `clear` and the conditional set.
    var cell = false
    var maxPushes = 3
    var name: String { cell ? "ValueCell (PipeHub, \(start))" : "PipeHub (\(start))" }
    var bound: String {
        "\(maxSubscribers) subscribers, \(maxPushes) pushes one at a time" + (cell ? " (conditional ones included), 1 clear" : "")
    }

    func initial() -> World {
        switch start {
        case "silent": World(machine: Machine(.silent))
        case "empty": World(machine: Machine(.empty))
        default: World(machine: Machine(.holding(0)))
        }
    }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.subscribers < maxSubscribers { events.append(.add) }
        if world.pusher == nil && world.pushes < maxPushes { events.append(.push) }
        if world.pusher != nil { events.append(.pushEnd) }
        events += world.owners.sorted().map { .ownerFinished($0) }
        events += world.keys.keys.sorted().filter { !world.removed.contains($0) }.map { .remove($0) }
        if !world.closed { events.append(.close) }
        if cell {
            if world.clears < 1 { events.append(.clear) }
            if world.reading == nil && world.pushes < maxPushes { events.append(.read) }
            if world.reading != nil && world.pusher == nil && world.pushes < maxPushes { events.append(.commit) }
        }
        return events
    }

    private func deliver(_ value: Int, to subscriber: Int, _ world: inout World) {
        if let last = world.received[subscriber], last >= value {
            world.wrong.append("s\(subscriber) got \(value) after \(last)")
        }
        world.received[subscriber] = value
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .add:
            let subscriber = world.subscribers
            world.subscribers += 1
            switch world.machine.add(subscriber) {
            case .added(let key):
                world.keys[subscriber] = key
                return "added"
            case .replay(let key):
                world.keys[subscriber] = key
                guard let replayed = world.machine.replayed else { return "replay(nothing)" }
                deliver(replayed, to: subscriber, &world)
                world.owed[subscriber] = replayed
                world.owners.insert(subscriber)
                return "replay(\(replayed))"
            case .refused: return "refused"
            }
        case .push:
            world.pushes += 1
            return pushed(world.machine.push(world.pushes), &world)
        case .pushEnd:
            let (sequence, targets) = world.pusher!
            world.pusher = nil
            for target in targets { deliver(world.pushes, to: target, &world) }
            switch world.machine.pushEnded(sequence) {
            case .done: return "done"
            case .deliver(let handovers):
                for handover in handovers {
                    if world.owners.contains(handover.subscriber) { world.wrong.append("s\(handover.subscriber) handed over while owned") }
                    deliver(handover.value.value, to: handover.subscriber, &world)
                    world.owners.insert(handover.subscriber)
                }
                return "handover(\(handovers.map(\.subscriber)))"
            }
        case .ownerFinished(let subscriber):
            switch world.machine.ownerFinished(world.keys[subscriber]!) {
            case .released:
                world.owners.remove(subscriber)
                return "released"
            case .deliver(let target, let pending):
                deliver(pending.value, to: target, &world)
                return "deliver(\(pending.value))"
            }
        case .remove(let subscriber):
            world.removed.insert(subscriber)
            switch world.machine.remove(world.keys[subscriber]!) {
            case .unknown: return "unknown"
            case .removed(let departed, _):
                if departed != subscriber { world.wrong.append("removed s\(departed) for s\(subscriber)") }
                return "removed"
            }
        case .close:
            world.closed = true
            switch world.machine.close() {
            case .release: return "release"
            case .alreadyClosed: return "alreadyClosed"
            }
        case .clear:
            world.clears += 1
            switch world.machine.clear() {
            case .release: return "release"
            case .none: return "none"
            }
        case .read:
            world.reading = world.machine.reading.sequence
            return "read(\(world.reading!))"
        case .commit:
            let sequence = world.reading!
            world.reading = nil
            switch world.machine.push(world.pushes + 1, ifSequence: sequence) {
            case .push(let action):
                world.pushes += 1
                return pushed(action, &world)
            case .superseded: return "superseded"
            }
        }
    }

    /// Performs a push's action (the value is the push count).
    private func pushed(_ action: Machine.PushAction, _ world: inout World) -> String {
        let value = world.pushes
        for (subscriber, _) in world.keys where !world.removed.contains(subscriber) && !world.closed { world.owed[subscriber] = value }
        switch action {
        case .deliver(let targets, _):
            for target in targets { deliver(value, to: target, &world) }
            return "deliver(\(targets))"
        case .deliverThenEnd(let sequence, let targets, _, _):
            world.pusher = (sequence, targets)
            return "deliverThenEnd(\(targets))"
        }
    }

    func kind(_ world: World) -> String { "\(world.machine.state)" }

    func key(_ world: World) -> String {
        var entries: [String] = []
        world.machine.entries.forEach { key, entry in
            let delivery: String
            switch entry.delivery {
            case .live: delivery = "live"
            case .owned(let pending): delivery = "owned(\(pending.map { "\($0.sequence):\($0.value.value):\($0.pusherRunning)" } ?? "-"))"
            case .unowned(let pending): delivery = "unowned(\(pending.sequence):\(pending.value.value):\(pending.pusherRunning))"
            }
            entries.append("\(key):\(entry.subscriber):\(delivery)")
        }
        return "\(world.machine.state) h\(String(describing: world.machine.replayed)) \(entries) nl\(world.machine.notLive) "
            + "n\(world.subscribers) rm\(world.removed.sorted()) p\(world.pushes) pu\(world.pusher.map { "\($0.targets)" } ?? "-") "
            + "o\(world.owners.sorted()) r\(world.received.sorted { $0.key < $1.key }.map { "\($0)" }) "
            + "ow\(world.owed.sorted { $0.key < $1.key }.map { "\($0)" }) c\(world.closed) rd\(String(describing: world.reading)) cl\(world.clears) \(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if world.pusher == nil && world.owners.isEmpty && !world.closed {
            // Quiet: every subscriber still in has the newest value it is owed.
            for (subscriber, owed) in world.owed where !world.removed.contains(subscriber) && world.received[subscriber] != owed {
                broken.append("s\(subscriber) ends with \(String(describing: world.received[subscriber])), owed \(owed)")
            }
        }
        return broken
    }
}
