import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// SSignalKit's own SSignalBasicTests, numbered as there, on virtual time instead of sleeps.
final class SSignalBasicTests: LeakCheckedTestCase {
    // 1
    func testSignalGenerated() {
        let disposed = Cell(false)
        let generated = Cell(false)
        let received = Cell<Any?>(nil)
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let signal = SSignal { subscriber in
                generated.value = true
                subscriber.putNext(1)
                return SBlockDisposable { withExtendedLifetime(object) { disposed.value = true } }
            }
            let subscription = signal.start(next: { received.value = $0 })
            subscription.dispose()
        }
        XCTAssertTrue(generated.value)
        XCTAssertEqual(received.value as? Int, 1)
        XCTAssertTrue(disposed.value)
        XCTAssertNil(weakObject)
    }

    // 2
    func testSignalGeneratedCompleted() {
        let disposed = Cell(false)
        let completed = Cell(false)
        let received = Cell<Any?>(nil)
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let signal = SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putCompletion()
                return SBlockDisposable { withExtendedLifetime(object) { disposed.value = true } }
            }
            signal.start(next: { received.value = $0 }, completed: { completed.value = true })
        }
        XCTAssertEqual(received.value as? Int, 1)
        XCTAssertTrue(completed.value)
        XCTAssertTrue(disposed.value, "a disposable handed over after termination is disposed at once")
        XCTAssertNil(weakObject)
    }

    // 3
    func testSignalGeneratedError() {
        let disposed = Cell(false)
        let failed = Cell(false)
        let received = Cell<Any?>(nil)
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let signal = SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putError(nil)
                return SBlockDisposable { withExtendedLifetime(object) { disposed.value = true } }
            }
            signal.start(next: { received.value = $0 }, error: { _ in failed.value = true })
        }
        XCTAssertEqual(received.value as? Int, 1)
        XCTAssertTrue(failed.value)
        XCTAssertTrue(disposed.value)
        XCTAssertNil(weakObject)
    }

    // 4
    func testMap() {
        let disposed = Cell(false)
        let received = Cell<Any?>(nil)
        weak var weakSourceObject: Tracked?
        weak var weakMapObject: Tracked?
        do {
            let sourceObject = Tracked()
            let mapObject = Tracked()
            weakSourceObject = sourceObject
            weakMapObject = mapObject
            let signal = SSignal { subscriber in
                subscriber.putNext(1)
                return SBlockDisposable { withExtendedLifetime(sourceObject) { disposed.value = true } }
            }.map { value in
                withExtendedLifetime(mapObject) { (value as! Int) * 2 }
            }
            let subscription = signal.start(next: { received.value = $0 })
            subscription.dispose()
        }
        XCTAssertEqual(received.value as? Int, 2)
        XCTAssertTrue(disposed.value)
        XCTAssertNil(weakSourceObject)
        XCTAssertNil(weakMapObject)
    }

    // 5
    func testSubscriberDisposal() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let disposed = Cell(false)
        let received = Cell(false)
        let signal = SSignal { subscriber in
            queue.executionQueue.after(0.0002) { subscriber.putNext(1) }
            return SBlockDisposable { disposed.value = true }
        }
        let subscription = signal.start(next: { _ in received.value = true })
        subscription.dispose()
        clock.advance(by: 1)
        XCTAssertTrue(disposed.value)
        XCTAssertFalse(received.value, "a value sent after disposal is not delivered")
    }

    // 6
    func testThen() {
        let generated1 = Cell(false)
        let generated2 = Cell(false)
        let disposed1 = Cell(false)
        let disposed2 = Cell(false)
        let sum = Cell(0)
        let first = SSignal { subscriber in
            generated1.value = true
            subscriber.putNext(1)
            subscriber.putCompletion()
            return SBlockDisposable { disposed1.value = true }
        }
        let second = SSignal { subscriber in
            generated2.value = true
            subscriber.putNext(2)
            subscriber.putCompletion()
            return SBlockDisposable { disposed2.value = true }
        }
        first.then(second).start(next: { sum.value += $0 as! Int })
        XCTAssertTrue(generated1.value)
        XCTAssertTrue(generated2.value)
        XCTAssertTrue(disposed1.value)
        XCTAssertTrue(disposed2.value)
        XCTAssertEqual(sum.value, 3)
    }

    // 7
    func testSwitchToLatest() {
        let sum = Cell(0)
        let completed = Cell(false)
        let disposed = Cell([false, false, false])
        weak var weak1: Tracked?
        weak var weak2: Tracked?
        weak var weak3: Tracked?
        do {
            let objects = [Tracked(), Tracked(), Tracked()]
            weak1 = objects[0]
            weak2 = objects[1]
            weak3 = objects[2]
            func inner(_ index: Int) -> SSignal {
                let object = objects[index]
                return SSignal { subscriber in
                    subscriber.putNext(index + 1)
                    subscriber.putCompletion()
                    return SBlockDisposable { withExtendedLifetime(object) { disposed.value[index] = true } }
                }
            }
            SSignal.single(inner(0)).then(.single(inner(1))).then(.single(inner(2))).switchToLatest()
                .start(next: { sum.value += $0 as! Int }, completed: { completed.value = true })
        }
        XCTAssertEqual(sum.value, 6)
        XCTAssertEqual(disposed.value, [true, true, true])
        XCTAssertTrue(completed.value)
        XCTAssertNil(weak1)
        XCTAssertNil(weak2)
        XCTAssertNil(weak3)
    }

    // 8
    func testSwitchToLatestError() {
        let failed = Cell(false)
        let errorValue = Cell<Any?>("unset")
        SSignal { subscriber in
            subscriber.putError(nil)
            return nil
        }.start(error: { error in
            failed.value = true
            errorValue.value = error
        })
        XCTAssertTrue(failed.value, "nil errors are real errors")
        XCTAssertNil(errorValue.value)
    }

    // 9
    func testSwitchToLatestCompleted() {
        let completed = Cell(false)
        SSignal { subscriber in
            subscriber.putCompletion()
            return nil
        }.start(completed: { completed.value = true })
        XCTAssertTrue(completed.value)
    }

    /// An inner signal that emits `value` 100 µs later on `queue`, then completes.
    private func delayedInner(
        _ value: Int, _ queue: SQueue, disposed: @escaping @Sendable () -> Void, started: @escaping @Sendable () -> Void = {}, fail: Bool = false
    ) -> SSignal {
        SSignal { subscriber in
            started()
            queue.executionQueue.after(0.0001) {
                subscriber.putNext(value)
                if fail {
                    subscriber.putError(nil)
                } else {
                    subscriber.putCompletion()
                }
            }
            return SBlockDisposable(disposed)
        }
    }

    // 10
    func testQueue() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let sum = Cell(0)
        let disposed = Cell([false, false, false])
        let signal = SSignal.single(delayedInner(1, queue, disposed: { disposed.value[0] = true }))
            .then(.single(delayedInner(2, queue, disposed: { disposed.value[1] = true })))
            .then(.single(delayedInner(3, queue, disposed: { disposed.value[2] = true })))
            .queue()
        let completed = Cell(false)
        signal.start(next: { sum.value += $0 as! Int }, completed: { completed.value = true })
        clock.advance(by: 0.001)
        XCTAssertEqual(sum.value, 6)
        XCTAssertEqual(disposed.value, [true, true, true])
        XCTAssertTrue(completed.value)
    }

    // 11
    func testQueueInterrupted() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let sum = Cell(0)
        let disposed = Cell([false, false, false])
        let started3 = Cell(false)
        let failed = Cell(false)
        let signal = SSignal.single(delayedInner(1, queue, disposed: { disposed.value[0] = true }))
            .then(.single(delayedInner(2, queue, disposed: { disposed.value[1] = true }, fail: true)))
            .then(.single(delayedInner(3, queue, disposed: { disposed.value[2] = true }, started: { started3.value = true })))
            .queue()
        signal.start(next: { sum.value += $0 as! Int }, error: { _ in failed.value = true })
        clock.advance(by: 0.001)
        XCTAssertEqual(sum.value, 3)
        XCTAssertEqual(disposed.value, [true, true, false])
        XCTAssertFalse(started3.value, "pending inners are dropped after an inner error")
        XCTAssertTrue(failed.value)
    }

    // 12
    func testQueueDisposed() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let sum = Cell(0)
        let disposed = Cell([false, false, false])
        let started = Cell([false, false, false])
        let signal = SSignal.single(delayedInner(1, queue, disposed: { disposed.value[0] = true }, started: { started.value[0] = true }))
            .then(.single(delayedInner(2, queue, disposed: { disposed.value[1] = true }, started: { started.value[1] = true })))
            .then(.single(delayedInner(3, queue, disposed: { disposed.value[2] = true }, started: { started.value[2] = true })))
            .queue()
        signal.start(next: { sum.value += $0 as! Int }).dispose()
        clock.advance(by: 0.001)
        XCTAssertEqual(sum.value, 0)
        XCTAssertEqual(started.value, [true, false, false])
        XCTAssertEqual(disposed.value, [true, false, false])
    }

    // 13
    func testRestart() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        let sum = Cell(0)
        let completed = Cell(false)
        let source = SSignal { subscriber in
            queue.dispatch {
                subscriber.putNext(1)
                subscriber.putCompletion()
            }
            return nil
        }
        source.restart().take(3).start(next: { sum.value += $0 as! Int }, completed: { completed.value = true })
        clock.advance(by: 0.1)
        XCTAssertEqual(sum.value, 3)
        XCTAssertTrue(completed.value)
        XCTAssertEqual(clock.pendingCount, 0, "take(3) stopped the restarting")
    }

    // 14
    func testPipe() {
        let pipe = SPipe()
        let value1 = Cell(0)
        let value2 = Cell(0)
        let d1 = pipe.signalProducer().start(next: { value1.value += $0 as! Int })
        let d2 = pipe.signalProducer().start(next: { value2.value += $0 as! Int })
        pipe.sink(1)
        XCTAssertEqual(value1.value, 1)
        XCTAssertEqual(value2.value, 1)
        d1.dispose()
        pipe.sink(1)
        XCTAssertEqual(value1.value, 1)
        XCTAssertEqual(value2.value, 2)
        d2.dispose()
        pipe.sink(1)
        XCTAssertEqual(value1.value, 1)
        XCTAssertEqual(value2.value, 2)
    }

    // 15
    func testDisposableDeadlock() {
        // Unchecked: used only on the test's thread (the virtual clock runs the delay there).
        final class DisposableHolder: @unchecked Sendable {
            var disposable: SDisposable?
            let onDeinit: () -> Void
            init(queue: SQueue, onDeinit: @escaping () -> Void) {
                self.onDeinit = onDeinit
                disposable = SSignal.single(nil).delay(1.0, onQueue: queue).start(next: { [self] _ in
                    _ = self
                })
            }
            deinit {
                disposable?.dispose()
                onDeinit()
            }
        }
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var released = false
        do {
            _ = DisposableHolder(queue: queue) { released = true }
        }
        XCTAssertFalse(released, "the live subscription keeps the holder")
        clock.advance(by: 1.0)
        XCTAssertTrue(released, "released from inside the delivering subscription without dead-lock")
    }

    // 16
    func testRetryIfNoError() {
        let received = Cell<Any?>(nil)
        SSignal.single(1).retryIf { _ in true }.start(next: { received.value = $0 })
        XCTAssertEqual(received.value as? Int, 1)
    }

    // 17 (the original only built the signal; here it is also run)
    func testRetryErrorNoMatch() {
        let recorder = EventLog()
        recorder.record(SSignal.fail(false).retryIf { _ in false })
        XCTAssertEqual(recorder.events, ["error false"])
    }

    // 18
    func testRetryErrorMatch() {
        let attempts = Cell(0)
        let received = Cell<Any?>(nil)
        let signal = SSignal { subscriber in
            attempts.value += 1
            if attempts.value == 1 {
                subscriber.putError(true)
            } else {
                subscriber.putNext(2)
                subscriber.putCompletion()
            }
            return nil
        }
        signal.retryIf { $0 as! Bool }.start(next: { received.value = $0 })
        XCTAssertEqual(received.value as? Int, 2)
        XCTAssertEqual(attempts.value, 2)
    }

    // 19
    func testRetryErrorFailNoMatch() {
        let attempts = Cell(0)
        let errorValue = Cell<Any?>(nil)
        let signal = SSignal { subscriber in
            attempts.value += 1
            subscriber.putError(attempts.value == 1)
            return nil
        }
        signal.retryIf { $0 as! Bool }.start(error: { errorValue.value = $0 })
        XCTAssertEqual(errorValue.value as? Bool, false)
        XCTAssertEqual(attempts.value, 2)
    }

    /// SSignalPerformanceTests.testMap: 100 000 subscriptions through an identity map.
    func testMapPerformanceBaseline() {
        let signal = SSignal { subscriber in
            subscriber.putNext(1)
            subscriber.putCompletion()
            return nil
        }.map { $0 }
        let sum = Cell(0)
        for _ in 0..<100_000 {
            signal.start(next: { sum.value += $0 as! Int })
        }
        XCTAssertEqual(sum.value, 100_000)
    }
}
