import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// A `map` (of any types) started with closures runs in the start's own subscription
/// (a `Stage` of a `MapHead` and a `ClosuresTail`): the upstream's generator gets the start's subscriber.
/// What the closures receive, when a disposal stops the map and `next`, and the release
/// order are pinned here against the same map behind an operator's subscriber (which
/// still subscribes the map as a stage of its own).
final class MapClosureStartTests: LeakCheckedTestCase {
    /// A source whose generator hands its subscriber to `held` and logs its disposal.
    private func heldSource(_ held: Atomic<Subscriber<Int, TestError>?>, _ log: OrderTrace<String>) -> Signal<Int, TestError> {
        Signal { subscriber in
            held.swap(subscriber)
            return ActionDisposable { log.append("dispose source") }
        }
    }

    /// `signal` started by an operator's subscriber (a generator forwarding to it), so
    /// that its `map` is a stage with a subscription of its own.
    private func behindAStage<T>(_ signal: Signal<T, TestError>) -> Signal<T, TestError> {
        Signal { subscriber in
            signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }

    func testATypeChangingMapSendsEachValueThenTheTerminalEventToTheClosures() {
        for behind in [false, true] {
            let log = OrderTrace<String>()
            let held = Atomic<Subscriber<Int, TestError>?>(value: nil)
            var signal = heldSource(held, log) |> map { "<\($0)>" }
            if behind { signal = behindAStage(signal) }
            let handle = signal.start(next: { log.append("next \($0)") }, error: { log.append("error \($0)") })
            held.with { $0 }?.putNext(1)
            held.with { $0 }?.putNext(2)
            held.with { $0 }?.putError(TestError(7))
            held.with { $0 }?.putNext(3)
            XCTAssertEqual(log.all, ["next <1>", "next <2>", "error \(TestError(7))", "dispose source"], "behind a stage: \(behind)")
            handle.dispose()
            held.swap(nil)
        }
    }

    func testATransformThatDisposesTheSubscriptionKeepsItsValueFromNext() {
        let log = OrderTrace<String>()
        let held = Atomic<Subscriber<Int, TestError>?>(value: nil)
        let handle = Atomic<Disposable?>(value: nil)
        let signal =
            heldSource(held, log)
            |> map { (value: Int) -> String in
                log.append("transform \(value)")
                if value == 2 { handle.with { $0 }?.dispose() }
                return "\(value)"
            }
        handle.swap(signal.start(next: { log.append("next \($0)") }))
        (1...3).forEach { held.with { $0 }?.putNext($0) }
        XCTAssertEqual(log.all, ["transform 1", "next 1", "transform 2", "dispose source"])
        held.swap(nil)
    }

    func testTheTransformIsReleasedThenTheClosuresWhenTheSourceEnds() {
        for ending in ["completion", "error"] {
            let log = OrderTrace<String>()
            let held = Atomic<Subscriber<Int, TestError>?>(value: nil)
            var handle: Disposable?
            do {
                let transform = DeinitProbe { log.append("transform released") }
                let callbacks = DeinitProbe { log.append("callbacks released") }
                let signal = heldSource(held, log) |> map { value in withExtendedLifetime(transform) { "\(value)" } }
                handle = signal.start(
                    next: { _ in withExtendedLifetime(callbacks) {} }, error: { _ in log.append("error") },
                    completed: { log.append("completed") })
            }
            if ending == "completion" {
                held.with { $0 }?.putCompletion()
            } else {
                held.with { $0 }?.putError(TestError(1))
            }
            // Released together after the terminal callback (the callbacks are never
            // released while one runs): the transform first, as a disposal releases them.
            let terminal = ending == "completion" ? "completed" : "error"
            XCTAssertEqual(log.all, [terminal, "transform released", "callbacks released", "dispose source"], ending)
            withExtendedLifetime(handle) {}
            held.swap(nil)
        }
    }

    func testDisposingReleasesTheTransformThenTheClosuresAsSeparateStagesDo() {
        let traces = [false, true].map { behind in
            let log = OrderTrace<String>()
            let held = Atomic<Subscriber<Int, TestError>?>(value: nil)
            var handle: Disposable?
            do {
                let transform = DeinitProbe { log.append("transform released") }
                let callbacks = DeinitProbe { log.append("callbacks released") }
                var signal = heldSource(held, log) |> map { value in withExtendedLifetime(transform) { "\(value)" } }
                if behind { signal = behindAStage(signal) }
                handle = signal.start(next: { value in withExtendedLifetime(callbacks) { log.append("next \(value)") } })
            }
            held.with { $0 }?.putNext(1)
            handle?.dispose()
            log.append("disposed")
            withExtendedLifetime(handle) {}
            held.swap(nil)
            return log.all
        }
        XCTAssertEqual(traces[0], ["next 1", "dispose source", "transform released", "callbacks released", "disposed"])
        XCTAssertEqual(traces[0], traces[1], "started, then behind a stage")
    }

    func testASourceCompletingInsideItsGeneratorDeliversThroughTheMapAndIsDisposedBeforeStartReturns() {
        let log = OrderTrace<String>()
        let source = Signal<Int, TestError> { subscriber in
            log.append("generator begin")
            subscriber.putNext(1)
            subscriber.putCompletion()
            log.append("generator end")
            return ActionDisposable { log.append("dispose") }
        }
        let handle = (source |> map { $0 * 10 }).start(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        log.append("start returned")
        XCTAssertEqual(log.all, ["generator begin", "next 10", "completed", "generator end", "dispose", "start returned"])
        handle.dispose()
    }

    func testValuesFromTwoThreadsAllRunThroughTheMap() {
        let held = Atomic<Subscriber<Int, TestError>?>(value: nil)
        let received = Atomic<Int>(value: 0)
        let handle = (heldSource(held, OrderTrace()) |> map { Int64($0) * 2 }).start(next: { value in
            received.modify { $0 + Int(value) }
        })
        let subscriber = held.with { $0 }!
        let perThread = Stress.underThreadSanitizer ? 500 : 5_000
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for value in 1...perThread { subscriber.putNext(value) }
        }
        handle.dispose()
        held.swap(nil)
        XCTAssertEqual(received.with { $0 }, 2 * 2 * (perThread * (perThread + 1) / 2))
    }

    #if DEBUG
        func testAStartedMapTakesNoSubscriptionOfItsOwn() {
            let held = Atomic<Subscriber<Int, TestError>?>(value: nil)
            let pipe = ValuePipe<Int>()
            let before = LiveSubscriptions.current
            let overGenerator = (heldSource(held, OrderTrace()) |> map { "\($0)" }).start()
            let overPipe = (pipe.signal() |> map { "\($0)" }).start()
            XCTAssertEqual(LiveSubscriptions.current - before, 2)
            overGenerator.dispose()
            overPipe.dispose()
            XCTAssertEqual(LiveSubscriptions.current, before)
            held.swap(nil)
        }
    #endif
}
