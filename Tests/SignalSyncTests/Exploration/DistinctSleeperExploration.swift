@testable import SignalSync

/// `DistinctEngine`: values arrive from several threads at once (`offer`); each told
/// `.compare` compares unlocked, then reports `settle` with its verdict and the version
/// it compared against, and compares again on `.compare`. Values are "a" or "b".
struct DistinctModel: MachineModel {
    typealias Machine = DistinctMachine<String>
    struct World {
        var machine = Machine()
        var offers = 0
        /// Values comparing, by offer: the value and the reference and version compared.
        var comparing: [Int: (value: String, last: String, version: Int)] = [:]
        var passed: [String] = []
        var outcomes: [Int: String] = [:]
        var wrong: [String] = []
    }
    enum Event: CustomStringConvertible {
        case offer(String)
        case settle(Int)
        var description: String {
            switch self {
            case .offer(let value): "offer(\(value))"
            case .settle(let offer): "settle(#\(offer))"
            }
        }
    }
    let name = "Distinct"
    let bound = "4 offers of a or b, concurrent"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        (world.offers < 4 ? [.offer("a"), .offer("b")] : []) + world.comparing.keys.sorted().map { .settle($0) }
    }

    private func pass(_ offer: Int, _ value: String, _ world: inout World) {
        world.passed.append(value)
        world.outcomes[offer] = "pass"
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .offer(let value):
            let offer = world.offers
            world.offers += 1
            switch world.machine.offer(value) {
            case .pass:
                if !world.passed.isEmpty { world.wrong.append("a second first value") }
                pass(offer, value, &world)
                return "pass"
            case .compare(let last, let version):
                if last != world.passed.last { world.wrong.append("compared with \(last), not the latest passed") }
                world.comparing[offer] = (value, last, version)
                return "compare(\(last), \(version))"
            }
        case .settle(let offer):
            let (value, last, version) = world.comparing[offer]!
            let passedBefore = world.passed.count
            switch world.machine.settle(value, repeated: value == last, version: version) {
            case .pass(let replaced):
                if replaced != last || passedBefore != version { world.wrong.append("passed against a stale reference") }
                world.comparing[offer] = nil
                pass(offer, value, &world)
                return "pass"
            case .drop:
                world.comparing[offer] = nil
                world.outcomes[offer] = "drop"
                return "drop"
            case .compare(let newer, let newerVersion):
                world.comparing[offer] = (value, newer, newerVersion)
                return "compare(\(newer), \(newerVersion))"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .awaitingFirst: "awaitingFirst"
        case .passed: "passed"
        }
    }

    func key(_ world: World) -> String {
        var machine = kind(world)
        if case .passed(let last, let version) = world.machine.state { machine += "(\(last), \(version))" }
        let comparing = world.comparing.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.value)/\($0.value.last)/\($0.value.version)" }
        return "\(machine) o\(world.offers) c\(comparing) p\(world.passed) out\(world.outcomes.sorted { $0.key < $1.key }.map { "\($0)" }) w\(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        for (previous, next) in zip(world.passed, world.passed.dropFirst()) where previous == next {
            broken.append("\(next) passed right after \(previous)")
        }
        if world.comparing.isEmpty && world.outcomes.count != world.offers { broken.append("an offer never settled") }
        return broken
    }
}

/// `SleeperEngine`: the task suspends once (`suspend`), the clock's wake-up item runs at
/// most once (`wake`) and the task's cancellation handler at most once (`cancel`), in any
/// order.
struct SleeperModel: MachineModel {
    typealias Machine = SleeperMachine<Int>
    struct World {
        var machine = Machine()
        var suspended = false
        var woken = false
        var cancelled = false
        var resumes: [String] = []
        var forgot = false
    }
    enum Event: String { case suspend, wake, cancel }
    let name = "Sleeper"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        (world.suspended ? [] : [.suspend]) + (world.woken ? [] : [.wake]) + (world.cancelled ? [] : [.cancel])
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .suspend:
            world.suspended = true
            switch world.machine.suspend(1, item: 7) {
            case .sleep: return "sleep"
            case .resume:
                world.resumes.append("resume")
                return "resume"
            case .resumeCancelled:
                world.resumes.append("cancelled")
                return "resumeCancelled"
            }
        case .wake:
            world.woken = true
            switch world.machine.wake() {
            case .resume:
                world.resumes.append("resume")
                return "resume"
            case .none: return "none"
            }
        case .cancel:
            world.cancelled = true
            switch world.machine.cancel() {
            case .resumeCancelled(_, let item):
                if item != 7 { world.resumes.append("wrong item") }
                world.forgot = true
                world.resumes.append("cancelled")
                return "resumeCancelled"
            case .none: return "none"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .starting: "starting"
        case .asleep: "asleep"
        case .cancelledEarly: "cancelledEarly"
        case .wokenEarly: "wokenEarly"
        case .done: "done"
        }
    }

    func key(_ world: World) -> String { "\(kind(world)) \(world.suspended)\(world.woken)\(world.cancelled) \(world.resumes)" }

    func violations(in world: World, final: Bool) -> [String] {
        var broken: [String] = []
        if world.resumes.count > 1 { broken.append("resumed twice: \(world.resumes)") }
        if world.resumes.contains("wrong item") { broken.append("forgot the wrong item") }
        if world.resumes.isEmpty == false && !world.suspended { broken.append("resumed before suspending") }
        // Suspended and woken or cancelled: resumed, as cancelled when the cancellation came first.
        if world.suspended && (world.woken || world.cancelled) && world.resumes.count != 1 { broken.append("never resumed") }
        return broken
    }
}
