import Foundation
import SignalTestSupport
import XCTest

/// Explores every modelled machine exhaustively (within its bound) and prints a summary;
/// with `SIGNALKIT_EXPLORATION_REPORT` naming a file, writes the summary there as
/// Markdown (`Tests/EXPLORATION.md` is that file).
final class MachineExplorationTests: XCTestCase {
    /// Every model, in the order of the summary.
    static func explore() -> [ExplorationResult] {
        [
            MachineExplorer(model: SerialHopModel()).run(),
            MachineExplorer(model: QueueLineModel()).run(),
            MachineExplorer(model: InnerQueueModel(mode: .switchToLatest)).run(),
            MachineExplorer(model: InnerQueueModel(mode: .queue)).run(),
            MachineExplorer(model: InnerQueueModel(mode: .throttled)).run(),
            MachineExplorer(model: PipeHubModel(start: "holding", maxSubscribers: 2)).run(),
            MachineExplorer(model: PipeHubModel(start: "empty", maxSubscribers: 2)).run(),
            MachineExplorer(model: PipeHubModel(start: "silent", maxSubscribers: 3)).run(),
            MachineExplorer(model: PipeHubModel(start: "holding", maxSubscribers: 2, cell: true, maxPushes: 2)).run(),
            MachineExplorer(model: ShareModel(reuse: .restart)).run(),
            MachineExplorer(model: ShareModel(reuse: .once)).run(),
            MachineExplorer(model: ShareModel(reuse: .whileConnected, replay: 1)).run(),
            MachineExplorer(model: ShareModel(reuse: .whileConnected, replay: 2)).run(),
            MachineExplorer(model: CombineLatestModel(seeded: 0, disposal: .atCompletion)).run(),
            MachineExplorer(model: CombineLatestModel(seeded: 0, disposal: .atTeardown)).run(),
            MachineExplorer(model: CombineLatestModel(seeded: 1, disposal: .atCompletion)).run(),
            MachineExplorer(model: MergeModel()).run(),
            MachineExplorer(model: ZipModel()).run(),
            MachineExplorer(model: WithLatestFromModel()).run(),
            MachineExplorer(model: RestartLoopModel()).run(),
            MachineExplorer(model: TimerGateModel(withAction: true)).run(),
            MachineExplorer(model: TimerGateModel(withAction: false)).run(),
            MachineExplorer(model: DebounceModel()).run(),
            MachineExplorer(model: ThrottleModel(latest: true)).run(),
            MachineExplorer(model: ThrottleModel(latest: false)).run(),
            MachineExplorer(model: SerialDrainModel()).run(),
            MachineExplorer(model: DeferredStartModel()).run(),
            MachineExplorer(model: DistinctModel()).run(),
            MachineExplorer(model: SleeperModel()).run(),
            MachineExplorer(model: FirstValueWaiterModel()).run(),
            MachineExplorer(model: ObservationModel()).run(),
            MachineExplorer(model: AsyncValuesBufferModel()).run(),
            MachineExplorer(model: PublicationModel()).run(),
            MachineExplorer(model: SerializedGateModel()).run(),
            MachineExplorer(model: OnceActionModel(armed: true)).run(),
            MachineExplorer(model: OnceActionModel(armed: false)).run(),
        ]
    }

    func testEveryLegalSequenceRunsAndKeepsTheInvariants() throws {
        let started = DispatchTime.now().uptimeNanoseconds
        let results = Self.explore()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        for result in results {
            for finding in result.findings {
                XCTFail("\(result.machine): \(finding)")
            }
        }
        let table = Self.table(results)
        print(table)
        for result in results { print("\(result.machine): \(result.seconds) s") }
        print("explored in \(elapsed) s")
        if let path = ProcessInfo.processInfo.environment["SIGNALKIT_EXPLORATION_REPORT"] {
            try Self.document(table).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    static func table(_ results: [ExplorationResult]) -> String {
        var lines = [
            "| Machine | States (keys) | `State` cases | Transitions | Depth | Bound |",
            "|---|---|---|---|---|---|",
        ]
        for result in results {
            let kinds = result.kinds.sorted().joined(separator: ", ")
            lines.append(
                "| \(result.machine) | \(result.states) | \(result.kinds.count) (\(kinds)) | \(result.transitions) | \(result.depth) | \(result.bound) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// What the exploration found, each with the check the model disables for it (a comment
    /// in the model names the finding).
    static let findings = [
        "TimerGate (fixed): a timer stopped between its `arm` and its start (`disarm` from a source event on another "
            + "thread, as typed `timeout` allows; a second `arm`; or the disposal) was started anyway and outlived the "
            + "disposal: `arm(T) -> start; disarm -> forward(stop: T)`; T starts. `arm` now stops a timer that is no "
            + "longer the armed one once it has started it, and the model checks that no timer outlives the disposal.",
        "RestartLoop: an iteration that ends during its own subscribe call, with a disposal also during that call, "
            + "has its handle disposed when the call returns: `beginIteration -> subscribe; iterationEnded -> noted; "
            + "dispose -> dispose(nil); subscribeReturned(h) -> settled(dispose: h)`; the machine, disposed, no longer "
            + "knows the iteration tore itself down. Harmless (`dispose()` is idempotent); the model skips that case.",
    ]

    /// What the exploration does not do.
    static let limits = [
        "Illegal events (those that trap) are sampled, not explored: `MachineTrapSampleTests` traps one per machine "
            + "that has any (17 of the 24), each from a state the models reach by legal events, in a child process "
            + "(`assertTraps`), in about 1.1 s in all. A child costs about 0.08 s, so every pair of a reached `State` case "
            + "and an illegal event would fit within a minute; it needs each machine's list of illegal events, not written yet.",
        "Each model is the grammar of its engine as read from the engine's calls and the machine's doc comments; "
            + "a world is explored through copies of it, or, for `SerialHop` (whose batches are shared objects), "
            + "by replaying its events from the start.",
        "Publication: the machine's `.waiting` phase is never seen between events (a writer's `collect` always "
            + "advances past it at once), so it counts 2 of its 3 phases.",
    ]

    static func document(_ table: String) -> String {
        """
        # Exhaustive machine exploration

        Written by `MachineExplorationTests.testEveryLegalSequenceRunsAndKeepsTheInvariants`
        (run with `SIGNALKIT_EXPLORATION_REPORT=Tests/EXPLORATION.md`): do not edit by hand.

        Each machine is driven by a model of its engine (`Tests/SignalSyncTests/Exploration/`):
        the events the engine can send in each state, applied breadth-first from the initial
        state to every legal event in every newly reached state, until a level brings no new
        state. No legal sequence may trap, and every action returned is checked against the
        machine's promises (one terminal event at most, every resource started is ended once,
        nothing after the end, and what each machine's doc comment says). A state is the
        machine's `State` with its payload and whatever of the model's record the checks
        read (its key); "`State` cases" counts the distinct cases of the machine's own
        `State` enum reached. Depth is the last breadth-first level at which a new state
        appeared. Where a machine's states are unbounded (counters, collections), the bound
        column says how the model bounds them.

        \(table)

        ## Findings

        \(findings.map { "- " + $0 }.joined(separator: "\n"))

        ## Limits

        \(limits.map { "- " + $0 }.joined(separator: "\n"))

        """
    }
}
