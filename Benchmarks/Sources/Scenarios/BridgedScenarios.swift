import Bridge
import Dispatch
import STypedSignal
import SUntypedSignal

/// The bridged cases: a typed source, the untyped operators, a typed sink (S1, S2, S6),
/// and for the hot scenarios a typed pipe read through the untyped API.
func bridgedScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s1Chain, .bridged) { size in
            {
                let tally = Tally()
                let chain = typedCountingSource(size).toUntyped()
                    .map { ($0 as! Int) + 1 }
                    .filter { ($0 as! Int) % 2 == 0 }
                    .map { ($0 as! Int) * 2 }
                    .toTyped(Int.self, NoError.self)
                chain.start(next: { tally.add($0) }).dispose()
                return tally.count
            }
        },
        ScenarioCase(.s2Churn, .bridged) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let signal = single(1, NoError.self).toUntyped().map { ($0 as! Int) + 1 }.toTyped(Int.self, NoError.self)
                    signal.start(next: { tally.add($0) }).dispose()
                }
                return tally.count
            }
        },
        ScenarioCase(.s3FanOut, .bridged) { size in
            let tally = Tally()
            let pipe = ValuePipe<Int>()
            let untyped = pipe.signal().toUntyped()
            let subscriptions = (0..<Scenario.fanOut).map { _ in
                untyped.start(next: { tally.add($0 as! Int) })
            }
            return {
                let before = tally.count
                for value in 0..<size {
                    pipe.putNext(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s6MapToSignal, .bridged) { size in
            {
                let tally = Tally()
                typedCountingSource(size).toUntyped()
                    .mapToSignal { SSignal.single($0) }
                    .toTyped(Int.self, NoError.self)
                    .start(next: { tally.add($0) })
                    .dispose()
                return tally.count
            }
        },
        ScenarioCase(.s7DeliverOn, .bridged) { size in
            let queue = SQueue()
            return {
                let tally = Tally()
                let done = DispatchSemaphore(value: 0)
                let subscription = typedCountingSource(size).toUntyped().deliverOn(queue).toTyped(Int.self, NoError.self)
                    .start(next: { tally.add($0) }, completed: { done.signal() })
                done.wait()
                subscription.dispose()
                return tally.count
            }
        },
    ]
}
