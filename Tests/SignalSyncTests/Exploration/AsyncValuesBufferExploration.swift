@testable import SignalSync

/// `AsyncValuesBufferEngine`: one consumer calls `next` (after `startIfNeeded`, which
/// starts the subscription the first time) one call at a time, and waits when told
/// `.wait` until a push, the ending or the cancellation resumes it; the started
/// subscription pushes values and at most one ending (a completion or an error), during
/// its start or after, and its start's return is reported with `attach`; the consumer's
/// task may cancel at any time (the iterator's release cancels too: twice at most).
struct AsyncValuesBufferModel: MachineModel {
    typealias Machine = AsyncValuesBufferMachine<Int, String, Int, String, Int>
    struct World {
        var machine = Machine(start: 0)
        var started = false
        var attached = false
        var pushes = 0
        var ended = false
        var endedBy = ""
        var cancels = 0
        var nexts = 0
        var waiting = false
        var consumed: [String] = []
        var accepted: [Int] = []
        var dropped: [Int] = []
        var disposals = 0
        var wrong: [String] = []
    }
    enum Event: String { case next, push, complete, fail, attach, cancel }
    let name = "AsyncValuesBuffer"
    let bound = "3 values, 5 next calls, 2 cancellations"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if !world.waiting && world.nexts < 5 { events.append(.next) }
        if world.started && !world.ended {
            if world.pushes < 3 { events.append(.push) }
            events += [.complete, .fail]
        }
        if world.started && !world.attached { events.append(.attach) }
        if world.cancels < 2 { events.append(.cancel) }
        return events
    }

    private func consume(_ step: Machine.Step, _ world: inout World) -> String {
        let name: String
        switch step {
        case .value(let value): name = "v\(value)"
        case .failure: name = "failure"
        case .end: name = "end"
        }
        if let last = world.consumed.last, last == "failure" || last == "end", name != "end" {
            world.wrong.append("\(name) after \(last)")
        }
        world.consumed.append(name)
        return name
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .next:
            world.nexts += 1
            if case .start = world.machine.startIfNeeded() { world.started = true }
            switch world.machine.next("consumer") {
            case .resume(let step): return "resume(\(consume(step, &world)))"
            case .wait:
                world.waiting = true
                return "wait"
            }
        case .push:
            let value = world.pushes
            world.pushes += 1
            switch world.machine.push(value) {
            case .resume(_, let value):
                if !world.waiting { world.wrong.append("resumed a consumer not waiting") }
                world.waiting = false
                world.accepted.append(value)
                return "resume(\(consume(.value(value), &world)))"
            case .none:
                if kind(world) == "running" { world.accepted.append(value) } else { world.dropped.append(value) }
                return "none"
            }
        case .complete, .fail:
            world.ended = true
            world.endedBy = event == .complete ? "end" : "failure"
            switch world.machine.end(event == .complete ? .completed : .failed("error")) {
            case .resume(_, let step, _):
                if !world.waiting { world.wrong.append("resumed a consumer not waiting") }
                world.waiting = false
                return "resume(\(consume(step, &world)))"
            case .buffer: return "buffer"
            case .none: return "none"
            }
        case .attach:
            world.attached = true
            switch world.machine.attach(1) {
            case .none: return "none"
            case .dispose:
                world.disposals += 1
                return "dispose"
            }
        case .cancel:
            world.cancels += 1
            switch world.machine.cancel() {
            case .close(let waiter, let dispose, let dropped, _):
                if waiter != nil {
                    if !world.waiting { world.wrong.append("resumed a consumer not waiting") }
                    world.waiting = false
                    _ = consume(.end, &world)
                }
                if dispose != nil { world.disposals += 1 }
                world.dropped += dropped
                return "close"
            case .none: return "none"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .unstarted: "unstarted"
        case .running: "running"
        case .draining: "draining"
        case .closed: "closed"
        case .modifying: "modifying"
        }
    }

    func key(_ world: World) -> String {
        "\(kind(world)) \(world.started)\(world.attached) p\(world.pushes) e\(world.endedBy) c\(world.cancels) n\(world.nexts) "
            + "w\(world.waiting) \(world.consumed) a\(world.accepted) dr\(world.dropped) d\(world.disposals) \(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if world.disposals > 1 { broken.append("the subscription disposed twice") }
        // The values consumed are those accepted, in order, minus those a cancellation dropped.
        let values = world.consumed.filter { $0.hasPrefix("v") }
        let expected = world.accepted.filter { !world.dropped.contains($0) }.map { "v\($0)" }
        if values != Array(expected.prefix(values.count)) { broken.append("consumed \(values) of \(expected)") }
        if world.cancels == 0 && world.ended && !world.waiting && world.consumed.contains(world.endedBy) && values != expected {
            broken.append("the ending came before every value")
        }
        if final && world.waiting { broken.append("the consumer waits forever") }
        if final && world.attached && world.cancels > 0 && !world.ended && world.disposals != 1 {
            broken.append("cancelled before the ending, but the subscription was not disposed")
        }
        return broken
    }
}
