import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The hot sources of the untyped API under threads pushing without pause and threads
/// subscribing meanwhile (`HotValueStress`): no livelock (a watchdog), bounded memory (one
/// pending value per subscriber at most), push order per pusher with the replay first,
/// and no stale last value. Run in debug, release and under ThreadSanitizer.
final class SHotValueStressTests: LeakCheckedTestCase {
    private var cycles: Int { 2_000 * Stress.scale }

    /// `signal` subscribed with `next`, disposed by the returned closure.
    private static func subscriber(_ signal: @escaping @Sendable () -> SSignal) -> @Sendable (@escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
        { next in
            let subscription = UncheckedSendable(signal().start(next: { next($0 as! Int) }))
            return { subscription.value.dispose() }
        }
    }

    private static func pipeSubject(_ pipe: SPipe, replays: Bool) -> HotValueStress.Subject {
        let box = UncheckedSendable(pipe)
        return HotValueStress.Subject(
            replays: replays, push: { box.value.putNext($0) }, subscribe: subscriber { box.value.signal() },
            pending: { box.value.pendingHandovers })
    }

    /// A variable fed by a pipe: a push into the pipe sets the variable.
    private static func variableSubject(_ variable: SVariable) -> HotValueStress.Subject {
        let pipe = SPipe()
        variable.set(pipe.signal())
        pipe.putNext(0)
        let box = UncheckedSendable((variable, pipe))
        return HotValueStress.Subject(
            replays: true, push: { box.value.1.putNext($0) }, subscribe: subscriber { box.value.0.signal() },
            pending: { box.value.0.pendingHandovers })
    }

    func testPipeUnderChurn() {
        HotValueStress.churn("SPipe", Self.pipeSubject(SPipe(), replays: false), cycles: cycles)
    }

    func testReplayingPipeUnderChurn() {
        let pipe = SPipe(replay: true)
        pipe.putNext(0)
        HotValueStress.churn("SPipe(replay: true)", Self.pipeSubject(pipe, replays: true), cycles: cycles)
    }

    func testVariableUnderChurn() {
        HotValueStress.churn("SVariable", Self.variableSubject(SVariable()), cycles: cycles)
    }

    func testPipeLatestWins() {
        HotValueStress.latestWins("SPipe", Self.pipeSubject(SPipe(), replays: false), rounds: Stress.scale)
    }

    func testReplayingPipeLatestWins() {
        let pipe = SPipe(replay: true)
        pipe.putNext(0)
        HotValueStress.latestWins("SPipe(replay: true)", Self.pipeSubject(pipe, replays: true), rounds: Stress.scale)
    }

    /// The review's case: a variable set to a pipe that one thread pushes 1...2000 into,
    /// 8 threads subscribing 40 times each meanwhile: all 320 end on 2000.
    func testVariableSetToAPipeLatestWins() {
        HotValueStress.latestWins("SVariable", Self.variableSubject(SVariable()), rounds: Stress.scale)
    }
}
