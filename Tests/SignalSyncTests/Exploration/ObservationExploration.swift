@testable import SignalSync

/// `ObservationEngine`: `start` (idempotent; the model calls it twice at most) and each
/// `.scheduleRead` put one read on the queue, which runs `beginRead`, the read, then
/// `finishRead`; the tracking a read registers fires at most once (`changed(byRead:)`),
/// during that read or after, also after later reads began; a disposal comes at any time.
struct ObservationModel: MachineModel {
    typealias Machine = ObservationMachine<Int>
    struct World {
        var machine = Machine(7)
        var starts = 0
        var queuedReads = 0
        var reading: Int?
        var reads = 0
        /// Reads whose tracking has not fired yet.
        var trackings: Set<Int> = []
        var changes = 0
        /// A change of the newest read not yet followed by a read.
        var dirty = false
        var disposals = 0
        var released = 0
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case start
        case beginRead
        case finishRead
        case changed(Int)
        case dispose
        var description: String {
            switch self {
            case .start: "start"
            case .beginRead: "beginRead"
            case .finishRead: "finishRead"
            case .changed(let read): "changed(byRead: \(read))"
            case .dispose: "dispose"
            }
        }
    }
    let name = "Observation"
    let bound = "3 changes, 2 starts, 2 disposals"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        if world.starts < 2 { events.append(.start) }
        if world.queuedReads > 0 && world.reading == nil { events.append(.beginRead) }
        if world.reading != nil { events.append(.finishRead) }
        if world.changes < 3 { events += world.trackings.sorted().map { .changed($0) } }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .start:
            world.starts += 1
            switch world.machine.start() {
            case .read:
                world.queuedReads += 1
                return "read"
            case .none: return "none"
            }
        case .beginRead:
            world.queuedReads -= 1
            switch world.machine.beginRead() {
            case .read(let payload, let number):
                if payload != 7 { world.wrong.append("read a wrong payload") }
                if world.disposals > 0 { world.wrong.append("a read after the disposal") }
                world.reads = number
                world.reading = number
                world.trackings.insert(number)
                world.dirty = false
                return "read(\(number))"
            case .none: return "none"
            }
        case .finishRead:
            world.reading = nil
            switch world.machine.finishRead() {
            case .scheduleRead:
                if world.queuedReads > 0 { world.wrong.append("a second read scheduled") }
                world.queuedReads += 1
                return "scheduleRead"
            case .none: return "none"
            }
        case .changed(let read):
            world.changes += 1
            world.trackings.remove(read)
            if read == world.reads { world.dirty = true }
            switch world.machine.changed(byRead: read) {
            case .scheduleRead:
                if world.queuedReads > 0 || world.reading != nil { world.wrong.append("a read scheduled beside another") }
                world.queuedReads += 1
                return "scheduleRead"
            case .none: return "none"
            }
        case .dispose:
            world.disposals += 1
            switch world.machine.dispose() {
            case .release:
                world.released += 1
                return "release"
            case .none: return "none"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .idle: "idle"
        case .scheduled: "scheduled"
        case .reading: "reading"
        case .readingChanged: "readingChanged"
        case .tracking: "tracking"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        "\(kind(world)) rb\(world.machine.readsBegun) s\(world.starts) q\(world.queuedReads) r\(String(describing: world.reading)) "
            + "t\(world.trackings.sorted()) c\(world.changes) dirty\(world.dirty) d\(world.disposals) rel\(world.released) \(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if world.queuedReads > 1 { broken.append("two reads queued") }
        if world.released > 1 { broken.append("the payload released twice") }
        if world.disposals > 0 && world.released != 1 { broken.append("disposed, the payload not released") }
        if world.queuedReads == 0 && world.reading == nil && world.disposals == 0 && world.dirty {
            broken.append("a change of the newest read is never read")
        }
        return broken
    }
}
