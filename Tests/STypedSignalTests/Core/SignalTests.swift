import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

final class SignalTests: LeakCheckedTestCase {
    func testGeneratorRunsOnlyOnStartAndAgainEachTime() {
        let runs = Atomic(value: 0)
        let signal = Signal<Int, NoError> { subscriber in
            subscriber.putNext(runs.modify { $0 + 1 })
            return EmptyDisposable
        }
        XCTAssertEqual(runs.with { $0 }, 0)
        let log = EventLog()
        log.record(signal)
        log.record(signal)
        XCTAssertEqual(log.events, ["next 1", "next 2"])
    }

    func testSynchronousTerminationDisposesGeneratorDisposableBeforeStartReturns() {
        let log = EventLog()
        let signal = Signal<Int, NoError> { subscriber in
            log.add("generator begin")
            subscriber.putNext(1)
            subscriber.putCompletion()
            log.add("generator end")
            return ActionDisposable { log.add("dispose") }
        }
        log.record(signal)
        log.add("start returned")
        XCTAssertEqual(log.events, ["generator begin", "next 1", "completed", "generator end", "dispose", "start returned"])
    }
}

final class SignalStartTests: LeakCheckedTestCase {
    func testDisposingHandleDisposesGeneratorThenDropsEvents() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        let handle = log.record(traced("a", log, source.signal))
        source.putNext(1)
        handle.dispose()
        source.putNext(2)
        handle.dispose()
        XCTAssertEqual(log.events, ["a.subscribe#1", "next 1", "a.dispose#1"])
        XCTAssertEqual(source.subscriberCount, 0)
    }

    func testEventsEmittedWhileGeneratorDisposableDisposesAreDelivered() {
        let log = EventLog()
        let signal = Signal<Int, NoError> { subscriber in
            ActionDisposable {
                log.add("dispose")
                subscriber.putNext(99)
            }
        }
        log.record(signal).dispose()
        XCTAssertEqual(log.events, ["dispose", "next 99"])
    }

    func testTerminationTearsDownUpstreamAfterTerminalCallback() {
        let log = EventLog()
        let source = ManualSource<Int, TestError>()
        log.record(traced("a", log, source.signal))
        source.putCompletion()
        XCTAssertEqual(log.events, ["a.subscribe#1", "completed", "a.dispose#1"])
    }

    func testOnlyFirstTerminalEventIsDelivered() {
        let log = EventLog()
        let signal = Signal<Int, TestError> { subscriber in
            subscriber.putError(TestError(1))
            subscriber.putCompletion()
            subscriber.putNext(3)
            subscriber.putError(TestError(2))
            return EmptyDisposable
        }
        log.record(signal)
        XCTAssertEqual(log.events, ["error E1"])
    }

    func testConcurrentTerminalEventsDeliverExactlyOne() {
        for _ in 0..<200 {
            let source = ManualSource<Int, TestError>()
            let terminals = Atomic(value: 0)
            source.signal.start(error: { _ in terminals.modify { $0 + 1 } }, completed: { terminals.modify { $0 + 1 } })
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index % 2 == 0 { source.putCompletion() } else { source.putError(TestError(index)) }
            }
            XCTAssertEqual(terminals.with { $0 }, 1)
        }
    }

    func testConcurrentDisposeDisposesGeneratorOnce() {
        for _ in 0..<200 {
            let count = Atomic(value: 0)
            let handle = Signal<Int, NoError> { _ in ActionDisposable { count.modify { $0 + 1 } } }.start()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in handle.dispose() }
            XCTAssertEqual(count.with { $0 }, 1)
        }
    }

    func testDisposeFromInsideOwnCompletedCallbackIsHarmless() {
        let log = EventLog()
        let holder = Atomic<Disposable?>(value: nil)
        let source = ManualSource<Int, NoError>()
        let handle = traced("a", log, source.signal).start(completed: {
            log.add("completed")
            holder.with { $0 }?.dispose()
        })
        holder.swap(handle)
        source.putCompletion()
        XCTAssertEqual(log.events, ["a.subscribe#1", "completed", "a.dispose#1"])
    }

    func testCallbacksReleasedAfterTerminationAndDisposal() {
        weak var weakCompleted: Tracked?
        weak var weakDisposed: Tracked?
        let source = ManualSource<Int, NoError>()
        autoreleasepoolIfAvailable {
            let a = Tracked(), b = Tracked()
            weakCompleted = a
            weakDisposed = b
            source.signal.start(next: { _ in _ = a })
            let handle = source.signal.start(next: { _ in _ = b })
            source.putCompletion()
            handle.dispose()
        }
        XCTAssertNil(weakCompleted)
        XCTAssertNil(weakDisposed)
    }

    func testNeverReleasesCallbacksWhenStartReturns() {
        weak var weakObject: Tracked?
        var handle: Disposable?
        autoreleasepoolIfAvailable {
            let object = Tracked()
            weakObject = object
            handle = Signal<Int, NoError>.never().start(next: { _ in _ = object })
        }
        XCTAssertNil(weakObject)
        XCTAssertNotNil(handle)
    }

    func testKeepAliveHoldsUntilTermination() {
        weak var weakObject: Tracked?
        let subscriber = Subscriber<Int, NoError>()
        do {
            let object = Tracked()
            weakObject = object
            subscriber.keepAlive(object)
        }
        XCTAssertNotNil(weakObject)
        subscriber.putCompletion()
        XCTAssertNil(weakObject)
        weak var late: Tracked?
        do {
            let object = Tracked()
            late = object
            subscriber.keepAlive(object)  // after termination: not retained
        }
        XCTAssertNil(late)
    }

    func testKeepAliveReleasedWhenHandleDisposed() {
        weak var weakObject: Tracked?
        let handle: Disposable
        do {
            let object = Tracked()
            weakObject = object
            handle = Signal<Int, NoError> { subscriber in
                subscriber.keepAlive(object)
                return ActionDisposable { _ = subscriber }
            }.start()
        }
        XCTAssertNotNil(weakObject)
        handle.dispose()
        XCTAssertNil(weakObject)
    }

    func testSubscriberDescription() {
        let subscriber = Subscriber<Int, NoError>(next: { _ in })
        XCTAssertEqual(subscriber.description, "Subscriber { next: hasValue, error: nil, completed: nil, disposable: nil, terminated: false }")
        subscriber.putCompletion()
        XCTAssertEqual(subscriber.description, "Subscriber { next: nil, error: nil, completed: nil, disposable: nil, terminated: true }")
    }

    func testHandleDescription() {
        let handle = Signal<Int, NoError>.never().start()
        XCTAssertEqual("\(handle)", "SubscriberDisposable { disposable: hasValue }")
        handle.dispose()
        XCTAssertEqual("\(handle)", "SubscriberDisposable { disposable: nil }")
    }

    func testPutNextFromCompletedCallbackIsDropped() {
        let log = EventLog()
        let subscriber = Subscriber<Int, NoError>(next: { log.add("next \($0)") }, completed: { log.add("completed") })
        let reentrant = Subscriber<Int, NoError>(completed: { subscriber.putNext(5) })
        subscriber.putCompletion()
        reentrant.putCompletion()
        XCTAssertEqual(log.events, ["completed"])
    }

    func testStartStrictReturnsStrictDisposable() {
        let handle = Signal<Int, NoError>.never().startStrict()
        XCTAssertTrue(handle is StrictDisposable)
        handle.dispose()
        let standalone = Signal<Int, NoError>.single(1).startStandalone()
        XCTAssertFalse(standalone is StrictDisposable)
    }

    func testStaticConstructors() {
        let log = EventLog()
        log.record(Signal<Int, TestError>.single(7))
        log.record(Signal<Int, TestError>.complete())
        log.record(Signal<Int, TestError>.fail(TestError(3)))
        log.record(Signal<Int, TestError>.never())
        XCTAssertEqual(log.events, ["next 7", "completed", "completed", "error E3"])
    }

    func testPipeOperatorIsLeftAssociativeAndGeneric() {
        let double = { (x: Int) in x * 2 }
        let increment = { (x: Int) in x + 1 }
        XCTAssertEqual(3 |> double |> increment, 7)
        XCTAssertEqual(identity(a: 4), 4)
    }

    func testPushesFromSeveralThreadsAllArrive() {
        let source = ManualSource<Int, NoError>()
        let received = Atomic(value: 0)
        source.signal.start(next: { _ in received.modify { $0 + 1 } })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for value in 0..<1000 { source.putNext(value) }
        }
        XCTAssertEqual(received.with { $0 }, 8000)
    }
}

/// Runs `body` so that temporaries die before the caller checks weak references.
func autoreleasepoolIfAvailable(_ body: () -> Void) {
    body()
}
