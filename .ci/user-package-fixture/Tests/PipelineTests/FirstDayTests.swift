import Pipeline
import STypedSignal
import SignalTesting
import Testing

// What a new user tries on the first day (issue 51): each test fails if its stumble comes
// back. `catch` without a type annotation is in Pipeline.swift (the fixture compiles).

@Suite struct FirstDayTests {
    @Test func catchWithoutAnAnnotationRecovers() {
        let scheduler = SignalTestScheduler()
        let results: Signal<[String], String> = scheduler.cold("-#", error: "offline")
        let recorder = scheduler.record(resultsOrNone(results))
        scheduler.advanceUntilIdle()
        #expect(recorder.expect("-(e,|)", values: ["e": []]))
    }

    @Test func combineLatestTuplesCompareThroughTheRecorder() {
        let scheduler = SignalTestScheduler()
        let query: Signal<String, NoError> = scheduler.cold("-q---r|")
        let page: Signal<Int, NoError> = scheduler.cold("---1--|")
        let recorder = scheduler.record(queryAndPage(query, page))
        scheduler.advanceUntilIdle()
        #expect(recorder.expect("---a-b|", values: ["a": ("q", 1), "b": ("r", 1)]))
    }

    @Test func printedEventsReadLikeMarbles() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.cold("-3---|") as Signal<Int, NoError>)
        scheduler.advanceUntilIdle()
        #expect(String(describing: recorder.events) == "[1.0: next(3), 5.0: completed]")
    }

    @Test func anRxJSGroupIsAValueAndItsEnd() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.cold("-b-(c,|)") as Signal<String, NoError>)
        scheduler.advanceUntilIdle()
        #expect(recorder.expect("-b-(c|)"), "(c|) is c and the end in one tick, not the value named \"c|\"")
    }
}
