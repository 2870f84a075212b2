import Bridge
import Foundation
import STypedSignal
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SignalBridgeTests: LeakCheckedTestCase {
    func testTypedToUntypedBoxesValuesAndKeepsOrder() {
        let log = EventLog()
        let typed = Signal<Int, String> { subscriber in
            log.add("subscribe")
            subscriber.putNext(1)
            subscriber.putNext(2)
            subscriber.putError("boom")
            return ActionDisposable { log.add("dispose") }
        }
        typed.toUntyped().start(next: { log.add("next \($0 as! Int)") }, error: { log.add("error \($0 as! String)") })
        XCTAssertEqual(log.events, ["subscribe", "next 1", "next 2", "error boom", "dispose"])
    }

    func testUntypedToTypedConvertsValuesAndErrors() {
        let log = EventLog()
        SSignal.single(3).toTyped(Int.self, String.self).start(next: { log.add("next \($0)") }, completed: { log.add("completed") })
        SSignal.fail("bad").toTyped(Int.self, String.self).start(error: { log.add("error \($0)") })
        XCTAssertEqual(log.events, ["next 3", "completed", "error upstream(bad)"])
    }

    func testWrongValueTypeBecomesTypedErrorAndDisposesUpstream() {
        let log = EventLog()
        let untyped = SSignal { subscriber in
            subscriber.putNext(1)
            subscriber.putNext("two")
            subscriber.putNext(3)
            return SBlockDisposable { log.add("dispose") }
        }
        untyped.toTyped(Int.self, String.self).start(
            next: { log.add("next \($0)") },
            error: { error in
                guard case .typeMismatch(let mismatch) = error else { return XCTFail("\(error)") }
                log.add("mismatch expected \(mismatch.expected) actual \(mismatch.actual)")
            })
        XCTAssertEqual(log.events, ["next 1", "mismatch expected Int actual String", "dispose"])
    }

    func testWrongErrorTypeBecomesTypedError() {
        let log = EventLog()
        SSignal.fail(42).toTyped(Int.self, String.self).start(error: { log.add("\($0)") })
        XCTAssertEqual(log.events.count, 1)
        XCTAssertTrue(log.events[0].contains("String"), log.events[0])
        XCTAssertTrue(log.events[0].contains("Int"), log.events[0])
    }

    func testMismatchMappingVariant() {
        let log = EventLog()
        SSignal.single("x").toTyped(Int.self, String.self, mismatch: { "mismatch: \($0.expected)" }).start(error: { log.add($0) })
        XCTAssertEqual(log.events, ["mismatch: Int"])
    }

    func testNilValueOnlyForOptionalTypes() {
        let log = EventLog()
        SSignal.single(nil).toTyped(Int?.self, String.self).start(next: { log.add("value \(String(describing: $0))") })
        SSignal.single(nil).toTyped(Int.self, String.self).start(error: { _ in log.add("mismatch") })
        XCTAssertEqual(log.events, ["value nil", "mismatch"])
    }

    func testRoundTripKeepsSubscribeAndDisposeOrder() {
        let log = EventLog()
        let source = Signal<Int, String> { subscriber in
            log.add("subscribe")
            subscriber.putNext(5)
            return ActionDisposable { log.add("dispose") }
        }
        let handle = source.toUntyped().toTyped(Int.self, String.self).start(next: { log.add("next \($0)") })
        handle.dispose()
        handle.dispose()
        XCTAssertEqual(log.events, ["subscribe", "next 5", "dispose"])
    }

    func testEventsKeepTheirThread() {
        let queue = Queue(name: "bridge")
        let done = expectation(description: "delivered")
        let source = Signal<Int, NoError>.single(1) |> deliverOn(queue)
        source.toUntyped().toTyped(Int.self, NoError.self).start(next: { _ in
            XCTAssertTrue(queue.isCurrent())
            done.fulfill()
        })
        wait(for: [done], timeout: 10)
    }

    func testCapturedObjectsReleasedAfterTermination() {
        weak var weakObject: AnyObject?
        let pipe = ValuePipe<Int>()
        let handle: SDisposable
        do {
            final class Object {}
            nonisolated(unsafe) let object = Object()
            weakObject = object
            handle = pipe.signal().toUntyped().start(next: { _ in _ = object })
        }
        XCTAssertNotNil(weakObject)
        handle.dispose()
        XCTAssertNil(weakObject)
    }
}

/// Logs "<name> released" when released.
final class ReleaseProbe: @unchecked Sendable {
    let name: String
    let log: EventLog
    init(_ name: String, _ log: EventLog) {
        self.name = name
        self.log = log
    }
    deinit { log.add("\(name) released") }
}

/// `untyped.map(f).toTyped(...)` subscribes the map's upstream itself, mapping and
/// converting in one stage. Each test runs a pipeline both ways, fused and through a
/// reference map the bridge cannot see into (a generator-based signal doing what `map`
/// does), and expects the same trace: values, terminal events, the source's disposal and
/// the release of the transform's and the callbacks' captures.
final class MapThenToTypedTests: LeakCheckedTestCase {

    /// What `map` does, through a generator the bridge cannot see into.
    private func referenceMap(_ source: SSignal, _ transform: @escaping @Sendable (Any?) -> Any?) -> SSignal {
        SSignal { subscriber in
            source.start(
                next: { subscriber.putNext(transform($0)) }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Runs `body` with a map made by `map` and then with the reference map; returns the
    /// two traces.
    private func bothWays(_ body: (EventLog, (SSignal, @escaping @Sendable (Any?) -> Any?) -> SSignal) -> Void) -> (fused: [String], reference: [String]) {
        let fused = EventLog()
        body(fused) { $0.map($1) }
        let reference = EventLog()
        body(reference) { self.referenceMap($0, $1) }
        return (fused.events, reference.events)
    }

    func testSynchronousValuesAndCompletion() {
        let traces = bothWays { log, map in
            let source = SSignal { subscriber in
                log.add("subscribe")
                subscriber.putNext(1)
                subscriber.putNext(2)
                subscriber.putCompletion()
                return SBlockDisposable { log.add("source disposed") }
            }
            do {
                let probe = ReleaseProbe("transform", log)
                let signal = map(source) { value in
                    _ = probe
                    return (value as! Int) * 10
                }.toTyped(Int.self, String.self)
                let handle = signal.start(next: { log.add("next \($0)") }, completed: { log.add("completed") })
                log.add("started")
                handle.dispose()
            }
            log.add("end")
        }
        XCTAssertEqual(traces.fused, traces.reference)
        XCTAssertEqual(traces.fused, ["subscribe", "next 10", "next 20", "completed", "source disposed", "started", "transform released", "end"])
    }

    func testAMappedValueOfTheWrongTypeEndsWithAMismatchAndDisposesTheSourceOnce() {
        let traces = bothWays { log, map in
            let pipe = SPipe()
            let source = SSignal { subscriber in
                let inner = pipe.signal().start(next: { subscriber.putNext($0) })
                return SBlockDisposable {
                    log.add("source disposed")
                    inner.dispose()
                }
            }
            let handle = map(source) { $0 as! Int == 2 ? "two" : $0 }.toTyped(Int.self, String.self)
                .start(next: { log.add("next \($0)") }, error: { log.add("error \($0)") })
            pipe.putNext(1)
            pipe.putNext(2)
            pipe.putNext(3)
            handle.dispose()
        }
        XCTAssertEqual(traces.fused, traces.reference)
        XCTAssertEqual(traces.fused.count, 3, "\(traces.fused)")
        XCTAssertEqual(traces.fused.first, "next 1")
        XCTAssertEqual(traces.fused.last, "source disposed")
    }

    func testDisposingTheHandleDisposesTheSourceAndReleasesTheCallbacks() {
        let traces = bothWays { log, map in
            let pipe = SPipe()
            let source = SSignal { subscriber in
                let inner = pipe.signal().start(next: { subscriber.putNext($0) }, error: { subscriber.putError($0) })
                return SBlockDisposable {
                    log.add("source disposed")
                    inner.dispose()
                }
            }
            let signal = map(source) { ($0 as! Int) + 1 }.toTyped(Int.self, String.self)
            let handle: Disposable
            do {
                let probe = ReleaseProbe("callbacks", log)
                handle = signal.start(
                    next: {
                        _ = probe
                        log.add("next \($0)")
                    }, error: { log.add("error \($0)") })
            }
            pipe.putNext(1)
            handle.dispose()
            log.add("disposed")
            pipe.putNext(2)
            handle.dispose()
        }
        XCTAssertEqual(traces.fused, traces.reference)
        XCTAssertEqual(traces.fused, ["next 2", "source disposed", "callbacks released", "disposed"])
    }

    func testAnUntypedErrorArrivesConverted() {
        let traces = bothWays { log, map in
            let source = SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putError("boom")
                return SBlockDisposable { log.add("source disposed") }
            }
            map(source) { ($0 as! Int) + 1 }.toTyped(Int.self, String.self)
                .start(next: { log.add("next \($0)") }, error: { log.add("error \($0)") })
        }
        XCTAssertEqual(traces.fused, traces.reference)
        XCTAssertEqual(traces.fused, ["next 2", "error upstream(boom)", "source disposed"])
    }
}

/// `typed.toUntyped()` converted back with `toTyped`, directly or after a `map`: the
/// typed signal's subscription hands each converted event on, with no untyped
/// subscription in between. The traces must be those of a pipeline the bridge cannot see
/// into (the untyped signal wrapped in a generator that forwards).
final class RoundTripTests: LeakCheckedTestCase {
    /// An untyped signal that forwards `signal`, opaque to the bridge.
    private func opaque(_ signal: SSignal) -> SSignal {
        SSignal { subscriber in
            signal.start(next: { subscriber.putNext($0) }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Runs `body` with the bridge's pipeline and with the opaque one; returns both traces.
    private func bothWays(_ body: (EventLog, (SSignal) -> SSignal) -> Void) -> (bridged: [String], reference: [String]) {
        let bridged = EventLog()
        body(bridged) { $0 }
        let reference = EventLog()
        body(reference) { self.opaque($0) }
        return (bridged.events, reference.events)
    }

    /// A typed source that logs its subscription and disposal, fed by `pipe`.
    private func source(_ pipe: ValuePipe<Int>, _ log: EventLog) -> Signal<Int, String> {
        Signal { subscriber in
            log.add("subscribe")
            let inner = pipe.signal().start(next: { subscriber.putNext($0) })
            return ActionDisposable {
                log.add("source disposed")
                inner.dispose()
            }
        }
    }

    func testDirectRoundTrip() {
        let traces = bothWays { log, wrap in
            let pipe = ValuePipe<Int>()
            let handle = wrap(source(pipe, log).toUntyped()).toTyped(Int.self, String.self)
                .start(next: { log.add("next \($0)") }, error: { log.add("error \($0)") })
            pipe.putNext(1)
            pipe.putNext(2)
            handle.dispose()
            pipe.putNext(3)
            log.add("end")
        }
        XCTAssertEqual(traces.bridged, traces.reference)
        XCTAssertEqual(traces.bridged, ["subscribe", "next 1", "next 2", "source disposed", "end"])
    }

    func testRoundTripThroughAMapWithAMismatch() {
        let traces = bothWays { log, wrap in
            let pipe = ValuePipe<Int>()
            let handle = wrap(source(pipe, log).toUntyped()).map { $0 as! Int == 2 ? "two" : $0 }.toTyped(Int.self, String.self)
                .start(
                    next: { log.add("next \($0)") },
                    error: { error in
                        guard case .typeMismatch(let mismatch) = error else { return log.add("error \(error)") }
                        log.add("mismatch \(mismatch.actual)")
                    })
            pipe.putNext(1)
            pipe.putNext(2)
            pipe.putNext(3)
            handle.dispose()
        }
        XCTAssertEqual(traces.bridged, traces.reference)
        XCTAssertEqual(traces.bridged, ["subscribe", "next 1", "mismatch String", "source disposed"])
    }

    func testSynchronousSourceThroughAMapReleasesTheTransformWithTheSubscription() {
        let traces = bothWays { log, wrap in
            let typed = Signal<Int, String> { subscriber in
                subscriber.putNext(1)
                subscriber.putError("boom")
                return ActionDisposable { log.add("source disposed") }
            }
            do {
                let probe = ReleaseProbe("transform", log)
                let signal = wrap(typed.toUntyped()).map { value in
                    _ = probe
                    return (value as! Int) + 1
                }.toTyped(Int.self, String.self)
                signal.start(next: { log.add("next \($0)") }, error: { log.add("error \($0)") })
                log.add("started")
            }
            log.add("end")
        }
        XCTAssertEqual(traces.bridged, traces.reference)
        XCTAssertEqual(traces.bridged, ["next 2", "error upstream(boom)", "source disposed", "started", "transform released", "end"])
    }

    func testASingleGoesBothWaysWithTheEventsOfItsSubscription() {
        // A typed single becomes an untyped single, and `toTyped` over it (or over a map of
        // it) sends what the subscription would have sent without building it.
        let traces = bothWays { log, wrap in
            let record: (Signal<Int, BridgeError<String>>) -> Void = { signal in
                let handle = signal.start(next: { log.add("next \($0)") }, error: { log.add("error \($0)") }, completed: { log.add("completed") })
                handle.dispose()
            }
            let single = Signal<Int, String>.single(1)
            record(wrap(single.toUntyped()).toTyped(Int.self, String.self))
            record(wrap(single.toUntyped()).map { ($0 as! Int) * 10 }.toTyped(Int.self, String.self))
            record(wrap(single.toUntyped()).map { _ in "one" }.toTyped(Int.self, String.self))
            record(wrap(SSignal.single("x")).toTyped(Int.self, String.self))
            record(wrap(Signal<Int?, String>.single(nil).toUntyped()).toTyped(Int.self, String.self))
            let optional = wrap(Signal<Int?, String>.single(nil).toUntyped()).toTyped(Int?.self, String.self)
            optional.start(next: { log.add("next \(String(describing: $0))") }, completed: { log.add("completed") })
        }
        XCTAssertEqual(traces.bridged, traces.reference)
        XCTAssertEqual(
            traces.bridged,
            [
                "next 1", "completed", "next 10", "completed", "error expected Int, got String", "error expected Int, got String",
                "error expected Int, got nil", "next nil", "completed",
            ])
    }

    func testTheValueOfAConvertedSingleIsReleasedWithTheSignals() {
        let log = EventLog()
        do {
            let signal = Signal<ReleaseProbe, NoError>.single(ReleaseProbe("value", log)).toUntyped().map { _ in 1 }.toTyped(Int.self, NoError.self)
            signal.start(next: { log.add("next \($0)") }, completed: { log.add("completed") })
            log.add("started")
        }
        log.add("end")
        XCTAssertEqual(log.events, ["next 1", "completed", "started", "value released", "end"])
    }
}

final class DisposableBridgeTests: LeakCheckedTestCase {
    func testBothWaysDisposeTheSameResourceOnce() {
        let count = Atomic(value: 0)
        let typed = ActionDisposable { count.modify { $0 + 1 } }
        let untyped = typed.toUntyped()
        untyped.dispose()
        typed.dispose()
        XCTAssertEqual(count.with { $0 }, 1)
        XCTAssertTrue(untyped.toTyped() === typed, "round trip returns the original")

        let block = SBlockDisposable { count.modify { $0 + 10 } }
        let converted = block.toTyped()
        converted.dispose()
        XCTAssertEqual(count.with { $0 }, 11)
        XCTAssertTrue(converted.toUntyped() === block)
    }
}

final class QueueBridgeTests: LeakCheckedTestCase {
    func testIsCurrentHoldsAcrossBothAPIs() {
        let queue = Queue(name: "shared")
        let squeue = queue.toUntyped()
        var seen: [Bool] = []
        queue.sync {
            seen.append(squeue.isCurrentQueue())
            seen.append(squeue.toTyped().isCurrent())
        }
        XCTAssertEqual(seen, [true, true])
        XCTAssertFalse(squeue.isCurrentQueue())
    }

    func testVirtualQueueBridges() {
        let clock = VirtualClock()
        let squeue = SQueue(clock.makeQueue())
        let queue = squeue.toTyped()
        let ran = Atomic(value: false)
        queue.after(1) { ran.swap(squeue.isCurrentQueue()) }
        clock.advance(by: 1)
        XCTAssertTrue(ran.with { $0 })
    }
}

final class PromiseAndPipeBridgeTests: LeakCheckedTestCase {
    func testPromiseAsVariableReplaysAndFollows() {
        let log = EventLog()
        let promise = Promise<Int>(1)
        let variable = promise.toUntyped()
        disposedAtEnd(variable.signal().start(next: { log.add("\($0 as! Int)") }))
        promise.set(.single(2))
        XCTAssertEqual(log.events, ["1", "2"])
    }

    func testValuePromiseAsVariable() {
        let log = EventLog()
        let promise = ValuePromise<String>("a")
        disposedAtEnd(promise.toUntyped().signal().start(next: { log.add($0 as! String) }))
        promise.set("b")
        XCTAssertEqual(log.events, ["a", "b"])
    }

    func testVariableAsPromiseSkipsAndReportsMismatches() {
        let log = EventLog()
        let variable = SVariable()
        variable.set(SSignal.single(1))
        let promise = variable.toTypedPromise(Int.self, onMismatch: { log.add("mismatch \($0.actual)") })
        disposedAtEnd(promise.get().start(next: { log.add("value \($0)") }))
        variable.set(SSignal.single("x"))
        variable.set(SSignal.single(3))
        XCTAssertEqual(log.events, ["value 1", "mismatch String", "value 3"])
    }

    func testVariableAsValuePromise() {
        let log = EventLog()
        let variable = SVariable()
        let (promise, subscription) = variable.toTypedValuePromise(Int.self, ignoreRepeated: true)
        disposedAtEnd(promise.get().start(next: { log.add("\($0)") }))
        variable.set(SSignal.single(4))
        variable.set(SSignal.single(4))
        subscription.dispose()
        variable.set(SSignal.single(5))
        XCTAssertEqual(log.events, ["4"])
    }

    func testValuePipeToSPipeAndBack() {
        let log = EventLog()
        let pipe = ValuePipe<Int>()
        let spipe = pipe.toUntyped()
        spipe.signal().start(next: { log.add("untyped \(String(describing: $0!))") })
        pipe.putNext(1)
        let (typed, subscription) = spipe.toTyped(Int.self, onMismatch: { log.add("mismatch \($0.actual)") })
        typed.signal().start(next: { log.add("typed \($0)") })
        pipe.putNext(2)
        spipe.putNext("x")
        subscription.dispose()
        pipe.putNext(3)
        XCTAssertEqual(log.events, ["untyped 1", "untyped 2", "typed 2", "untyped x", "mismatch String", "untyped 3"])
    }
}
