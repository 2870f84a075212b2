import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// SSignalKit's own SSignalBasicTests, numbered as there, on virtual time instead of sleeps.
final class SSignalBasicTests: LeakCheckedTestCase {
    // 1
    func testSignalGenerated() {
        var disposed = false
        var generated = false
        var received: Any?
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let signal = SSignal { subscriber in
                generated = true
                subscriber.putNext(1)
                return SBlockDisposable { withExtendedLifetime(object) { disposed = true } }
            }
            let subscription = signal.start(next: { received = $0 })
            subscription.dispose()
        }
        XCTAssertTrue(generated)
        XCTAssertEqual(received as? Int, 1)
        XCTAssertTrue(disposed)
        XCTAssertNil(weakObject)
    }

    // 2
    func testSignalGeneratedCompleted() {
        var disposed = false
        var completed = false
        var received: Any?
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let signal = SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putCompletion()
                return SBlockDisposable { withExtendedLifetime(object) { disposed = true } }
            }
            signal.start(next: { received = $0 }, completed: { completed = true })
        }
        XCTAssertEqual(received as? Int, 1)
        XCTAssertTrue(completed)
        XCTAssertTrue(disposed, "a disposable handed over after termination is disposed at once")
        XCTAssertNil(weakObject)
    }

    // 3
    func testSignalGeneratedError() {
        var disposed = false
        var failed = false
        var received: Any?
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let signal = SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putError(nil)
                return SBlockDisposable { withExtendedLifetime(object) { disposed = true } }
            }
            signal.start(next: { received = $0 }, error: { _ in failed = true })
        }
        XCTAssertEqual(received as? Int, 1)
        XCTAssertTrue(failed)
        XCTAssertTrue(disposed)
        XCTAssertNil(weakObject)
    }

    // 4
    func testMap() {
        var disposed = false
        var received: Any?
        weak var weakSourceObject: Tracked?
        weak var weakMapObject: Tracked?
        do {
            let sourceObject = Tracked()
            let mapObject = Tracked()
            weakSourceObject = sourceObject
            weakMapObject = mapObject
            let signal = SSignal { subscriber in
                subscriber.putNext(1)
                return SBlockDisposable { withExtendedLifetime(sourceObject) { disposed = true } }
            }.map { value in
                withExtendedLifetime(mapObject) { (value as! Int) * 2 }
            }
            let subscription = signal.start(next: { received = $0 })
            subscription.dispose()
        }
        XCTAssertEqual(received as? Int, 2)
        XCTAssertTrue(disposed)
        XCTAssertNil(weakSourceObject)
        XCTAssertNil(weakMapObject)
    }

    // 5
    func testSubscriberDisposal() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var disposed = false
        var received = false
        let signal = SSignal { subscriber in
            queue.executionQueue.after(0.0002) { subscriber.putNext(1) }
            return SBlockDisposable { disposed = true }
        }
        let subscription = signal.start(next: { _ in received = true })
        subscription.dispose()
        clock.advance(by: 1)
        XCTAssertTrue(disposed)
        XCTAssertFalse(received, "a value sent after disposal is not delivered")
    }

    // 6
    func testThen() {
        var generated1 = false
        var generated2 = false
        var disposed1 = false
        var disposed2 = false
        var sum = 0
        let first = SSignal { subscriber in
            generated1 = true
            subscriber.putNext(1)
            subscriber.putCompletion()
            return SBlockDisposable { disposed1 = true }
        }
        let second = SSignal { subscriber in
            generated2 = true
            subscriber.putNext(2)
            subscriber.putCompletion()
            return SBlockDisposable { disposed2 = true }
        }
        first.then(second).start(next: { sum += $0 as! Int })
        XCTAssertTrue(generated1)
        XCTAssertTrue(generated2)
        XCTAssertTrue(disposed1)
        XCTAssertTrue(disposed2)
        XCTAssertEqual(sum, 3)
    }

    // 7
    func testSwitchToLatest() {
        var sum = 0
        var completed = false
        var disposed = [false, false, false]
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
                    return SBlockDisposable { withExtendedLifetime(object) { disposed[index] = true } }
                }
            }
            SSignal.single(inner(0)).then(.single(inner(1))).then(.single(inner(2))).switchToLatest()
                .start(next: { sum += $0 as! Int }, completed: { completed = true })
        }
        XCTAssertEqual(sum, 6)
        XCTAssertEqual(disposed, [true, true, true])
        XCTAssertTrue(completed)
        XCTAssertNil(weak1)
        XCTAssertNil(weak2)
        XCTAssertNil(weak3)
    }

    // 8
    func testSwitchToLatestError() {
        var failed = false
        var errorValue: Any? = "unset"
        SSignal { subscriber in
            subscriber.putError(nil)
            return nil
        }.start(error: { error in
            failed = true
            errorValue = error
        })
        XCTAssertTrue(failed, "nil errors are real errors")
        XCTAssertNil(errorValue)
    }

    // 9
    func testSwitchToLatestCompleted() {
        var completed = false
        SSignal { subscriber in
            subscriber.putCompletion()
            return nil
        }.start(completed: { completed = true })
        XCTAssertTrue(completed)
    }

    /// An inner signal that emits `value` 100 µs later on `queue`, then completes.
    private func delayedInner(_ value: Int, _ queue: SQueue, disposed: @escaping () -> Void, started: @escaping () -> Void = {}, fail: Bool = false) -> SSignal
    {
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
        var sum = 0
        var disposed = [false, false, false]
        let signal = SSignal.single(delayedInner(1, queue, disposed: { disposed[0] = true }))
            .then(.single(delayedInner(2, queue, disposed: { disposed[1] = true })))
            .then(.single(delayedInner(3, queue, disposed: { disposed[2] = true })))
            .queue()
        var completed = false
        signal.start(next: { sum += $0 as! Int }, completed: { completed = true })
        clock.advance(by: 0.001)
        XCTAssertEqual(sum, 6)
        XCTAssertEqual(disposed, [true, true, true])
        XCTAssertTrue(completed)
    }

    // 11
    func testQueueInterrupted() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var sum = 0
        var disposed = [false, false, false]
        var started3 = false
        var failed = false
        let signal = SSignal.single(delayedInner(1, queue, disposed: { disposed[0] = true }))
            .then(.single(delayedInner(2, queue, disposed: { disposed[1] = true }, fail: true)))
            .then(.single(delayedInner(3, queue, disposed: { disposed[2] = true }, started: { started3 = true })))
            .queue()
        signal.start(next: { sum += $0 as! Int }, error: { _ in failed = true })
        clock.advance(by: 0.001)
        XCTAssertEqual(sum, 3)
        XCTAssertEqual(disposed, [true, true, false])
        XCTAssertFalse(started3, "pending inners are dropped after an inner error")
        XCTAssertTrue(failed)
    }

    // 12
    func testQueueDisposed() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var sum = 0
        var disposed = [false, false, false]
        var started = [false, false, false]
        let signal = SSignal.single(delayedInner(1, queue, disposed: { disposed[0] = true }, started: { started[0] = true }))
            .then(.single(delayedInner(2, queue, disposed: { disposed[1] = true }, started: { started[1] = true })))
            .then(.single(delayedInner(3, queue, disposed: { disposed[2] = true }, started: { started[2] = true })))
            .queue()
        signal.start(next: { sum += $0 as! Int }).dispose()
        clock.advance(by: 0.001)
        XCTAssertEqual(sum, 0)
        XCTAssertEqual(started, [true, false, false])
        XCTAssertEqual(disposed, [true, false, false])
    }

    // 13
    func testRestart() {
        let clock = VirtualClock()
        let queue = virtualQueue(clock)
        var sum = 0
        var completed = false
        let source = SSignal { subscriber in
            queue.dispatch {
                subscriber.putNext(1)
                subscriber.putCompletion()
            }
            return nil
        }
        source.restart().take(3).start(next: { sum += $0 as! Int }, completed: { completed = true })
        clock.advance(by: 0.1)
        XCTAssertEqual(sum, 3)
        XCTAssertTrue(completed)
        XCTAssertEqual(clock.pendingCount, 0, "take(3) stopped the restarting")
    }

    // 14
    func testPipe() {
        let pipe = SPipe()
        var value1 = 0
        var value2 = 0
        let d1 = pipe.signalProducer().start(next: { value1 += $0 as! Int })
        let d2 = pipe.signalProducer().start(next: { value2 += $0 as! Int })
        pipe.sink(1)
        XCTAssertEqual(value1, 1)
        XCTAssertEqual(value2, 1)
        d1.dispose()
        pipe.sink(1)
        XCTAssertEqual(value1, 1)
        XCTAssertEqual(value2, 2)
        d2.dispose()
        pipe.sink(1)
        XCTAssertEqual(value1, 1)
        XCTAssertEqual(value2, 2)
    }

    // 15
    func testDisposableDeadlock() {
        final class DisposableHolder {
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
        var received: Any?
        SSignal.single(1).retryIf { _ in true }.start(next: { received = $0 })
        XCTAssertEqual(received as? Int, 1)
    }

    // 17 (the original only built the signal; here it is also run)
    func testRetryErrorNoMatch() {
        let recorder = Recorder()
        recorder.record(SSignal.fail(false).retryIf { _ in false })
        XCTAssertEqual(recorder.events, ["error false"])
    }

    // 18
    func testRetryErrorMatch() {
        var attempts = 0
        var received: Any?
        let signal = SSignal { subscriber in
            attempts += 1
            if attempts == 1 {
                subscriber.putError(true)
            } else {
                subscriber.putNext(2)
                subscriber.putCompletion()
            }
            return nil
        }
        signal.retryIf { $0 as! Bool }.start(next: { received = $0 })
        XCTAssertEqual(received as? Int, 2)
        XCTAssertEqual(attempts, 2)
    }

    // 19
    func testRetryErrorFailNoMatch() {
        var attempts = 0
        var errorValue: Any?
        let signal = SSignal { subscriber in
            attempts += 1
            subscriber.putError(attempts == 1)
            return nil
        }
        signal.retryIf { $0 as! Bool }.start(error: { errorValue = $0 })
        XCTAssertEqual(errorValue as? Bool, false)
        XCTAssertEqual(attempts, 2)
    }

    /// SSignalPerformanceTests.testMap: 100 000 subscriptions through an identity map.
    func testMapPerformanceBaseline() {
        let signal = SSignal { subscriber in
            subscriber.putNext(1)
            subscriber.putCompletion()
            return nil
        }.map { $0 }
        var sum = 0
        for _ in 0..<100_000 {
            signal.start(next: { sum += $0 as! Int })
        }
        XCTAssertEqual(sum, 100_000)
    }
}
