import Pipeline
import STypedSignal
import SUntypedSignal
import SignalSync
import SignalTesting
import Testing

@Suite struct PipelineSwiftTests {
    @Test func untypedPipeline() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scaledEvens(scheduler.coldSSignal("-1-2|"), queue: SQueue(scheduler.clock.makeQueue())))
        scheduler.advanceUntilIdle()
        #expect(recorder.expect("----(20)|"))
    }

    @Test func aMismatchIsAnIssue() {
        let scheduler = SignalTestScheduler()
        let input: Signal<Int, String> = scheduler.hot("--2|")
        let recorder = scheduler.record(scaledEvens(input, queue: Queue(virtualClock: scheduler.clock)))
        scheduler.advanceUntilIdle()
        withKnownIssue {
            recorder.expect("---(20)|")
        }
    }

    @MainActor
    @Test func asyncCodeSleepsOnTheVirtualClock() async throws {
        let clock = VirtualClock()
        let task = Task { @MainActor in try await later(7, after: 3, on: clock) }
        while clock.pendingCount == 0 { await Task.yield() }
        await clock.advance(by: .seconds(3))
        #expect(try await task.value == 7)
    }
}
