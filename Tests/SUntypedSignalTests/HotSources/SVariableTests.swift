import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SVariableTests: LeakCheckedTestCase {
    func testEmptyVariableEmitsNothingUntilSet() {
        let variable = SVariable()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(variable.signal()))
        XCTAssertEqual(recorder.events, [])
        variable.set(.single(1))
        XCTAssertEqual(recorder.events, ["next 1"], "completion of the source is not forwarded")
    }

    func testLateSubscriberGetsTheCurrentValue() {
        let variable = SVariable()
        variable.set(syncValues([1, nil]))
        let recorder = EventLog()
        disposedAtEnd(recorder.record(variable.signal()))
        XCTAssertEqual(recorder.events, ["next nil"], "nil is a current value too")
    }

    func testSetResetsReplayUntilTheNewSourceEmits() {
        let variable = SVariable()
        variable.set(.single("old"))
        let source = ManualSource()
        variable.set(source.signal)
        let recorder = EventLog()
        disposedAtEnd(recorder.record(variable.signal()))
        XCTAssertEqual(recorder.events, [])
        source.next("new")
        XCTAssertEqual(recorder.events, ["next new"])
    }

    func testNewSourceStartsBeforeTheOldIsDisposed() {
        let variable = SVariable()
        let log = EventLog()
        variable.set(tracedSignal("old", log))
        variable.set(tracedSignal("new", log) { $0.putNext(1) })
        XCTAssertEqual(log.events, ["start old", "start new", "dispose old"])
        let recorder = EventLog()
        disposedAtEnd(recorder.record(variable.signal()))
        XCTAssertEqual(recorder.events, ["next 1"])
    }

    func testSourceErrorsAndCompletionAreIgnored() {
        let variable = SVariable()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(variable.signal()))
        variable.set(
            SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putError("e")
                return nil
            })
        variable.set(.complete())
        XCTAssertEqual(recorder.events, ["next 1"])
    }

    func testEverySubscriberGetsEveryValueInOrder() {
        let variable = SVariable()
        let source = ManualSource()
        variable.set(source.signal)
        let a = EventLog()
        let b = EventLog()
        disposedAtEnd(a.record(variable.signal()))
        disposedAtEnd(b.record(variable.signal()))
        source.next(1)
        source.next(2)
        XCTAssertEqual(a.events, ["next 1", "next 2"])
        XCTAssertEqual(b.events, ["next 1", "next 2"])
    }

    func testDisposalRemovesTheSubscriber() {
        let variable = SVariable()
        let source = ManualSource()
        variable.set(source.signal)
        let recorder = EventLog()
        let subscription = recorder.record(variable.signal())
        source.next(1)
        subscription.dispose()
        source.next(2)
        XCTAssertEqual(recorder.events, ["next 1"])
    }

    func testSourceDoesNotKeepTheVariableAliveAndDeinitDisposesIt() {
        let source = ManualSource()
        weak var weakVariable: SVariable?
        do {
            let variable = SVariable()
            weakVariable = variable
            variable.set(source.signal)
        }
        XCTAssertNil(weakVariable)
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testLiveSubscriptionKeepsTheVariableAlive() {
        let source = ManualSource()
        weak var weakVariable: SVariable?
        let recorder = EventLog()
        var subscription: SDisposable?
        do {
            let variable = SVariable()
            weakVariable = variable
            variable.set(source.signal)
            subscription = recorder.record(variable.signal())
        }
        XCTAssertNotNil(weakVariable)
        source.next(1)
        XCTAssertEqual(recorder.events, ["next 1"])
        subscription?.dispose()
        XCTAssertNil(weakVariable)
    }

    func testAHeldSignalKeepsTheVariableAliveAndReplaysItsValue() {
        let source = ManualSource()
        weak var weakVariable: SVariable?
        var signal: SSignal?
        do {
            let variable = SVariable()
            weakVariable = variable
            variable.set(source.signal)
            source.next(1)
            signal = variable.signal()
        }
        XCTAssertNotNil(weakVariable)
        XCTAssertEqual(source.disposeCount, 0)
        let recorder = EventLog()
        let subscription = recorder.record(signal!)
        source.next(2)
        XCTAssertEqual(recorder.events, ["next 1", "next 2"])
        subscription.dispose()
        XCTAssertNotNil(weakVariable)
        signal = nil
        XCTAssertNil(weakVariable)
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testReentrantSetFromInsideASubscriber() {
        let variable = SVariable()
        let recorder = EventLog()
        disposedAtEnd(
            variable.signal().start(next: { value in
                recorder.add("next \(describe(value))")
                if value as? Int == 1 {
                    variable.set(.single(10))
                }
            }))
        variable.set(.single(1))
        XCTAssertEqual(recorder.events, ["next 1", "next 10"])
    }

    func testConcurrentValuesAllArrive() {
        let variable = SVariable()
        let source = ManualSource()
        variable.set(source.signal)
        let counter = Counter()
        disposedAtEnd(variable.signal().start(next: { _ in counter.increment() }))
        let box = UncheckedBox(source)
        concurrently(8) { _ in
            for value in 0..<250 { box.value.next(value) }
        }
        XCTAssertEqual(counter.value, 2000)
    }
}
