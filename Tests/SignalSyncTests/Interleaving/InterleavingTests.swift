import Foundation
import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

/// The lock-free core under every interleaving of two threads, up to a preemption bound:
/// a pipe's hub (`PipeHubEngine` over `PublicationEngine` and its read epochs, its
/// subscriptions `SubscriptionCore`s pinned by `PinnedSubscriber`s) pushing against
/// subscribing, disposing, another push and a push from inside a delivery, a replaying
/// hub's replay against a push, one
/// subscription's terminal event against its disposal, and `deliverOn` hops
/// (`SerialHopEngine`, alone and in a group) sent to from off and on their queue while the
/// queue runs their turns. Runs in the interleaving build
/// only (`.ci/run` builds it under AddressSanitizer: a use after free in any schedule
/// stops the run); with `SIGNALKIT_INTERLEAVING_REPORT` naming a file, writes the
/// schedules explored there as Markdown (`Tests/INTERLEAVINGS.md` is that file).
final class InterleavingTests: XCTestCase {
    /// The preemptions a schedule may make (`SIGNALKIT_INTERLEAVING_BOUND` for more).
    static let bound = ProcessInfo.processInfo.environment["SIGNALKIT_INTERLEAVING_BOUND"].flatMap { Int($0) } ?? 2

    func testEveryScenarioUnderEveryScheduleWithinTheBound() throws {
        try XCTSkipUnless(
            InterleavingExplorer.isAvailable,
            "the interleaving build only: swift test -Xcc -DSIGNALSYNC_INTERLEAVING -Xswiftc -DSIGNALSYNC_INTERLEAVING")
        var rows: [String] = []
        for scenario in InterleavingScenario.all {
            let explorer = InterleavingExplorer(preemptions: Self.bound)
            let report = explorer.explore(scenario.make)
            if let failure = report.failure {
                XCTFail("\(scenario.name): \(failure)")
            }
            XCTAssertGreaterThan(report.schedules, 1, "\(scenario.name): the threads never interleaved")
            let row =
                "| \(scenario.name) | \(scenario.operations) | \(report.schedules) | \(report.longestRun) | \(report.preemptionsUsed) |"
            print(row)
            rows.append(row)
        }
        if let path = ProcessInfo.processInfo.environment["SIGNALKIT_INTERLEAVING_REPORT"] {
            try Self.document(rows).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    private static func document(_ rows: [String]) -> String {
        """
        # The lock-free core under every interleaving

        Written by `InterleavingTests.testEveryScenarioUnderEveryScheduleWithinTheBound`
        (run in the interleaving build with `SIGNALKIT_INTERLEAVING_REPORT=Tests/INTERLEAVINGS.md`):
        do not edit by hand.

        The interleaving build (`-Xcc -DSIGNALSYNC_INTERLEAVING -Xswiftc -DSIGNALSYNC_INTERLEAVING`,
        `SignalSyncInterleaving.h`) puts a point before every atomic operation of SignalSync
        and makes a thread that finds a lock held say so. `InterleavingExplorer`
        (`Tests/SignalSyncTests/Interleaving/`) runs a scenario's threads (two or three) one at a time,
        switching only at points, under every schedule with at most \(bound) preemptions
        (a switch away from a thread that could go on; switching from a waiting or finished
        thread is free), depth first, each schedule once. `.ci/run` runs it under
        AddressSanitizer, so that a use after free in any schedule stops it. Each run
        checks that every value reached each subscriber that was live for it once and in
        its thread's order (a subscriber in its replay: the newest, the values pushed
        during the replay coalesced, as `HotSources/NOTES.md` says); that after a disposal returned no callback began but the one
        call already in flight on another thread (one already running may finish); that a
        subscription ended once and disposed its upstream once (twice only where its
        terminal event overlapped its handle's disposal: the spec's lifetime rule 8); that
        a replayed schedule ran as recorded; and that nothing was left in the hub. The
        `deliverOn` hop: every event delivered on its queue, each thread's values in order,
        a value sent before the completion delivered before it, nothing after it. A
        thread's reader count is fixed by its number (threads 0 and 1 apart, 2 with 0), so
        that both a shared and a separate count are explored. Points: the most points one
        run passed. `SIGNALKIT_INTERLEAVING_BOUND` raises the bound for a longer run.

        The `deliverOn` scenarios run their hops on a virtual queue whose clock one of the
        threads runs, so the queue's turns are scheduled like the rest; a thread waiting
        for work there lets the other go on without a preemption.

        | Scenario | What the threads do | Schedules | Points | Preemptions used |
        |---|---|---|---|---|
        \(rows.joined(separator: "\n"))

        """
    }
}

/// What a scenario's threads did, in the order they did it: the explorer runs one thread
/// at a time, so the order is total.
final class InterleavingTrace: @unchecked Sendable {
    // Safety: written by the explorer's threads, one at a time, each handing over to the
    // next under the explorer's lock (which orders its writes before the next one's
    // reads), and read by the test's thread after they all finished.
    private(set) var lines: [String] = []

    func add(_ line: String) {
        lines.append(line)
    }

    /// The values `name` received, in order (but 0, the push that publishes a hub's
    /// snapshot before the threads start).
    func values(of name: String) -> [Int] {
        lines.compactMap { line in
            let parts = line.split(separator: " ")
            return parts.count == 2 && parts[0] == name ? Int(parts[1]) : nil
        }.filter { $0 != 0 }
    }
}

/// A scenario: two threads' operations on fresh objects, and its checks.
struct InterleavingScenario: Sendable {
    let name: String
    /// What each thread does, for the report.
    let operations: String
    let make: @Sendable () -> InterleavingExplorer.Run

    static let all: [InterleavingScenario] = [
        pushAgainstDisposal, pushAgainstSubscription, twoPushers, reentrantPushes, twoPushersAgainstDisposal,
        replayAgainstPush, terminalAgainstDisposal, hopOffAgainstOnTheQueue, groupedHops,
    ]

    /// A hub without replay, its trace, and its subscribers named `names`, in order (`aNext`
    /// runs inside each delivery to a, with the hub); then the hub's subscriber snapshot
    /// is published (a push of 0, which the checks leave out), so that the threads' pushes
    /// take the lock-free path.
    private static func publishedHub(
        _ names: [String], aNext: @escaping (PipeHubEngine<Int>, Int) -> Void = { _, _ in }
    ) -> (PipeHubEngine<Int>, InterleavingTrace, [SubscriptionCore<Int, String, SwiftSignalKitRules>]) {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        let trace = InterleavingTrace()
        let subscriptions = names.map { name in
            subscribe(name, to: hub, trace, next: name == "a" ? { aNext(hub, $0) } : { _ in })
        }
        hub.push(0)
        return (hub, trace, subscriptions)
    }

    private static func subscribe(
        _ name: String, to hub: PipeHubEngine<Int>, _ trace: InterleavingTrace, next: @escaping (Int) -> Void = { _ in }
    ) -> SubscriptionCore<Int, String, SwiftSignalKitRules> {
        hub.subscribe(
            next: { value in
                trace.add("\(name) \(value)")
                next(value)
            }, error: nil, completed: nil, holding: PipeHubHold(hub, keptAliveBy: nil))
    }

    /// Problems with `values`, which should hold each of `expected` once, the values of
    /// each thread (`orders`) in that order.
    private static func problems(_ name: String, _ values: [Int], expected: Set<Int>, orders: [[Int]]) -> String? {
        if values.count != Set(values).count { return "\(name) received a value twice: \(values)" }
        if Set(values) != expected { return "\(name) received \(values), expected each of \(expected.sorted()) once" }
        for order in orders where values.filter(order.contains) != order {
            return "\(name) received \(values): out of its thread's order \(order)"
        }
        return nil
    }

    /// Problems with what `subscriptions` (named "a", "b", ...) received (see `problems`);
    /// then disposes them and checks that the hub is empty.
    private static func everyoneReceived(
        expected: Set<Int>, orders: [[Int]], _ trace: InterleavingTrace,
        _ subscriptions: [SubscriptionCore<Int, String, SwiftSignalKitRules>], _ hub: PipeHubEngine<Int>
    ) -> String? {
        let problem = ["a", "b", "c"].prefix(subscriptions.count).lazy.compactMap {
            problems($0, trace.values(of: $0), expected: expected, orders: orders)
        }.first
        subscriptions.forEach { $0.dispose() }
        return problem ?? hubIsEmpty(hub)
    }

    private static func hubIsEmpty(_ hub: PipeHubEngine<Int>) -> String? {
        let left = hub.state.withLock { $0.entries.count }
        return left == 0 ? nil : "\(left) subscriber(s) left in the hub"
    }

    /// Pushes against a disposal: the subscriber gets a prefix of the values, and none
    /// whose push began after the disposal returned. (A value admitted before may still
    /// reach `next` after it: "Threads and the main queue", one already running may
    /// finish; at most the one the other thread is pushing.)
    static let pushAgainstDisposal = InterleavingScenario(
        name: "push against dispose", operations: "push 1, push 2 / dispose the subscription"
    ) {
        let (hub, trace, subscriptions) = publishedHub(["a"])
        let subscription = subscriptions[0]
        return InterleavingExplorer.Run(
            threads: [
                {
                    for value in [1, 2] {
                        trace.add("push \(value)")
                        hub.push(value)
                    }
                },
                {
                    subscription.dispose()
                    trace.add("disposed")
                },
            ],
            check: {
                let values = trace.values(of: "a")
                if ![[], [1], [1, 2]].contains(values) { return "a received \(values)" }
                let lines = trace.lines
                if let disposed = lines.firstIndex(of: "disposed") {
                    let late = lines[disposed...].filter { $0.hasPrefix("a ") }
                    let begunLate = lines[disposed...].filter { $0.hasPrefix("push ") }.map { "a" + $0.dropFirst(4) }
                    if late.count > 1 || late.contains(where: begunLate.contains) {
                        return "a value reached next after the disposal returned: \(lines)"
                    }
                }
                return hubIsEmpty(hub)
            })
    }

    /// Pushes against a new subscription: the subscriber that was there gets every value;
    /// the new one gets what was pushed after it joined, in order, and its own push.
    static let pushAgainstSubscription = InterleavingScenario(
        name: "push against subscribe", operations: "push 1, push 2 / subscribe b, push 10"
    ) {
        let (hub, trace, subscriptions) = publishedHub(["a"])
        let a = subscriptions[0]
        let joined = InterleavingBox<SubscriptionCore<Int, String, SwiftSignalKitRules>?>(nil)
        return InterleavingExplorer.Run(
            threads: [
                {
                    hub.push(1)
                    hub.push(2)
                },
                {
                    joined.value = subscribe("b", to: hub, trace)
                    hub.push(10)
                },
            ],
            check: {
                if let problem = problems("a", trace.values(of: "a"), expected: [1, 2, 10], orders: [[1, 2]]) { return problem }
                // b joined during the first thread's pushes: it may miss the first of them or
                // both, never the second alone, and gets its own thread's push.
                let b = trace.values(of: "b")
                if b.filter({ $0 == 10 }).count != 1 || ![[], [2], [1, 2]].contains(b.filter { $0 != 10 }) {
                    return "b received \(b)"
                }
                a.dispose()
                joined.value?.dispose()
                return hubIsEmpty(hub)
            })
    }

    /// Two threads push to two subscribers: each gets every value once, each thread's in
    /// its order.
    static let twoPushers = InterleavingScenario(name: "two pushers", operations: "push 1, push 2 / push 10, push 20") {
        let (hub, trace, subscriptions) = publishedHub(["a", "b"])
        return InterleavingExplorer.Run(
            threads: [
                {
                    hub.push(1)
                    hub.push(2)
                },
                {
                    hub.push(10)
                    hub.push(20)
                },
            ],
            check: {
                everyoneReceived(expected: [1, 2, 10, 20], orders: [[1, 2], [10, 20]], trace, subscriptions, hub)
            })
    }

    /// A subscriber pushes from inside its delivery while another thread pushes: the
    /// re-entrant push is queued and reaches both subscribers once, after the value that
    /// caused it.
    static let reentrantPushes = InterleavingScenario(
        name: "re-entrant push", operations: "push 1 (a pushes 101 inside) / push 2 (a pushes 102 inside)"
    ) {
        let (hub, trace, subscriptions) = publishedHub(["a", "b"]) { hub, value in
            if value > 0 && value < 100 { hub.push(value + 100) }
        }
        return InterleavingExplorer.Run(
            threads: [{ hub.push(1) }, { hub.push(2) }],
            check: {
                everyoneReceived(expected: [1, 2, 101, 102], orders: [[1, 101], [2, 102]], trace, subscriptions, hub)
            })
    }

    /// Three threads: two push while a third disposes one of two subscribers. The other
    /// gets every value once in each thread's order; the disposed one a subset in order,
    /// with nothing whose push began after its disposal returned.
    static let twoPushersAgainstDisposal = InterleavingScenario(
        name: "two pushers against dispose", operations: "push 1, push 2 / push 10 / dispose b"
    ) {
        let (hub, trace, subscriptions) = publishedHub(["a", "b"])
        let (a, b) = (subscriptions[0], subscriptions[1])
        return InterleavingExplorer.Run(
            threads: [
                {
                    for value in [1, 2] {
                        trace.add("push \(value)")
                        hub.push(value)
                    }
                },
                {
                    trace.add("push 10")
                    hub.push(10)
                },
                {
                    b.dispose()
                    trace.add("disposed")
                },
            ],
            check: {
                if let problem = problems("a", trace.values(of: "a"), expected: [1, 2, 10], orders: [[1, 2]]) { return problem }
                let values = trace.values(of: "b")
                if values.count != Set(values).count || values.filter([1, 2].contains) != [1, 2].prefix(values.filter([1, 2].contains).count).map({ $0 }) {
                    return "b received \(values)"
                }
                let lines = trace.lines
                if let disposed = lines.firstIndex(of: "disposed") {
                    let begunLate = Set(lines[disposed...].filter { $0.hasPrefix("push ") }.map { "b" + $0.dropFirst(4) })
                    if lines[disposed...].contains(where: begunLate.contains) {
                        return "b received a value whose push began after its disposal returned: \(lines)"
                    }
                }
                a.dispose()
                return hubIsEmpty(hub)
            })
    }

    /// A replaying hub (a value cell's: `.holding`, values delivered at once) subscribed
    /// while another thread pushes: the new subscriber gets the value current when it
    /// joined, then later ones in order, none twice, and never misses the newest (values
    /// pushed during its replay are coalesced to the newest: `HotSources/NOTES.md`); the
    /// one already there gets every push.
    static let replayAgainstPush = InterleavingScenario(
        name: "replay against push", operations: "push 1, push 2 / subscribe b to a replaying hub"
    ) {
        let hub = PipeHubEngine<Int>(.holding(0), reentrancy: .immediate)
        let trace = InterleavingTrace()
        let a = subscribe("a", to: hub, trace)
        let joined = InterleavingBox<SubscriptionCore<Int, String, SwiftSignalKitRules>?>(nil)
        return InterleavingExplorer.Run(
            threads: [
                {
                    hub.push(1)
                    hub.push(2)
                },
                { joined.value = subscribe("b", to: hub, trace) },
            ],
            check: {
                // b's values, the replayed one included: increasing, ending with the newest.
                let b = trace.lines.filter { $0.hasPrefix("b ") }.compactMap { Int($0.dropFirst(2)) }
                if b.last != 2 || zip(b, b.dropFirst()).contains(where: { $0 >= $1 }) {
                    return "b received \(b) (replay included)"
                }
                joined.value?.dispose()
                return everyoneReceived(expected: [1, 2], orders: [[1, 2]], trace, [a], hub)
            })
    }

    /// A value and a completion against the handle's disposal: the subscription ends once,
    /// no callback starts after the disposal returned but one already admitted, and the
    /// upstream is disposed once when one thread's calls end before the other's begin.
    /// Overlapping, the termination and the handle may both dispose it (the spec's
    /// lifetime rule 8: disposables may be disposed more than once, so every disposable is
    /// idempotent).
    static let terminalAgainstDisposal = InterleavingScenario(
        name: "terminal against dispose", operations: "next 1, completion / dispose the handle"
    ) {
        let trace = InterleavingTrace()
        let core = SubscriptionCore<Int, String, SwiftSignalKitRules>(
            next: { trace.add("a \($0)") }, error: { trace.add("error \($0)") }, completed: { trace.add("completed") })
        let upstream = CountingDisposable("upstream")
        core.assign(upstream)
        return InterleavingExplorer.Run(
            threads: [
                {
                    trace.add("sending")
                    trace.add("call a 1")
                    core.putNext(1)
                    trace.add("call completed")
                    core.putCompletion()
                    trace.add("sent")
                },
                {
                    trace.add("disposing")
                    core.dispose()
                    trace.add("disposed")
                },
            ],
            check: {
                let lines = trace.lines
                let callbacks = lines.filter { ["a 1", "completed"].contains($0) }
                if ![[], ["a 1"], ["a 1", "completed"]].contains(callbacks) { return "the callbacks ran \(callbacks)" }
                // A callback may run after the disposal returned only if it was called
                // before, and then only the one call in flight.
                if let disposed = lines.firstIndex(of: "disposed") {
                    let late = lines[disposed...].filter(callbacks.contains)
                    if late.count > 1 || late.contains(where: { lines[disposed...].contains("call \($0)") }) {
                        return "a callback started after the disposal returned: \(lines)"
                    }
                }
                let apart =
                    lines.firstIndex(of: "sent")! < lines.firstIndex(of: "disposing")!
                    || lines.firstIndex(of: "disposed")! < lines.firstIndex(of: "sending")!
                if !(1...(apart ? 1 : 2)).contains(upstream.count) {
                    return "the upstream was disposed \(upstream.count) times: \(lines)"
                }
                return nil
            })
    }
}

extension InterleavingScenario {
    /// One subscription's `deliverOn` hop (`SerialHopEngine`, on a virtual queue) fed from
    /// both sides: a thread off the queue sends 1 and 2 while the queue's thread runs the
    /// clock, whose first work sends 10 and then the completion on the queue, and whose
    /// later work is the hop's turns. Every delivery runs on the queue; each value at most
    /// once, each thread's in its order, 10 once; a value whose send returned before the
    /// completion was sent reaches the subscriber before it (an on-queue completion waits
    /// behind the values already waiting for their turn: the fix in `SerialHopMachine`);
    /// nothing after the completion; the hop idle and the clock empty at the end.
    static let hopOffAgainstOnTheQueue = InterleavingScenario(
        name: "deliverOn off against on the queue",
        operations: "send 1, send 2 off the queue / on the queue: send 10, the completion, then the turns"
    ) {
        let clock = VirtualClock()
        let queue = clock.makeQueue(label: "hop")
        let trace = InterleavingTrace()
        let hop = SerialHop<Int>(queue: queue) { value in
            trace.add(queue.isCurrent ? "a \(value)" : "a \(value) off the queue")
        }
        // The test's thread is not the queue's: this waits on the clock for thread 1.
        queue.async {
            hop.send(10)
            trace.add("completing")
            hop.sendTerminal { trace.add(queue.isCurrent ? "completed" : "completed off the queue") }
        }
        return InterleavingExplorer.Run(
            threads: hopThreads(clock, trace, send: hop.send),
            check: {
                let lines = trace.lines
                let received = lines.filter { $0.hasPrefix("a ") || $0.hasPrefix("completed") }
                if let problem = offTheQueue(received, lines) { return problem }
                guard let completed = received.firstIndex(of: "completed"), completed == received.count - 1 else {
                    return "the completion is not the last event, once: \(received)"
                }
                let values = received.dropLast().compactMap { Int($0.dropFirst(2)) }
                if values.filter({ $0 == 10 }).count != 1 || values.filter({ $0 != 10 }) != [1, 2].filter(values.contains) {
                    return "received \(values): 10 once, 1 and 2 at most once and in order"
                }
                let completing = lines.firstIndex(of: "completing")!
                for value in [1, 2] where lines[..<completing].contains("sent \(value)") && !values.contains(value) {
                    return "\(value), sent before the completion, was lost: \(lines)"
                }
                return notIdle([hop], clock, lines)
            })
    }

    /// The two `deliverOn` hops of one subscription from two sources (a
    /// `combineLatest(queue:)`'s, in a `SerialHopGroup`): a thread off the queue sends 1 and
    /// 2 through one, while the queue's work sends 10 and 20 on the queue through the
    /// other. Every value once, on the queue, each hop's in order; a value whose send
    /// returned before an on-queue send began reaches the subscriber first (an on-queue
    /// event waits while another hop of the group has events waiting); both hops idle at
    /// the end.
    static let groupedHops = InterleavingScenario(
        name: "deliverOn group of two hops",
        operations: "send 1, send 2 through one hop / on the queue: send 10, send 20 through the other, then the turns"
    ) {
        let clock = VirtualClock()
        let queue = clock.makeQueue(label: "hops")
        let trace = InterleavingTrace()
        let group = SerialHopGroup()
        let deliver: (Int) -> Void = { value in trace.add(queue.isCurrent ? "a \(value)" : "a \(value) off the queue") }
        let offQueue = SerialHop<Int>(queue: queue, group: group, deliver: deliver)
        let onQueue = SerialHop<Int>(queue: queue, group: group, deliver: deliver)
        queue.async {
            for value in [10, 20] {
                trace.add("sending \(value)")
                onQueue.send(value)
            }
        }
        return InterleavingExplorer.Run(
            threads: hopThreads(clock, trace, send: offQueue.send),
            check: {
                let lines = trace.lines
                let received = lines.filter { $0.hasPrefix("a ") }
                if let problem = offTheQueue(received, lines) { return problem }
                let values = received.compactMap { Int($0.dropFirst(2)) }
                if values.filter({ $0 < 10 }) != [1, 2] || values.filter({ $0 >= 10 }) != [10, 20] {
                    return "received \(values): each value once, each hop's in order"
                }
                for early in [1, 2] {
                    for late in [10, 20]
                    where lines.firstIndex(of: "sent \(early)")! < lines.firstIndex(of: "sending \(late)")!
                        && values.firstIndex(of: early)! > values.firstIndex(of: late)!
                    {
                        return "\(late), sent on the queue after \(early) was sent, overtook it: \(lines)"
                    }
                }
                return group.isIdle ? notIdle([offQueue, onQueue], clock, lines) : "the group is busy at the end: \(lines)"
            })
    }

    /// The threads of a `deliverOn` scenario: thread 0 sends 1 and 2 through `send` (off
    /// the queue), logging `sent <value>` after each; thread 1, the queue's, runs what is
    /// due on `clock` until thread 0 has finished, and in between lets it go on (a free
    /// switch: the queue waits for work).
    private static func hopThreads(_ clock: VirtualClock, _ trace: InterleavingTrace, send: @escaping (Int) -> Void) -> [() -> Void] {
        let sent = InterleavingBox(false)
        return [
            {
                for value in [1, 2] {
                    send(value)
                    trace.add("sent \(value)")
                }
                sent.value = true
            },
            {
                while true {
                    let finished = sent.value
                    clock.run()
                    if finished { break }
                    if !sent.value { signalsync_interleaving_wait() }
                }
            },
        ]
    }

    /// The first of `received` (a `deliverOn` scenario's deliveries) that ran off the queue.
    private static func offTheQueue(_ received: [String], _ lines: [String]) -> String? {
        received.first { $0.hasSuffix("off the queue") }.map { "'\($0)': delivered off the queue: \(lines)" }
    }

    /// Unless every one of `hops` is idle and `clock` has nothing left, what is wrong.
    private static func notIdle(_ hops: [SerialHop<Int>], _ clock: VirtualClock, _ lines: [String]) -> String? {
        hops.allSatisfy({ $0.state.withLock { $0.isIdle } }) && clock.pendingCount == 0
            ? nil : "a hop is not idle at the end: \(lines)"
    }
}

/// A value the scenario's threads set and its check reads (one thread at a time: see
/// `InterleavingTrace`).
final class InterleavingBox<Value>: @unchecked Sendable {
    // Safety: as `InterleavingTrace`'s lines.
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
