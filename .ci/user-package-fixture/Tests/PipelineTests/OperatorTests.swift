import Pipeline
import STypedSignalOperators
import SignalTesting
import Testing

// The operators a Combine user reaches for first (issue 53), from a user's package.

@Suite struct OperatorTests {
    @Test func twoConsumersOfASharedSearchSendOneRequest() {
        let scheduler = SignalTestScheduler()
        let requests = SubscriptionLog()
        let request: Signal<[String], NoError> = scheduler.cold("--r|", values: ["r": ["a", "b"]], subscriptions: requests)
        let results = sharedResults(request)
        let list = scheduler.record(results)
        let count = scheduler.record(results |> map { $0.count })
        scheduler.advanceUntilIdle()
        #expect(list.expect("--r|", values: ["r": ["a", "b"]]))
        #expect(count.expect("--2|", values: ["2": 2]))
        #expect(requests.subscriptions.count == 1, "one server request for both consumers")
    }

    @Test func mergeThenScanAddsUpBothSources() {
        let scheduler = SignalTestScheduler()
        let first: Signal<Int, NoError> = scheduler.cold("-1---3|")
        let second: Signal<Int, NoError> = scheduler.cold("---2|")
        let recorder = scheduler.record(runningTotal(first, second))
        scheduler.advanceUntilIdle()
        #expect(recorder.expect("-a-b-c|", values: ["a": 1, "b": 3, "c": 6]))
    }
}
