import STypedSignal
import SignalTestSupport
import XCTest

final class SignalSideEffectsTests: LeakCheckedTestCase {
    func testBeforeAndAfterNext() {
        let log = EventLog()
        let signal =
            Signal<Int, TestError>.single(1)
            |> beforeNext { log.add("before \($0)") }
            |> afterNext { log.add("after \($0)") }
        log.record(signal)
        XCTAssertEqual(log.events, ["before 1", "next 1", "after 1", "completed"])
    }

    func testAfterNextRunsEvenWhenForwardingTerminatedDownstream() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(traced("a", log, source.signal) |> afterNext { log.add("after \($0)") } |> take(1))
        source.putNext(1)
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "completed", "a.dispose#1", "after 1"])
    }

    func testBeforeStartedOncePerSubscriptionBeforeUpstream() {
        let log = EventLog()
        let signal = traced("a", log, Signal<Int, TestError>.never()) |> beforeStarted { log.add("started") }
        signal.start()
        signal.start()
        XCTAssertEqual(log.events, ["started", "a.subscribe#1", "started", "a.subscribe#2"])
    }

    func testBeforeAndAfterCompleted() {
        let log = EventLog()
        let signal =
            Signal<Int, TestError>.complete()
            |> beforeCompleted { log.add("before") }
            |> afterCompleted { log.add("after") }
        log.record(signal)
        log.record(Signal<Int, TestError>.fail(TestError(1)) |> beforeCompleted { log.add("never") } |> afterCompleted { log.add("never") })
        XCTAssertEqual(log.events, ["before", "completed", "after", "error E1"])
    }

    func testAfterCompletedForAsyncUpstreamRunsAfterUpstreamDisposed() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(traced("a", log, source.signal) |> afterCompleted { log.add("after") })
        source.putCompletion()
        XCTAssertEqual(log.events, ["a.subscribe#1", "completed", "a.dispose#1", "after"])
    }

    func testAfterDisposedOnDisposalCompletionAndError() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = (traced("a", log, source.signal) |> afterDisposed { log.add("disposed") }).start()
        handle.dispose()
        handle.dispose()
        (Signal<Int, TestError>.complete() |> afterDisposed { log.add("after completion") }).start()
        (Signal<Int, TestError>.fail(TestError(1)) |> afterDisposed { log.add("after error") }).start()
        XCTAssertEqual(log.events, ["a.subscribe#1", "a.dispose#1", "disposed", "after completion", "after error"])
    }

    func testWithStateLifecycle() {
        let log = EventLog()
        let made = Atomic(value: 0)
        let source = ManualSource<Int, TestError>()
        let signal = withState(
            source.signal,
            { () -> Int in
                made.modify { $0 + 1 }
            },
            next: { log.add("state \($1) next \($0)") },
            error: { log.add("state \($1) error \($0)") },
            completed: { log.add("state \($0) completed") },
            disposed: { log.add("state \($0) disposed") })
        log.record(signal)
        source.putNext(5)
        source.putCompletion()
        let handle = log.record(signal)
        handle.dispose()
        XCTAssertEqual(log.events, ["state 1 next 5", "next 5", "state 1 completed", "completed", "state 1 disposed", "state 2 disposed"])
    }
}
