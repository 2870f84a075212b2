import Pipeline
import STypedSignal
import SUntypedSignal
import SignalTesting
import XCTest

final class PipelineXCTests: XCTestCase {
    func testTypedPipeline() {
        let scheduler = SignalTestScheduler()
        let input: Signal<Int, String> = scheduler.cold("-1-2-3-4|")
        let recorder = scheduler.record(scaledEvens(input, queue: Queue(virtualClock: scheduler.clock)))
        scheduler.advanceUntilIdle()
        recorder.expect("----a---b|", values: ["a": 20, "b": 40])
        recorder.dispose()
        expectNoLiveSubscriptions()
    }

    func testUntypedPipelineFailsWithADiff() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scaledEvens(scheduler.coldSSignal("-2|"), queue: SQueue(scheduler.clock.makeQueue())))
        scheduler.advanceUntilIdle()
        let failures = TestFailureReporter.collectingFailures { recorder.expect("-(20)|") }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("recorded: --(20)|") == true)
    }
}
