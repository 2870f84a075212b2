@testable import SignalSync

/// What the combining models record of the downstream side and the subscriptions: the
/// terminal events sent, anything sent after the end, and the subscriptions handed out
/// to be disposed.
struct CombiningRecord: Hashable {
    var terminals = 0
    var sentAfterEnd = false
    /// The output has ended (a terminal event sent, or disposed).
    var ended = false
    /// Per source: subscribed (its start began), attached (its start returned), how often
    /// its handle was handed out to be disposed.
    var begun: [Bool]
    var attached: [Bool]
    var disposedHandles: [Int]

    init(count: Int) {
        begun = Array(repeating: false, count: count)
        attached = Array(repeating: false, count: count)
        disposedHandles = Array(repeating: 0, count: count)
    }

    mutating func handOut(_ handles: [ExploredResource]) {
        for handle in handles { disposedHandles[handle.id] += 1 }
    }

    mutating func terminal() {
        if ended { sentAfterEnd = true }
        terminals += 1
        ended = true
    }

    mutating func sent() {
        if ended { sentAfterEnd = true }
    }

    /// The invariants every combining machine keeps.
    func violations(running: Bool) -> [String] {
        var broken: [String] = []
        if terminals > 1 { broken.append("two terminal events") }
        if sentAfterEnd { broken.append("an event sent after the end") }
        if disposedHandles.contains(where: { $0 > 1 }) { broken.append("a subscription handed out twice") }
        if ended && running { broken.append("ended, but the machine still runs") }
        if !running {
            for index in attached.indices where attached[index] && disposedHandles[index] == 0 {
                broken.append("ended, but source \(index)'s attached subscription was never handed out")
            }
        }
        for index in begun.indices.dropFirst() where begun[index] && !attached[index - 1] {
            broken.append("source \(index) subscribed before source \(index - 1)'s start returned")
        }
        return broken
    }

    var key: String {
        "t\(terminals) a\(sentAfterEnd) e\(ended) b\(begun) at\(attached) d\(disposedHandles)"
    }
}

/// `MergeEngine` over two sources: the face begins source 0, then (while the machine
/// runs, once 0's start returned) source 1; a begun source sends values (not the
/// machine's business), at most one completion or error; the output's disposal comes at
/// any time (at most twice).
/// The events of a two-source combining model that sends values (`ZipModel`,
/// `WithLatestFromModel`): a source's start begins and returns, it sends a value or ends,
/// the output is disposed.
enum CombiningEvent: Hashable {
    case begin(Int)
    case attach(Int)
    case value(Int)
    case complete(Int)
    case fail(Int)
    case dispose
}

extension CombiningRecord {
    /// The legal events of two sources subscribed in order while the machine runs (each
    /// once the one before has returned), with at most two values and one terminal event
    /// each, and two disposals.
    func legalEvents(isRunning: Bool, sentValues: [Int], terminated: [Bool], disposals: Int) -> [CombiningEvent] {
        var events: [CombiningEvent] = []
        for index in 0..<2 {
            let previousReturned = index == 0 || attached[index - 1]
            if !begun[index] && previousReturned && isRunning { events.append(.begin(index)) }
            if begun[index] && !attached[index] { events.append(.attach(index)) }
            if begun[index] && !terminated[index] {
                if sentValues[index] < 2 { events.append(.value(index)) }
                events.append(.complete(index))
                events.append(.fail(index))
            }
        }
        if disposals < 2 { events.append(.dispose) }
        return events
    }
}

struct MergeModel: MachineModel {
    struct World {
        var machine = MergeMachine<ExploredResource>(count: 2)
        var record = CombiningRecord(count: 2)
        /// Per source: terminated.
        var terminated = [false, false]
        var completions = 0
        var failed = false
        var earlyCompletion = false
        var disposals = 0
    }
    enum Event: Hashable {
        case begin(Int)
        case attach(Int)
        case complete(Int)
        case fail(Int)
        case dispose
    }
    let name = "Merge"
    let bound = "2 sources, 1 terminal event each, 2 disposals"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        for index in 0..<2 {
            let previousReturned = index == 0 || world.record.attached[index - 1]
            if !world.record.begun[index] && previousReturned && world.machine.isRunning { events.append(.begin(index)) }
            if world.record.begun[index] && !world.record.attached[index] { events.append(.attach(index)) }
            if world.record.begun[index] && !world.terminated[index] {
                events.append(.complete(index))
                events.append(.fail(index))
            }
        }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .begin(let index):
            world.record.begun[index] = true
            return "begin \(index)"
        case .attach(let index):
            world.record.attached[index] = true
            switch world.machine.attach(ExploredResource(index), at: index) {
            case .keep: return "keep"
            case .dispose(let handle):
                world.record.handOut([handle])
                return "dispose"
            }
        case .complete(let index), .fail(let index):
            world.terminated[index] = true
            let isError: Bool
            let action: MergeMachine<ExploredResource>.TerminalAction
            if case .fail = event {
                isError = true
                world.failed = true
                action = world.machine.sourceFailed()
            } else {
                isError = false
                world.completions += 1
                action = world.machine.sourceCompleted()
            }
            switch action {
            case .end(let handles):
                if !isError && world.completions < 2 { world.earlyCompletion = true }
                world.record.terminal()
                world.record.handOut(handles)
                return isError ? "fail" : "complete"
            case .wait: return "wait"
            case .ignore: return "ignore"
            }
        case .dispose:
            world.disposals += 1
            world.record.ended = true
            guard case .dispose(let handles) = world.machine.dispose() else { return "nothing" }
            world.record.handOut(handles)
            return "dispose \(handles.count)"
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .running: "running"
        case .ended: "ended"
        }
    }

    func key(_ world: World) -> String {
        "\(kind(world)) \(world.record.key) x\(world.terminated) c\(world.completions) f\(world.failed) "
            + "\(world.earlyCompletion) d\(world.disposals)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.record.violations(running: world.machine.isRunning)
        if world.earlyCompletion { broken.append("a completion before every source completed") }
        if world.disposals == 0 && (world.completions == 2 || world.failed) && world.record.terminals != 1 {
            broken.append("every source completed, or one failed, but no terminal event was sent")
        }
        return broken
    }
}

/// `ZipEngine` over two sources: begins and attaches as in `MergeModel`; a begun source
/// sends up to two values (numbered in order), then maybe a completion or an error.
/// Checks that each row is the n-th values of both sources, and that completion comes
/// exactly when a completed source has nothing unpaired.
struct ZipModel: MachineModel {
    struct World {
        var machine = ZipMachine<Int, ExploredResource>(count: 2)
        var record = CombiningRecord(count: 2)
        var sentValues = [0, 0]
        var terminated = [false, false]
        var completed = [false, false]
        var rows = 0
        var badRow = false
        var earlyCompletion = false
        var disposals = 0
    }
    typealias Event = CombiningEvent
    let name = "Zip"
    let bound = "2 sources, 2 values and 1 terminal event each, 2 disposals"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        world.record.legalEvents(
            isRunning: world.machine.isRunning, sentValues: world.sentValues, terminated: world.terminated, disposals: world.disposals)
    }

    /// Whether a completed source has no unpaired value (the completion rule).
    private func exhausted(_ world: World) -> Bool {
        (0..<2).contains { world.completed[$0] && world.sentValues[$0] == world.rows }
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .begin(let index):
            world.record.begun[index] = true
            return "begin \(index)"
        case .attach(let index):
            world.record.attached[index] = true
            guard case .dispose(let handle) = world.machine.attach(ExploredResource(index), at: index) else { return "keep" }
            world.record.handOut([handle])
            return "dispose"
        case .value(let index):
            let value = index * 10 + world.sentValues[index]
            world.sentValues[index] += 1
            switch world.machine.receive(value, at: index) {
            case .buffered: return "buffered"
            case .drop: return "drop"
            case .emit(let row, let end):
                world.record.sent()
                if row != [world.rows, 10 + world.rows] { world.badRow = true }
                world.rows += 1
                if let end {
                    if !exhausted(world) { world.earlyCompletion = true }
                    world.record.terminal()
                    world.record.handOut(end.dispose)
                    return "emit, complete"
                }
                if exhausted(world) { world.earlyCompletion = true }  // (a completion missed)
                return "emit"
            }
        case .complete(let index):
            world.terminated[index] = true
            world.completed[index] = true
            switch world.machine.sourceCompleted(at: index) {
            case .end(let end):
                if !exhausted(world) { world.earlyCompletion = true }
                world.record.terminal()
                world.record.handOut(end.dispose)
                return "complete"
            case .wait:
                if exhausted(world) { world.earlyCompletion = true }
                return "wait"
            case .ignore: return "ignore"
            }
        case .fail(let index):
            world.terminated[index] = true
            switch world.machine.sourceFailed() {
            case .end(let end):
                world.record.terminal()
                world.record.handOut(end.dispose)
                return "fail"
            case .wait: return "wait"
            case .ignore: return "ignore"
            }
        case .dispose:
            world.disposals += 1
            world.record.ended = true
            guard case .end(let end) = world.machine.dispose() else { return "nothing" }
            world.record.handOut(end.dispose)
            return "dispose"
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .running: "running"
        case .ended: "ended"
        }
    }

    func key(_ world: World) -> String {
        let buffers: String
        if case .running(let running) = world.machine.state {
            buffers = "\(running.buffers.map(\.count)) \(running.completed)"
        } else {
            buffers = "-"
        }
        return "\(kind(world)) \(buffers) \(world.record.key) v\(world.sentValues) x\(world.terminated) c\(world.completed) "
            + "r\(world.rows) \(world.badRow) \(world.earlyCompletion) d\(world.disposals)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.record.violations(running: world.machine.isRunning)
        if world.badRow { broken.append("a row that is not the n-th values of both sources") }
        if world.earlyCompletion { broken.append("completion not exactly when a completed source has nothing unpaired") }
        return broken
    }
}

/// `WithLatestFromEngine`: the face begins the other signal (index 0), then, once its
/// start returned and while the machine runs, the source (index 1); the other sends up
/// to two values, then maybe a completion (ignored) or an error; the source up to two
/// values, then maybe a completion or an error; disposal at any time (at most twice).
struct WithLatestFromModel: MachineModel {
    struct World {
        var machine = WithLatestFromMachine<Int, ExploredResource>()
        var record = CombiningRecord(count: 2)
        var sentValues = [0, 0]
        var terminated = [false, false]
        /// The latest value the other sent (nil before its first).
        var latest: Int?
        var wrongEmission = false
        var disposals = 0
    }
    typealias Event = CombiningEvent
    let name = "WithLatestFrom"
    let bound = "other and source, 2 values and 1 terminal event each, 2 disposals"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        world.record.legalEvents(
            isRunning: world.machine.isRunning, sentValues: world.sentValues, terminated: world.terminated, disposals: world.disposals)
    }

    private func end(_ world: inout World, _ name: String) -> String {
        guard case .end(let end) = world.machine.end() else { return "ignore" }
        world.record.terminal()
        world.record.handOut(end.dispose)
        if end.dispose.map(\.id) != end.dispose.map(\.id).sorted() { world.wrongEmission = true }
        return name
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .begin(let index):
            world.record.begun[index] = true
            return "begin \(index)"
        case .attach(let index):
            world.record.attached[index] = true
            guard case .dispose(let handle) = world.machine.attach(ExploredResource(index), index == 0 ? .other : .source) else {
                return "keep"
            }
            world.record.handOut([handle])
            return "dispose"
        case .value(0):
            world.sentValues[0] += 1
            switch world.machine.otherValue(world.sentValues[0]) {
            case .stored:
                world.latest = world.sentValues[0]
                return "stored"
            case .drop: return "drop"
            }
        case .value:
            world.sentValues[1] += 1
            switch world.machine.sourceValue() {
            case .emit(let latest):
                world.record.sent()
                if latest != world.latest { world.wrongEmission = true }
                return "emit \(latest)"
            case .drop:
                if world.latest != nil && !world.record.ended { world.wrongEmission = true }
                return "drop"
            }
        case .complete(0):
            world.terminated[0] = true
            return "ignored"  // the rule: the other's completion changes nothing (no transition)
        case .complete, .fail:
            if case .fail(let index) = event { world.terminated[index] = true } else { world.terminated[1] = true }
            return end(&world, "end")
        case .dispose:
            world.disposals += 1
            world.record.ended = true
            guard case .end(let end) = world.machine.end() else { return "nothing" }
            world.record.handOut(end.dispose)
            return "dispose"
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .running: "running"
        case .ended: "ended"
        }
    }

    func key(_ world: World) -> String {
        "\(kind(world)) \(world.record.key) v\(world.sentValues) x\(world.terminated) l\(String(describing: world.latest)) "
            + "\(world.wrongEmission) d\(world.disposals)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.record.violations(running: world.machine.isRunning)
        if world.wrongEmission { broken.append("an emission without the other's latest value, or a value dropped wrongly") }
        return broken
    }
}
