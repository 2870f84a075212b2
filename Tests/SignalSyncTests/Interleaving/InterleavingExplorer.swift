import Foundation
import SignalSyncStack

/// Runs a scenario's threads under every interleaving of their atomic operations, up to a
/// number of preemptions (as CHESS and loom do): the real code of SignalSync, built with
/// the points of `SignalSyncInterleaving.h`, on real threads of which exactly one runs at
/// a time.
///
/// At each point (before an atomic operation, and where a lock is found held) the running
/// thread asks the scheduler which thread goes on. Going on with the same thread is free;
/// switching away from a thread that could go on is a preemption; switching away from a
/// thread that waits for a lock, or has finished, is free. Each run records its choices;
/// the next run replays a prefix of them and takes the next untried choice at the deepest
/// place where the preemption bound allows one, so that every schedule within the bound
/// runs once (depth first). A thread that waits for a lock may run again once another
/// thread has taken a step.
///
/// Only the threads the explorer starts are scheduled; the test's own thread sets a
/// scenario up and checks it, outside the points.
final class InterleavingExplorer: @unchecked Sendable {
    // Safety: every field below `condition` is guarded by it; the hook reaches the
    // explorer of the run through `InterleavingExplorer.current`, set only between runs.

    /// One scenario run: its threads' bodies, and what to check once they all returned.
    struct Run {
        /// One body per thread, run on a thread of its own.
        var threads: [() -> Void]
        /// Called on the test's thread after every thread returned; nil when all is well,
        /// else what went wrong.
        var check: () -> String?
    }

    /// What an exploration did.
    struct Report {
        /// Schedules run.
        var schedules = 0
        /// The most points a run passed.
        var longestRun = 0
        /// The most preemptions a run made (at most the bound).
        var preemptionsUsed = 0
        /// The first failure, with the schedule that showed it, or nil.
        var failure: String?
    }

    /// A place where more than one thread could run.
    private struct Choice {
        /// The threads that could run, the default first (the running thread when it
        /// could go on, else the next one in order).
        var options: [Int]
        /// Which of `options` this run took.
        var taken: Int
        /// Whether the running thread could have gone on (taking another option is then
        /// a preemption).
        var preemptive: Bool
        /// The preemptions made before this choice.
        var preemptionsBefore: Int
    }

    private enum Status {
        case runnable, waiting, finished
    }

    /// The explorer of the run in progress, for the C hook.
    nonisolated(unsafe) private static var current: InterleavingExplorer?

    private let condition = NSCondition()
    private var statuses: [Status] = []
    private var running = -1
    private var replay: [Int] = []
    /// The options the run that made `replay` had at each of its choices.
    private var replayedOptions: [[Int]] = []
    /// The preemptions the run that made `replay` had made before each of its choices.
    private var replayedPreemptions: [Int] = []
    private var choices: [Choice] = []
    private var preemptions = 0
    private var points = 0
    private var failure: String?
    private let bound: Int
    private let maxPoints: Int

    /// An explorer of schedules with at most `preemptions` preemptions; a run that passes
    /// more than `maxPoints` points fails (a thread that never stops waiting).
    init(preemptions: Int, maxPoints: Int = 20_000) {
        bound = preemptions
        self.maxPoints = maxPoints
    }

    /// Whether this build has the points (`swift test` with
    /// `-Xcc -DSIGNALSYNC_INTERLEAVING -Xswiftc -DSIGNALSYNC_INTERLEAVING`).
    static var isAvailable: Bool {
        signalsync_interleaving_compiled() != 0
    }

    /// Runs `makeRun()` (a fresh scenario each time) under every schedule within the
    /// bound, at most `limit` of them, and stops at the first failure.
    func explore(limit: Int = 100_000, _ makeRun: () -> Run) -> Report {
        var report = Report()
        var prefix: [Choice] = []
        while report.schedules < limit {
            let run = makeRun()
            let taken = execute(run, replaying: prefix)
            report.schedules += 1
            report.longestRun = max(report.longestRun, points)
            report.preemptionsUsed = max(report.preemptionsUsed, preemptions)
            if let problem = failure ?? run.check() {
                report.failure = "\(problem) (schedule \(report.schedules): choices \(taken.map(\.taken)))"
                return report
            }
            guard let next = Self.next(after: taken, bound: bound) else { return report }
            prefix = next
        }
        return report
    }

    /// The choices of the next schedule after a run that made `choices`: the deepest
    /// choice with an option left that the bound allows, taken, after the same prefix.
    private static func next(after choices: [Choice], bound: Int) -> [Choice]? {
        for index in choices.indices.reversed() {
            var choice = choices[index]
            for option in (choice.taken + 1)..<choice.options.count {
                let cost = choice.preemptive && option != 0 ? 1 : 0
                if choice.preemptionsBefore + cost <= bound {
                    choice.taken = option
                    return Array(choices[..<index]) + [choice]
                }
            }
        }
        return nil
    }

    /// Runs `run`'s threads once, replaying `prefix` (option indices) at the first choices,
    /// and returns the choices made.
    private func execute(_ run: Run, replaying prefix: [Choice]) -> [Choice] {
        condition.withLock {
            statuses = Array(repeating: .runnable, count: run.threads.count)
            running = -1
            replay = prefix.map(\.taken)
            replayedOptions = prefix.map(\.options)
            replayedPreemptions = prefix.map(\.preemptionsBefore)
            choices = []
            preemptions = 0
            points = 0
            failure = nil
        }
        Self.current = self
        signalsync_interleaving_set_hook { event, thread in
            InterleavingExplorer.current?.point(event, thread: Int(thread))
        }
        let done = DispatchGroup()
        for (index, body) in run.threads.enumerated() {
            done.enter()
            nonisolated(unsafe) let body = body
            let thread = Thread { [self] in
                condition.withLock {
                    while running != index { condition.wait() }
                }
                signalsync_interleaving_register_thread(Int32(index))
                body()
                signalsync_interleaving_register_thread(-1)
                condition.withLock { switchAway(from: index, as: .finished) }
                done.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        condition.withLock {
            running = choose(from: firstRunnable(from: 0), preemptive: false)
            condition.broadcast()
        }
        done.wait()
        signalsync_interleaving_set_hook(nil)
        Self.current = nil
        return condition.withLock { choices }
    }

    /// The hook: `thread`, the running one, is at a point.
    private func point(_ event: signalsync_interleaving_event, thread: Int) {
        condition.withLock {
            points += 1
            if points > maxPoints && failure == nil {
                failure = "more than \(maxPoints) points in one run: a thread waits forever"
            }
            if failure != nil {
                // Free-running from here: every thread goes on without the scheduler.
                return
            }
            switch event {
            case .step:
                for other in statuses.indices where other != thread && statuses[other] == .waiting {
                    statuses[other] = .runnable
                }
                let next = choose(from: thread, preemptive: true)
                hand(to: next, from: thread)
            case .blocked:
                switchAway(from: thread, as: .waiting)
                while running != thread && failure == nil { condition.wait() }
            }
        }
    }

    /// Marks `thread` waiting or finished and runs another (under the lock).
    private func switchAway(from thread: Int, as status: Status) {
        statuses[thread] = status
        if status == .finished {
            for other in statuses.indices where statuses[other] == .waiting {
                statuses[other] = .runnable
            }
        }
        guard statuses.contains(.runnable) else {
            if statuses.contains(.waiting) && failure == nil {
                failure = "every thread left waits for a lock: a deadlock"
                condition.broadcast()
            }
            running = -1
            return
        }
        running = choose(from: firstRunnable(from: thread + 1), preemptive: false)
        condition.broadcast()
    }

    /// Makes `next` the running thread and, when it is not `thread`, waits for the turn of
    /// `thread` (under the lock).
    private func hand(to next: Int, from thread: Int) {
        guard next != thread else { return }
        running = next
        condition.broadcast()
        while running != thread && failure == nil { condition.wait() }
    }

    /// The first runnable thread at or after `start`, cyclically.
    private func firstRunnable(from start: Int) -> Int {
        let count = statuses.count
        for offset in 0..<count {
            let candidate = ((start + offset) % count + count) % count
            if statuses[candidate] == .runnable { return candidate }
        }
        return start
    }

    /// Picks the thread to run: `first` unless the schedule replays or this run explores
    /// another option (under the lock). `preemptive`: `first` is the running thread.
    private func choose(from first: Int, preemptive: Bool) -> Int {
        let others = statuses.indices.filter { $0 != first && statuses[$0] == .runnable }
        let options = [first] + others
        guard options.count > 1 else { return first }
        let position = choices.count
        var taken = 0
        if position < replay.count {
            taken = replay[position]
            if options != replayedOptions[position] || preemptions != replayedPreemptions[position] {
                failure =
                    "the run did not replay its schedule: options \(options) at choice \(position), "
                    + "where the run it replays had \(replayedOptions[position])"
                taken = 0
            }
        }
        choices.append(Choice(options: options, taken: taken, preemptive: preemptive, preemptionsBefore: preemptions))
        if preemptive && taken != 0 { preemptions += 1 }
        return options[taken]
    }
}
