import AsyncAlgorithms
import Dispatch

// swift-async-algorithms is the second peer: what a Swift user picks today for event
// streams without Combine. It has counterparts of S1 (an async sequence chain) and S5b
// (combineLatest of channels) only. The harness is synchronous, so each measured body
// blocks its thread on a task (`blockOnTask`): the timing of these cases includes one
// task creation, one hop onto the cooperative pool and one semaphore wake-up per run
// (a few microseconds, not per op), and every suspension and resumption inside the
// async code, which is the price of the model being measured.

/// Runs `operation` in a new task and blocks the calling thread until it has returned.
func blockOnTask(_ operation: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await operation()
        done.signal()
    }
    done.wait()
}

/// The swift-async-algorithms 1.1.4 cases: S1 and S5b.
func asyncAlgorithmsScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s1Chain, .asyncAlgorithms) { size in
            {
                // `(0..<n).async` is the package's synchronous source; map and filter
                // are the standard library's AsyncSequence operators.
                let tally = Tally()
                blockOnTask {
                    let chain = (0..<size).async.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
                    for await value in chain {
                        tally.add(value)
                    }
                }
                return tally.count
            }
        },
        ScenarioCase(.s5bCombineLatest3, .asyncAlgorithms) { size in
            // Unmeasured: the channels, the consuming task, and one value per channel
            // (the first combined tuple). Measured: `size` sends round-robin from one
            // task until the consumer has received the tuple of the last one.
            let tally = Tally()
            let channels = (0..<3).map { _ in AsyncChannel<Int>() }
            let received = DispatchSemaphore(value: 0)
            Task {
                for await values in combineLatest(channels[0], channels[1], channels[2]) {
                    tally.add(values.0 &+ values.1 &+ values.2)
                    if tally.count == 1 || tally.count == 1 + size {
                        received.signal()  // the seeds' tuple, then the last push's
                    }
                }
            }
            blockOnTask {
                for channel in channels {
                    await channel.send(0)
                }
            }
            received.wait()
            return {
                let before = tally.count
                blockOnTask {
                    for value in 0..<size {
                        await channels[value % 3].send(value)
                    }
                }
                received.wait()
                for channel in channels {
                    channel.finish()  // ends the consuming task
                }
                return tally.count - before
            }
        },
    ]
}
