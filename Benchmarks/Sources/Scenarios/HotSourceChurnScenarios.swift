import OpenCombine
import STypedSignal
import SUntypedSignal

// S10, the hot-source churn: what a list screen does per visible row (subscribe to a pipe,
// a promise or a variable, and dispose when the row goes), with `single` churn (S10S) as
// the base of the same API.

/// The S10 cases: pipes (S10), value cells (S10V), `Promise` (S10P) and `single` (S10S),
/// for the typed and untyped APIs and OpenCombine.
func hotSourceChurnScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s10PipeChurn, .typed) { size in
            let pipe = ValuePipe<Int>()
            return churn(size, pipe: pipe.putNext, end: { $0.dispose() }) { tally in pipe.signal().start(next: { tally.add($0) }) }
        },
        ScenarioCase(.s10PipeChurn, .untyped) { size in
            let pipe = SPipe()
            return churn(size, pipe: { pipe.putNext($0) }, end: { $0.dispose() }) { tally in pipe.signal().start(next: { tally.add($0 as! Int) }) }
        },
        ScenarioCase(.s10PipeChurn, .openCombine) { size in
            let subject = PassthroughSubject<Int, Never>()
            return churn(size, pipe: subject.send, end: { $0.cancel() }) { tally in subject.sink { tally.add($0) } }
        },
        ScenarioCase(.s10ValueChurn, .typed) { size in
            let promise = ValuePromise<Int>(1)
            return churn(size, end: { $0.dispose() }) { tally in promise.get().start(next: { tally.add($0) }) }
        },
        ScenarioCase(.s10ValueChurn, .untyped) { size in
            let variable = SVariable()
            variable.set(SSignal.single(1))
            return churn(size, end: { $0.dispose() }) { tally in variable.signal().start(next: { tally.add($0 as! Int) }) }
        },
        ScenarioCase(.s10ValueChurn, .openCombine) { size in
            let subject = CurrentValueSubject<Int, Never>(1)
            return churn(size, end: { $0.cancel() }) { tally in subject.sink { tally.add($0) } }
        },
        ScenarioCase(.s10PromiseChurn, .typed) { size in
            let promise = Promise<Int>(1)
            return churn(size, end: { $0.dispose() }) { tally in promise.get().start(next: { tally.add($0) }) }
        },
        ScenarioCase(.s10SingleChurn, .typed) { size in
            let signal = Signal<Int, NoError>.single(1)
            return churn(size, end: { $0.dispose() }) { tally in signal.start(next: { tally.add($0) }) }
        },
        ScenarioCase(.s10SingleChurn, .untyped) { size in
            let signal = SSignal.single(1)
            return churn(size, end: { $0.dispose() }) { tally in signal.start(next: { tally.add($0 as! Int) }) }
        },
        ScenarioCase(.s10SingleChurn, .openCombine) { size in
            let publisher = Just(1)
            return churn(size, end: { $0.cancel() }) { tally in publisher.sink { tally.add($0) } }
        },
    ]
}

/// The measured body of a churn case: `size` times, `subscribe` (into a tally) and `end`
/// what it returned. With `pipe`, one value is pushed after the loop: every subscription
/// has ended, so it must reach nobody (S10 delivers nothing).
@inline(__always)
func churn<Handle>(
    _ size: Int, pipe: ((Int) -> Void)? = nil, end: @escaping (Handle) -> Void, _ subscribe: @escaping (Tally) -> Handle
) -> () -> Int {
    {
        let tally = Tally()
        for _ in 0..<size {
            end(subscribe(tally))
        }
        pipe?(0)
        return tally.count
    }
}
