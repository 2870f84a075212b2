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
            MachineExplorer(model: CombineLatestModel(seeded: 0, disposal: .atCompletion)).run(),
            MachineExplorer(model: CombineLatestModel(seeded: 0, disposal: .atTeardown)).run(),
            MachineExplorer(model: CombineLatestModel(seeded: 1, disposal: .atCompletion)).run(),
            MachineExplorer(model: RestartLoopModel()).run(),
            MachineExplorer(model: TimerGateModel(withAction: true)).run(),
            MachineExplorer(model: TimerGateModel(withAction: false)).run(),
            MachineExplorer(model: DebounceModel()).run(),
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
        let clock = ContinuousClock()
        var results: [ExplorationResult] = []
        let elapsed = clock.measure { results = Self.explore() }
        for result in results {
            for finding in result.findings {
                XCTFail("\(result.machine): \(finding)")
            }
        }
        let table = Self.table(results)
        print(table)
        for result in results { print("\(result.machine): \(result.duration)") }
        print("explored in \(elapsed)")
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

        """
    }
}
