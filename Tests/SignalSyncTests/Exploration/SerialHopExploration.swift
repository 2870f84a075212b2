#if !MACHINE_FUZZER  // the machine fuzzer compiles this file with the machine in its own module
    @testable import SignalSync
#endif

/// `SerialHopEngine` on a serial queue: the producer offers values and one terminal
/// event, on the queue or not (re-entrantly from a delivery, from other work on the queue,
/// or from another thread), with the line's put count read just before; an offer told
/// `.putTurn` puts a turn on the line (the line's count grows) and then, maybe after
/// other events, reports `turnPut` with the count right after its put. Other work is put
/// on the line too. The queue runs one turn at a time: `takeTurn`, the delivery (during
/// which anything may happen), then `recycle` and `takeMore` until `.nothing`.
///
/// Terminal events are numbers here (the machine is generic over them), so a world holds
/// no closure; its `ValueBatch`es are shared by copies, so worlds are replayed.
struct SerialHopModel: MachineModel {
    typealias Machine = SerialHopMachine<Int, Int>
    struct World {
        var machine = Machine()
        var linePuts = 0
        var valuesSent = 0
        var terminalSent = false
        var otherPuts = 0
        /// Offers told `.putTurn` whose turn is not on the line yet.
        var toPut: [Int] = []
        /// Turns put, with the count to report, not yet reported.
        var toReport: [(segment: Int, linePuts: Int)] = []
        var queuedTurns = 0
        /// The running turn's segment and the batch it delivered.
        var running: (segment: Int, batch: ValueBatch<Int>)?
        var accepted: [Int] = []
        var delivered: [Int] = []
        var dropped: [Int] = []
        var terminals = 0
    }
    enum Event: CustomStringConvertible {
        case offer(onQueue: Bool)
        case offerTerminal(onQueue: Bool)
        case putTurn(Int)
        case turnPut(Int)
        case otherPut
        case takeTurn
        case takeMore
        var description: String {
            switch self {
            case .offer(let onQueue): onQueue ? "offer(onQueue)" : "offer"
            case .offerTerminal(let onQueue): onQueue ? "offerTerminal(onQueue)" : "offerTerminal"
            case .putTurn(let segment): "put(\(segment))"
            case .turnPut(let segment): "turnPut(\(segment))"
            case .otherPut: "otherPut"
            case .takeTurn: "takeTurn"
            case .takeMore: "takeMore"
            }
        }
    }
    static let terminal = -1
    let name = "SerialHop"
    /// How many values the producer offers, and other work puts on the line.
    var maxValues = 3
    var maxOtherPuts = 1
    var bound: String {
        "\(maxValues) values, 1 terminal event, \(maxOtherPuts) other \(maxOtherPuts == 1 ? "put" : "puts") on the line"
    }
    var sharesStorage: Bool { true }

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.valuesSent < maxValues { events += [.offer(onQueue: false), .offer(onQueue: true)] }
        if !world.terminalSent { events += [.offerTerminal(onQueue: false), .offerTerminal(onQueue: true)] }
        events += world.toPut.map { .putTurn($0) }
        events += world.toReport.map { .turnPut($0.segment) }
        if world.otherPuts < maxOtherPuts { events.append(.otherPut) }
        if world.running == nil && world.queuedTurns > 0 { events.append(.takeTurn) }
        if world.running != nil { events.append(.takeMore) }
        return events
    }

    private func offered(_ action: SerialHopOfferAction, _ value: Int, to world: inout World) -> String {
        switch action {
        case .deliverNow:
            world.accepted.append(value)
            world.delivered.append(value)
            if value == Self.terminal { world.terminals += 1 }
            return "deliverNow"
        case .drop:
            world.dropped.append(value)
            return "drop"
        case .joinedSegment:
            world.accepted.append(value)
            return "joinedSegment"
        case .putTurn(let segment):
            world.accepted.append(value)
            world.toPut.append(segment)
            return "putTurn(\(segment))"
        }
    }

    private func took(_ action: Machine.TakeAction, to world: inout World) -> String {
        switch action {
        case .nothing:
            world.running = nil
            return "nothing"
        case .deliver(let values, let terminal, let segment):
            let count = values.count
            world.delivered += values.elements
            if let terminal {
                world.delivered.append(terminal)
                world.terminals += 1
            }
            values.removeAll()
            world.running = (segment, values)
            return "deliver(\(count), terminal: \(terminal != nil), segment: \(segment))"
        }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .offer(let onQueue):
            let value = world.valuesSent
            world.valuesSent += 1
            return offered(world.machine.offer(value, linePuts: world.linePuts, onQueue: onQueue), value, to: &world)
        case .offerTerminal(let onQueue):
            world.terminalSent = true
            return offered(world.machine.offerTerminal(Self.terminal, linePuts: world.linePuts, onQueue: onQueue), Self.terminal, to: &world)
        case .putTurn(let segment):
            world.toPut.removeAll { $0 == segment }
            world.linePuts += 1
            world.queuedTurns += 1
            world.toReport.append((segment, world.linePuts))
            return "put"
        case .turnPut(let segment):
            let index = world.toReport.firstIndex { $0.segment == segment }!
            let report = world.toReport.remove(at: index)
            world.machine.turnPut(segment: segment, linePuts: report.linePuts)
            return "reported"
        case .otherPut:
            world.otherPuts += 1
            world.linePuts += 1
            return "put"
        case .takeTurn:
            world.queuedTurns -= 1
            return took(world.machine.takeTurn(), to: &world)
        case .takeMore:
            let (segment, batch) = world.running!
            world.machine.recycle(batch)
            return took(world.machine.takeMore(of: segment), to: &world)
        }
    }

    func kind(_ world: World) -> String { "\(world.machine.state)" }

    func key(_ world: World) -> String {
        let machine = world.machine
        let closed = machine.closed[machine.closedHead...].map { "\($0.id):\($0.count):\(String(describing: $0.linePuts))" }
        let newest = machine.newest.map { "\($0.id):\($0.count):\(String(describing: $0.linePuts))" } ?? "-"
        return "\(machine.state) buf\(machine.buffer.elements) t\(String(describing: machine.terminal)) spare\(machine.spare != nil) "
            + "closed\(closed) newest\(newest) started\(machine.segmentsStarted) | lp\(world.linePuts) v\(world.valuesSent) "
            + "t\(world.terminalSent) o\(world.otherPuts) put\(world.toPut) rep\(world.toReport.map { "\($0.segment):\($0.linePuts)" }) "
            + "q\(world.queuedTurns) run\(world.running.map { "\($0.segment)" } ?? "-") acc\(world.accepted) del\(world.delivered) drop\(world.dropped)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.terminals > 1 { broken.append("the terminal event delivered twice") }
        if world.delivered != Array(world.accepted.prefix(world.delivered.count)) {
            broken.append("delivered \(world.delivered), not in the order accepted \(world.accepted)")
        }
        if world.dropped.contains(where: { $0 != Self.terminal }) && !world.accepted.contains(Self.terminal) {
            broken.append("a value dropped before the terminal event")
        }
        if world.accepted.contains(Self.terminal) && world.accepted.last != Self.terminal {
            broken.append("a value accepted after the terminal event")
        }
        let quiet = world.toPut.isEmpty && world.toReport.isEmpty && world.queuedTurns == 0 && world.running == nil
        if quiet && world.delivered != world.accepted {
            broken.append("stranded: every turn ran, delivered \(world.delivered) of \(world.accepted)")
        }
        if quiet && !world.machine.isIdle { broken.append("every turn ran but the hop is not idle") }
        return broken
    }
}
