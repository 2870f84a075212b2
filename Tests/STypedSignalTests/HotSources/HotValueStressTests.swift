import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The hot sources of the typed API under threads pushing without pause and threads
/// subscribing meanwhile (`HotValueStress`): no livelock (a watchdog), bounded memory (one
/// pending value per subscriber at most), push order per pusher with the replay first,
/// and no stale last value. Run in debug, release and under ThreadSanitizer.
final class HotValueStressTests: LeakCheckedTestCase {
    private var cycles: Int { 2_000 * Stress.scale }

    /// `signal` subscribed with `next`, disposed by the returned closure.
    private static func subscriber(_ signal: @escaping @Sendable () -> Signal<Int, NoError>)
        -> @Sendable (@escaping @Sendable (Int) -> Void) -> @Sendable () -> Void
    {
        { next in
            let subscription = UncheckedSendable(signal().start(next: next))
            return { subscription.value.dispose() }
        }
    }

    private static func pipeSubject(_ pipe: ValuePipe<Int>) -> HotValueStress.Subject {
        let box = UncheckedSendable(pipe)
        return HotValueStress.Subject(
            replays: false, push: { box.value.putNext($0) }, subscribe: subscriber { box.value.signal() },
            pending: { box.value.pendingHandovers })
    }

    private static func valuePromiseSubject(_ promise: ValuePromise<Int>) -> HotValueStress.Subject {
        let box = UncheckedSendable(promise)
        return HotValueStress.Subject(
            replays: true, push: { box.value.set($0) }, subscribe: subscriber { box.value.get() },
            pending: { box.value.pendingHandovers })
    }

    /// A promise fed by a pipe: a push into the pipe sets the promise.
    private static func promiseSubject(_ promise: Promise<Int>) -> HotValueStress.Subject {
        let pipe = ValuePipe<Int>()
        promise.set(pipe.signal())
        let box = UncheckedSendable((promise, pipe))
        return HotValueStress.Subject(
            replays: true, push: { box.value.1.putNext($0) }, subscribe: subscriber { box.value.0.get() },
            pending: { box.value.0.pendingHandovers })
    }

    func testValuePipeUnderChurn() {
        HotValueStress.churn("ValuePipe", Self.pipeSubject(ValuePipe()), cycles: cycles)
    }

    func testValuePromiseUnderChurn() {
        HotValueStress.churn("ValuePromise", Self.valuePromiseSubject(ValuePromise(0)), cycles: cycles)
    }

    func testValuePromiseIgnoringRepeatsUnderChurn() {
        HotValueStress.churn("ValuePromise(ignoreRepeated:)", Self.valuePromiseSubject(ValuePromise(0, ignoreRepeated: true)), cycles: cycles)
    }

    func testPromiseUnderChurn() {
        HotValueStress.churn("Promise", Self.promiseSubject(Promise(0)), cycles: cycles)
    }

    func testValuePipeLatestWins() {
        HotValueStress.latestWins("ValuePipe", Self.pipeSubject(ValuePipe()), rounds: Stress.scale)
    }

    func testValuePromiseLatestWins() {
        HotValueStress.latestWins("ValuePromise", Self.valuePromiseSubject(ValuePromise(0)), rounds: Stress.scale)
    }

    func testPromiseLatestWins() {
        HotValueStress.latestWins("Promise", Self.promiseSubject(Promise(0)), rounds: Stress.scale)
    }
}
