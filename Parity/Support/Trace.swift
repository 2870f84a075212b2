import Foundation
import SignalSync
import SignalTesting

/// The virtual world one scenario runs in: a clock, a queue on it, and the trace.
final class ScenarioWorld: @unchecked Sendable {
    // Safety: scenarios run on one thread, the one advancing the clock; the lock only
    // guards against operators that hop threads by mistake.
    let clock = VirtualClock()
    /// Plays the marble sources on `clock`: one tick is one virtual second.
    let scheduler: SignalTestScheduler
    /// The queue that schedules source events.
    let sourceQueue: ExecutionQueue
    /// The queue handed to operators that take one (deliverOn, delay, timeout...).
    let operatorQueue: ExecutionQueue
    private let mutex = NSLock()
    private var lines: [String] = []
    private var owned: [AnyObject] = []

    init() {
        scheduler = SignalTestScheduler(clock: clock)
        sourceQueue = clock.makeQueue(label: "sources")
        operatorQueue = clock.makeQueue(label: "operator")
    }

    /// The current tick.
    var tick: Int {
        Int(clock.now.rounded())
    }

    /// Appends `entry` at the current tick.
    func log(_ entry: String) {
        let line = "\(tick) \(entry)"
        mutex.withLock { lines.append(line) }
    }

    /// Keeps `object` alive for the whole scenario: the world is the owner of the hot
    /// sources a scenario builds (a variable, a pipe, a multicast table, a signal queue),
    /// as a program's object would be, so that no driver's temporaries decide when they go.
    /// `run` lets them go once the scenario's time has run.
    func keepAlive(_ object: AnyObject) {
        mutex.withLock { owned.append(object) }
    }

    /// Everything logged.
    var trace: [String] {
        mutex.withLock { lines }
    }

    /// The last tick any scenario needs: long enough for every marble and delay here.
    static let horizon = 40

    /// Runs the scenario's time and returns its trace: advances tick by tick to the
    /// horizon, calling `dispose` after the events of tick `disposeAt`. Then the program
    /// ends, outside the trace: `dispose` runs (again, if it ran already: disposing is
    /// idempotent) and the world lets go of the objects it kept alive, so a scenario
    /// leaves no subscription running.
    func run(disposeAt: Int?, dispose: () -> Void) -> [String] {
        clock.run()
        if disposeAt == 0 { dispose() }
        for tick in 1...Self.horizon {
            clock.advance(to: Double(tick))
            if disposeAt == tick { dispose() }
        }
        let trace = self.trace
        dispose()
        let released = mutex.withLock { () -> [AnyObject] in
            defer { owned = [] }
            return owned
        }
        withExtendedLifetime(released) {}
        return trace
    }

    /// Schedules `work` `tick` ticks from now on the source queue; tick 0 runs at once.
    func at(_ tick: Int, _ work: @escaping () -> Void) {
        if tick == 0 {
            work()
        } else {
            sourceQueue.after(Double(tick), work)
        }
    }
}

/// A value as the trace prints it, on every driver: `4`, `[1,2]`, `nil` (also for a nil
/// inside an array or an optional boxed in `Any`).
func describeValue(_ value: Any?) -> String {
    guard let value else { return "nil" }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
        return describeValue(mirror.children.first?.value)
    case .collection:
        return "[" + mirror.children.map { describeValue($0.value) }.joined(separator: ",") + "]"
    default:
        return "\(value)"
    }
}

extension ScenarioWorld {
    /// The subscription log of the source `name`: logs `name.subscribe` when a
    /// subscription begins (before its tick-0 events) and `name.dispose` when it is
    /// disposed. Every driver's marble sources (SignalTesting's cold test signals) use it.
    func subscriptions(of name: String) -> SubscriptionLog {
        SubscriptionLog { [self] change in
            switch change {
            case .subscribed: log("\(name).subscribe")
            case .disposed: log("\(name).dispose")
            }
        }
    }
}
