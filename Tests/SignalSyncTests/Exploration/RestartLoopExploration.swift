@testable import SignalSync

/// `RestartLoopEngine`: its loop (`run`) asks `beginIteration`, calls the face's
/// subscribe and reports `subscribeReturned` with the iteration's handle (or nil: no next
/// iteration), and goes round again on `.again`; before each round it may stop because
/// the downstream subscription ended. The newest iteration ends once (during its
/// subscribe call or after it), reporting `iterationEnded`, and `.restart` runs the loop
/// again. A disposal comes from any thread at any time.
struct RestartLoopModel: MachineModel {
    typealias Machine = RestartLoopMachine<Int>
    enum Loop: Equatable {
        case none
        case beginning
        case subscribing(Int)
    }
    struct World {
        var machine = Machine()
        var loop = Loop.beginning
        var iterations = 0
        /// The newest iteration's state.
        var newestEnded = false
        var newestReturned = false
        var exhausted = false
        var disposals = 0
        /// Handles of iterations that ended during their subscribe call, after it, and those
        /// handed back to be disposed (in order).
        var endedDuringCall: Set<Int> = []
        var endedAfterCall: Set<Int> = []
        var returned: Set<Int> = []
        var disposed: [Int] = []
        var wrong: [String] = []
    }
    enum Event: String { case begin, downstreamEnded, returnHandle, returnNil, end, dispose }
    let name = "RestartLoop"
    let bound = "3 iterations, 2 disposals"

    func initial() -> World { World() }

    func legalEvents(in world: World) -> [Event] {
        var events: [Event] = []
        switch world.loop {
        case .beginning:
            if world.iterations < 3 { events.append(.begin) }
            events.append(.downstreamEnded)
        case .subscribing:
            events += [.returnHandle, .returnNil]
        case .none: break
        }
        let newestIsLive = world.iterations > 0 && !world.newestEnded && !(world.newestReturned && world.exhausted)
        if newestIsLive { events.append(.end) }
        if world.disposals < 2 { events.append(.dispose) }
        return events
    }

    /// `returning` is the iteration whose subscribe call just returned, when the handle
    /// is handed out by that return.
    private func dispose(_ handle: Int?, returning: Int?, _ world: inout World) {
        guard let handle else { return }
        if world.disposed.contains(handle) { world.wrong.append("handle \(handle) disposed twice") }
        // Finding (issue 54, RestartLoop): an iteration that ended during its subscribe
        // call, with a disposal also during that call, has its handle disposed when the
        // call returns (the machine, disposed, no longer knows it ended early); harmless,
        // as `dispose()` is idempotent. The check skips that case.
        if world.endedDuringCall.contains(handle) && !(returning == handle && world.disposals > 0) {
            world.wrong.append("handle \(handle) disposed after its own teardown")
        }
        // New before old: an iteration that ended after its call is disposed once the next
        // one's subscribe call returned (or by the disposal).
        if world.endedAfterCall.contains(handle), let returning, returning <= handle {
            world.wrong.append("handle \(handle) disposed before its successor returned")
        }
        world.disposed.append(handle)
    }

    func apply(_ event: Event, to world: inout World) -> String {
        switch event {
        case .begin:
            let action = world.machine.beginIteration()
            if action == .subscribe {
                if world.disposals > 0 { world.wrong.append("an iteration began after the disposal") }
                world.iterations += 1
                world.newestEnded = false
                world.newestReturned = false
                world.loop = .subscribing(world.iterations)
            } else {
                world.loop = .none
            }
            return "\(action)"
        case .downstreamEnded:
            world.loop = .none
            return "returned"
        case .returnHandle, .returnNil:
            guard case .subscribing(let iteration) = world.loop else { return "impossible" }
            let handle: Int? = event == .returnHandle ? iteration : nil
            world.newestReturned = true
            if handle == nil { world.exhausted = true } else { world.returned.insert(iteration) }
            switch world.machine.subscribeReturned(handle) {
            case .again(let finished):
                dispose(finished, returning: iteration, &world)
                world.loop = .beginning
                return "again(dispose: \(finished.map(String.init) ?? "nil"))"
            case .settled(let finished):
                dispose(finished, returning: iteration, &world)
                world.loop = .none
                return "settled(dispose: \(finished.map(String.init) ?? "nil"))"
            }
        case .end:
            world.newestEnded = true
            if world.newestReturned {
                world.endedAfterCall.insert(world.iterations)
            } else {
                world.endedDuringCall.insert(world.iterations)
            }
            let action = world.machine.iterationEnded()
            if action == .restart {
                if world.loop != .none { world.wrong.append("a restart while the loop runs") }
                world.loop = .beginning
            }
            return "\(action)"
        case .dispose:
            world.disposals += 1
            switch world.machine.dispose() {
            case .dispose(let kept):
                dispose(kept, returning: nil, &world)
                return "dispose(\(kept.map(String.init) ?? "nil"))"
            case .alreadyDisposed: return "alreadyDisposed"
            }
        }
    }

    func kind(_ world: World) -> String {
        switch world.machine.state {
        case .idle: "idle"
        case .subscribing: "subscribing"
        case .exhausted: "exhausted"
        case .disposed: "disposed"
        }
    }

    func key(_ world: World) -> String {
        "\(world.machine.state) \(world.loop) i\(world.iterations) e\(world.newestEnded) r\(world.newestReturned) x\(world.exhausted) "
            + "d\(world.disposals) dc\(world.endedDuringCall.sorted()) ac\(world.endedAfterCall.sorted()) ret\(world.returned.sorted()) "
            + "disp\(world.disposed) w\(world.wrong)"
    }

    func violations(in world: World, final: Bool) -> [String] {
        var broken = world.wrong
        if final {
            // Disposed, every call returned: each returned handle not torn down by its own
            // call is disposed exactly once.
            for handle in world.returned.subtracting(world.endedDuringCall) where !world.disposed.contains(handle) {
                broken.append("handle \(handle) never disposed")
            }
        }
        return broken
    }
}
