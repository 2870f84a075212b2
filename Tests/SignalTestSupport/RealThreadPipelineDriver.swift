import Dispatch
import Foundation
import SignalSync
import XCTest

/// Generated pipelines on real threads, checked against their model, written once for
/// both APIs: beside the virtual-time parity suite, where no two threads interleave.
///
/// Each pipeline (`RealThreadPipelineGenerator`) runs over the main queue and three serial
/// queues, with sources that send from other threads, started on a random one of those
/// queues (often the one it delivers on). Its subscriber must receive every value exactly
/// once and in order, each event on the queue the pipeline promises, and one terminal
/// event after all of them. A failure names the pipeline's seed and the pipeline as code;
/// `REAL_THREAD_PIPELINE_SEED=<seed>` in the environment runs that pipeline alone, and
/// `REAL_THREAD_PIPELINES=<count>` changes how many run.
public enum RealThreadPipelineDriver {
    /// The seed of the first pipeline; the others follow it.
    public static let firstSeed: UInt64 = 0x5167_4E41_4C00_0000

    /// Runs `count` generated pipelines (fewer under ThreadSanitizer) on `api`.
    public static func pipelinesDeliverWhatTheirModelSays<A: RealThreadAdapter>(
        _ api: A.Type, count: Int = 1_500, file: StaticString = #filePath, line: UInt = #line
    ) {
        precondition(Thread.isMainThread, "the main queue's pipelines need the test's main thread")
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let seed = environment["REAL_THREAD_PIPELINE_SEED"].flatMap(UInt64.init) {
            seeds = [seed]
        } else {
            let count = environment["REAL_THREAD_PIPELINES"].flatMap(Int.init) ?? (Stress.underThreadSanitizer ? count / 4 : count)
            seeds = (0..<UInt64(count)).map { firstSeed + $0 }
        }
        let queues = [ExecutionQueue.main] + (1...3).map { ExecutionQueue(label: "generated.q\($0)") }
        var failures: [String] = []
        var finished: [(recorder: RealThreadRecorder, events: Int, replay: String)] = []
        for seed in seeds {
            var generator = RealThreadPipelineGenerator(seed: seed)
            let (pipeline, startQueue) = generator.next()
            let expected = pipeline.expectation
            let replay = "seed \(seed): \(pipeline), started on \(RealThreadPipeline.name(startQueue))"
            let signal = build(pipeline, api, queues)
            let recorder = RealThreadRecorder(promised: expected.promised.map { queues[$0] })
            let dispose = TestAtomic<(() -> Void)?>(nil)
            let ended = RealThreadStart.run(
                on: queues[startQueue],
                {
                    dispose.store(
                        A.start(signal, next: recorder.next, error: recorder.error, completed: recorder.completed), ordering: .releasing)
                }, until: { recorder.ended })
            guard ended else {
                failures.append("\(replay): no terminal event within 10 s (received \(recorder.received))")
                break
            }
            dispose.load(ordering: .acquiring)?()
            if recorder.received != expected.events {
                failures.append("\(replay): expected \(expected.events), received \(recorder.received)")
            } else if !recorder.receivedOffQueue.isEmpty {
                let queue = RealThreadPipeline.name(expected.promised ?? 0)
                failures.append("\(replay): \(recorder.receivedOffQueue) arrived off \(queue)")
            }
            finished.append((recorder, expected.events.count, replay))
        }
        // Nothing may arrive after a terminal event: a moment for stragglers, then look again.
        _ = RealThreadStart.run(on: queues[0], timeout: 0.1, {}, until: { false })
        for (recorder, events, replay) in finished where recorder.received.count > events {
            failures.append("\(replay): events after the terminal event: \(recorder.received)")
        }
        XCTAssertTrue(
            failures.isEmpty,
            "\(failures.count) of \(seeds.count) generated pipelines failed:\n" + failures.prefix(5).joined(separator: "\n"),
            file: file, line: line)
    }

    /// The signal of `pipeline` in `api`.
    public static func build<A: RealThreadAdapter>(_ pipeline: RealThreadPipeline, _ api: A.Type, _ queues: [ExecutionQueue]) -> A.Signal {
        switch pipeline {
        case .source(let values, let ending, let emission):
            return A.signal { sink in
                @Sendable func end() {
                    switch ending {
                    case .completed: sink.completed()
                    case .failed(let code): sink.error(code)
                    }
                }
                switch emission {
                case .sync:
                    values.forEach(sink.next)
                    end()
                case .otherThread:
                    DispatchQueue.global().async {
                        values.forEach(sink.next)
                        end()
                    }
                case .valuesFromOtherThread:
                    let sent = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        values.forEach(sink.next)
                        sent.signal()
                    }
                    sent.wait()
                    end()
                }
            }
        case .never:
            return A.never()
        case .deliverOn(let pipeline, let queue):
            return A.deliverOn(build(pipeline, api, queues), queues[queue])
        case .runOn(let pipeline, let queue):
            return A.runOn(build(pipeline, api, queues), queues[queue])
        case .map(let pipeline, let add):
            return A.map(build(pipeline, api, queues)) { $0 + add }
        case .take(let pipeline, let count):
            return A.take(build(pipeline, api, queues), count)
        case .then(let first, let second):
            return A.then(build(first, api, queues), build(second, api, queues))
        case .flatten(let outer, let mode, let inner):
            let innerSignal = build(inner, api, queues)
            return A.flatten(build(outer, api, queues), mode) { value in A.map(innerSignal) { $0 + 100 * value } }
        case .combineLatest(let first, let second, let queue):
            return A.combineLatest(build(first, api, queues), build(second, api, queues), queue: queues[queue]) { 1000 * $0 + $1 }
        case .delay(let pipeline, let milliseconds, let queue):
            return A.delay(build(pipeline, api, queues), Double(milliseconds) / 1000, queue: queues[queue])
        case .timeout(let pipeline, let queue):
            return A.timeout(build(pipeline, api, queues), 30, queue: queues[queue], alternate: A.never())
        case .timeoutToAlternate(let alternate, let queue):
            return A.timeout(A.never(), 0.001, queue: queues[queue], alternate: build(alternate, api, queues))
        case .restartTake(let pipeline, let count):
            return A.take(A.restart(build(pipeline, api, queues)), count)
        }
    }
}
