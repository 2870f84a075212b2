/// Library disagreements the generated pipelines found, reported and not fixed here (each
/// names the modules involved). Each names the pipelines it applies to and how it is set
/// aside: either the cross-driver comparison skips those pipelines, or compares them in a
/// normalized form that forgives exactly the reported difference. Grammar, balance and
/// release are still checked on the raw traces of every pipeline.
struct KnownDisagreement: Sendable {
    /// A short name, printed with the count of pipelines it set aside.
    let name: String
    /// What differs, on which drivers, with a minimal case.
    let report: String
    /// The pipelines it may apply to.
    let applies: @Sendable (GeneratedPipeline) -> Bool
    /// The trace in the form in which the drivers agree; nil skips the comparison.
    let normalize: (@Sendable ([String]) -> [String])?

    /// Every known disagreement, in the order they are tried.
    static let all: [KnownDisagreement] = [delayArmingTie]

    /// Typed `delay` arms its timer from a hop onto the queue (`queue.async`, as
    /// SwiftSignalKit does); untyped `delay` arms it at subscription (as SSignalKit does).
    /// When the deadline falls on the same tick as another timer armed in the same tick (the
    /// events of a source subscribed alongside: a `combineLatest`, `merge`, `zip` or
    /// `withLatestFrom` partner, an inner source, a `then` or `catch` alternative; a
    /// `throttle`'s interval; a second delay), the untyped delay fires first. Kept on
    /// purpose: the originals differ, and the shared timer engine takes the difference as
    /// its `DelayArming` parameter (see Divergences.md).
    static let delayArmingTie = KnownDisagreement(
        name: "delay arming tie",
        report: """
            delay(n) beside another timer due at tick n: untyped fires the delay first, typed second (typed \
            delay arms its timer from queue.async). Minimal, with a partner source: sources ["-", "--|"], \
            [.delay(2), .combineLatest] -> typed "2 b.dispose", "2 a.subscribe"; untyped "2 a.subscribe", \
            "2 b.dispose". With a throttle's interval (found by the pipeline fuzzer): the catalogue's "delay" \
            scenarios "a tie with a throttle's interval"; with an inner source: sources ["-17|"], \
            [.shareAgain(replay: 0, firstTake: nil, secondDelay: 2), .mapToQueue([1: "--|", 7: "--8"])] -> typed \
            "5 next 8", "5 a.subscribe"; untyped "5 a.subscribe", "5 next 8". Modules: Sources/STypedSignal/Operators/Signal+Timing.swift \
            (delay, DelayArming.afterHopToQueue), Sources/SUntypedSignal/Operators/SSignal+Timing.swift (.atSubscription), \
            over Sources/SignalSync/Engines/TimerGate/.
            """,
        applies: { pipeline in
            let delays = pipeline.operations.filter(delaysASubscription).count
            let timers = pipeline.operations.filter(armsATimer).count
            return delays > 0 && (timers > 1 || pipeline.operations.contains(where: PipelineGenerator.joinsSecondSource))
        },
        normalize: nil)

    /// Whether `operation` subscribes through `delay`: itself, or a sharing operation's
    /// second subscriber.
    static func delaysASubscription(_ operation: Operation) -> Bool {
        switch operation {
        case .delay: return true
        case .chain(let operations): return operations.contains(where: delaysASubscription)
        case .shareAgain(_, _, let secondDelay), .multicastAgain(_, _, let secondDelay): return secondDelay > 0
        default: return false
        }
    }

    /// Whether `operation` arms a timer on the virtual queue that the generated pipelines
    /// may produce: a delay, a throttle's interval, or the events of a marble it subscribes.
    static func armsATimer(_ operation: Operation) -> Bool {
        if case .throttle = operation { return true }
        return delaysASubscription(operation) || !PipelineGenerator.marbles(operation).isEmpty
    }

    /// The trace with every run of consecutive teardown lines of one tick (disposals and
    /// hook calls, which run as the stack unwinds) sorted: the same teardown, in any order.
    static func teardownSorted(_ trace: [String]) -> [String] {
        var result: [String] = []
        var run: [String] = []
        func flush() {
            result += run.sorted()
            run = []
        }
        for line in trace {
            let event = line.drop { $0 != " " }.dropFirst()
            let isTeardown = event.hasSuffix(".dispose") || event.hasPrefix("hook ")
            if isTeardown, let first = run.first, first.prefix(while: { $0 != " " }) == line.prefix(while: { $0 != " " }) {
                run.append(line)
            } else {
                flush()
                if isTeardown { run = [line] } else { result.append(line) }
            }
        }
        flush()
        return result
    }

    /// The trace without the sources subscribed and disposed in a row, in one tick, with
    /// nothing between: a subscription that did nothing.
    static func withoutEmptySubscriptions(_ trace: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < trace.count {
            let line = trace[index]
            if index + 1 < trace.count, line.hasSuffix(".subscribe"),
                trace[index + 1] == String(line.dropLast("subscribe".count)) + "dispose"
            {
                index += 2
                continue
            }
            result.append(line)
            index += 1
        }
        return result
    }

    /// The trace without the subscriptions both opened and closed in the tick of the
    /// sink's terminal event (each subscribe with its dispose), wherever they fall in it.
    static func withoutSubscriptionsInTerminalTick(_ trace: [String]) -> [String] {
        guard let terminal = trace.firstIndex(where: isTerminal) else { return trace }
        let tick = trace[terminal].prefix { $0 != " " }
        var drop = Set<Int>()
        for (index, line) in trace.enumerated() where line.prefix(while: { $0 != " " }) == tick && line.hasSuffix(".subscribe") {
            let closing = String(line.dropLast("subscribe".count)) + "dispose"
            if let match = trace[(index + 1)...].indices.first(where: { trace[$0] == closing && !drop.contains($0) }) {
                drop.insert(index)
                drop.insert(match)
            }
        }
        return trace.indices.filter { !drop.contains($0) }.map { trace[$0] }
    }

    private static func isTerminal(_ line: String) -> Bool {
        let event = line.drop { $0 != " " }.dropFirst()
        return event == "completed" || event.hasPrefix("error ")
    }
}
