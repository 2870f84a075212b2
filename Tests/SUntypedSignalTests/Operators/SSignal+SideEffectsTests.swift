import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalSideEffectsTests: LeakCheckedTestCase {
    func testOnStartRunsBeforeSubscribingEachTime() {
        let log = EventLog()
        let signal = tracedSignal("source", log) { $0.putCompletion() }.onStart { log.add("onStart") }
        XCTAssertEqual(log.events, [])
        signal.start()
        signal.start()
        XCTAssertEqual(log.events, ["onStart", "start source", "dispose source", "onStart", "start source", "dispose source"])
    }

    func testOnNextRunsBeforeForwarding() {
        let log = EventLog()
        syncValues([1, 2]).onNext { log.add("onNext \(describe($0))") }
            .start(next: log.next, completed: log.completed)
        XCTAssertEqual(log.events, ["onNext 1", "next 1", "onNext 2", "next 2", "completed"])
    }

    func testAfterNextRunsAfterForwarding() {
        let log = EventLog()
        syncValues([1, nil]).afterNext { log.add("afterNext \(describe($0))") }
            .start(next: log.next, completed: log.completed)
        XCTAssertEqual(log.events, ["next 1", "afterNext 1", "next nil", "afterNext nil", "completed"])
    }

    func testOnErrorRunsBeforeForwarding() {
        let log = EventLog()
        SSignal.fail("e").onError { log.add("onError \(describe($0))") }
            .start(error: log.error, completed: log.completed)
        XCTAssertEqual(log.events, ["onError e", "error e"])
    }

    func testOnErrorNotCalledOnCompletion() {
        let log = EventLog()
        SSignal.complete().onError { _ in log.add("onError") }.start(completed: log.completed)
        XCTAssertEqual(log.events, ["completed"])
    }

    func testOnCompletionRunsBeforeAnything() {
        let log = EventLog()
        tracedSignal("source", log) { $0.putCompletion() }
            .onCompletion { log.add("onCompletion") }
            .start(completed: log.completed)
        XCTAssertEqual(log.events, ["start source", "onCompletion", "completed", "dispose source"])
    }

    func testAfterCompletionRunsAfterDownstreamCompletionAndTeardown() {
        let log = EventLog()
        let source = ManualSource()
        let traced = SSignal { subscriber in
            let inner = source.signal.start(next: { subscriber.putNext($0) }, completed: { subscriber.putCompletion() })
            return SBlockDisposable {
                log.add("dispose source")
                inner.dispose()
            }
        }
        traced.afterCompletion { log.add("afterCompletion") }.start(completed: log.completed)
        source.complete()
        XCTAssertEqual(
            log.events, ["completed", "dispose source", "afterCompletion"],
            "the downstream tore the upstream down before the hook runs")
        log.clear()
        let outer = traced.afterCompletion { log.add("afterCompletion") }.onDispose { log.add("downstream disposed") }
        outer.start(completed: log.completed)
        source.complete()
        XCTAssertEqual(log.events, ["completed", "dispose source", "downstream disposed", "afterCompletion"])
    }

    func testOnDisposeRunsOnceOnExplicitDisposal() {
        let log = EventLog()
        let source = ManualSource()
        let subscription = source.signal.onDispose { log.add("onDispose") }.start()
        XCTAssertEqual(log.events, [])
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(log.events, ["onDispose"])
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testOnDisposeRunsOnceOnCompletionAfterSourceDisposal() {
        let log = EventLog()
        let source = ManualSource()
        let counting = SSignal { subscriber in
            let inner = source.signal.start(completed: { subscriber.putCompletion() })
            return SBlockDisposable {
                log.add("source disposed")
                inner.dispose()
            }
        }
        let subscription = counting.onDispose { log.add("onDispose") }.start(completed: log.completed)
        source.complete()
        subscription.dispose()
        XCTAssertEqual(log.events, ["completed", "source disposed", "onDispose"])
    }

    func testOnDisposeRunsOnceOnError() {
        let log = EventLog()
        let subscription = SSignal.fail(nil).onDispose { log.add("onDispose") }.start(error: log.error)
        subscription.dispose()
        XCTAssertEqual(log.events, ["error nil", "onDispose"])
    }

    func testOnDisposeConcurrentDisposalRunsOnce() {
        let counter = Counter()
        let subscription = SSignal.never().onDispose { counter.increment() }.start()
        let box = UncheckedBox(subscription)
        concurrently(8) { _ in box.value.dispose() }
        XCTAssertEqual(counter.value, 1)
    }

    func testHooksReleasedAfterTermination() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        do {
            let object = Tracked()
            weakObject = object
            source.signal
                .onNext { _ in _ = object }
                .afterNext { _ in _ = object }
                .onError { _ in _ = object }
                .onCompletion { _ = object }
                .afterCompletion { _ = object }
                .onDispose { _ = object }
                .onStart { _ = object }
                .start()
        }
        XCTAssertNotNil(weakObject)
        source.complete()
        XCTAssertNil(weakObject)
    }

    func testEventsPassUnchangedOnTheEmittingThread() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let onQueue = Cell<[Bool]>([])
        let source = SSignal { subscriber in
            queue.dispatch {
                subscriber.putNext(1)
                subscriber.putCompletion()
            }
            return nil
        }
        source.onNext { _ in onQueue.value.append(queue.isCurrentQueue()) }
            .afterCompletion { onQueue.value.append(queue.isCurrentQueue()) }
            .start()
        clock.run()
        XCTAssertEqual(onQueue.value, [true, true])
    }
}
