#if !MACHINE_FUZZER  // the machine fuzzer compiles this file with the machine in its own module
    @testable import SignalSync
#endif

/// `QueueLineEngine` on a serial queue: work and event turns are put from any thread
/// (`put`, `putTurn`; `.scheduleHop` schedules a hop), a `sync` caller asks for its turn
/// (`lendForSync`: it runs now, or waits to be woken) and returns (`syncReturned`, which
/// may schedule a hop); a hop takes the waiting turns (`take`), runs them one by one, and
/// at a `sync` caller's turn lends it the queue (`lend`, then wakes it, and the hop
/// ends); after a run list it recycles the list and takes again.
struct QueueLineModel: MachineModel {
    typealias Machine = QueueLineMachine<Int, ExploredResource>
    struct World {
        var machine = Machine()
        var nextID = 0
        var works = 0
        var eventTurns = 0
        var syncs = 0
        var hopsScheduled = 0
        /// The running hop's run list and the index of its next entry.
        var hop: (entries: [Machine.Entry], next: Int)?
        var syncRunning: Int?
        var syncWaiting: Set<Int> = []
        var put: [Int] = []
        var ran: [Int] = []
        var wrong: [String] = []
    }
    enum Event: String { case putWork, putTurn, sync, syncReturn, hopBegin, hopStep }
    let name = "QueueLine"
    /// How many works, event turns and `sync` callers come.
    var maxWorks = 2
    var maxEventTurns = 1
    var maxSyncs = 2
    var bound: String {
        "\(maxWorks) works, \(maxEventTurns) event \(maxEventTurns == 1 ? "turn" : "turns"), \(maxSyncs) sync callers"
    }

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.works < maxWorks { events.append(.putWork) }
        if world.eventTurns < maxEventTurns { events.append(.putTurn) }
        if world.syncs < maxSyncs { events.append(.sync) }
        if world.syncRunning != nil { events.append(.syncReturn) }
        if world.hop == nil && world.hopsScheduled > 0 { events.append(.hopBegin) }
        if world.hop != nil { events.append(.hopStep) }
        return events
    }

    private func scheduled(_ scheduleHop: Bool, _ world: inout World) {
        guard scheduleHop else { return }
        if world.hopsScheduled > 0 || world.hop != nil { world.wrong.append("a second hop while one is under way") }
        world.hopsScheduled += 1
    }

    private func run(_ id: Int, _ world: inout World) {
        if world.syncRunning != nil && world.syncRunning != id { world.wrong.append("turn \(id) ran while a sync caller held the queue") }
        world.ran.append(id)
    }

    private func taken(_ action: Machine.TakeAction, _ world: inout World) -> String {
        switch action {
        case .run(let entries):
            world.hop = (entries, 0)
            return "run(\(entries.count))"
        case .finishHop:
            world.hop = nil
            return "finishHop"
        }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .putWork, .putTurn:
            let id = world.nextID
            world.nextID += 1
            world.put.append(id)
            let action: Machine.PutAction
            if event == .putWork {
                world.works += 1
                action = world.machine.put(id)
            } else {
                world.eventTurns += 1
                // The client's turn: the model's one client stands for turn `id`.
                action = world.machine.putTurn(of: ExploredResource(id))
            }
            scheduled(action == .scheduleHop, &world)
            return "\(action)"
        case .sync:
            let id = world.nextID
            world.nextID += 1
            world.syncs += 1
            world.put.append(id)
            let action = world.machine.lendForSync(wake: id)
            if action == .runNow {
                if world.hop != nil || world.syncRunning != nil { world.wrong.append("a sync caller ran beside a hop") }
                world.syncRunning = id
                run(id, &world)
            } else {
                world.syncWaiting.insert(id)
            }
            return "\(action)"
        case .syncReturn:
            world.syncRunning = nil
            let action = world.machine.syncReturned()
            scheduled(action == .scheduleHop, &world)
            return "\(action)"
        case .hopBegin:
            world.hopsScheduled -= 1
            return taken(world.machine.take(), &world)
        case .hopStep:
            guard let (entries, next) = world.hop else { return "impossible" }
            guard next < entries.count else {
                world.machine.recycle([])
                return taken(world.machine.take(), &world)
            }
            world.hop = (entries, next + 1)
            switch entries[next] {
            case .work(let id):
                run(id, &world)
                return "work(\(id))"
            case .events(let client):
                run(client.id, &world)
                return "events(\(client.id))"
            case .lendQueue(let wake):
                world.machine.lend(remaining: entries[(next + 1)...])
                world.hop = nil
                world.syncWaiting.remove(wake)
                world.syncRunning = wake
                run(wake, &world)
                return "lend(\(wake))"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .idle: "idle"
        case .hopping: "hopping"
        case .lent: "lent"
        case .modifying: "modifying"
        }
    }

    private func describe(_ entries: [Machine.Entry]) -> String {
        entries.map { entry in
            switch entry {
            case .work(let id): "w\(id)"
            case .events(let client): "e\(client.id)"
            case .lendQueue(let wake): "s\(wake)"
            }
        }
        .joined(separator: ",")
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        switch world.machine.state {
        case .hopping(let waiting), .lent(let waiting): machine += "[\(describe(waiting))]"
        case .idle, .modifying: break
        }
        let hop = world.hop.map { "\(describe($0.entries))@\($0.next)" } ?? "-"
        return "\(machine) p\(world.machine.puts) w\(world.works) e\(world.eventTurns) s\(world.syncs) hs\(world.hopsScheduled) "
            + "hop\(hop) sr\(String(describing: world.syncRunning)) sw\(world.syncWaiting.sorted()) put\(world.put) ran\(world.ran) \(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if world.machine.puts != world.put.count { broken.append("the line counts \(world.machine.puts) puts of \(world.put.count)") }
        if world.ran != Array(world.put.prefix(world.ran.count)) { broken.append("turns ran \(world.ran), put \(world.put)") }
        let quiet = world.hopsScheduled == 0 && world.hop == nil && world.syncRunning == nil
        if quiet && world.ran != world.put { broken.append("stranded: ran \(world.ran) of \(world.put)") }
        if quiet && kind(world) != "idle" { broken.append("nothing under way but the line is \(kind(world))") }
        return broken
    }
}
