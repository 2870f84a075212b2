import Foundation
import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalMappingTests: LeakCheckedTestCase {
    func testMapReleasesItsTransformThenTheDownstreamWhenItsSubscriptionEnds() {
        // The source's generator keeps its subscriber; the subscription (the map runs in the
        // start's own) still lets go of the transform, then of the closures, as soon as it
        // ends.
        let log = Cell<[String]>([])
        let held = Cell<SSubscriber?>(nil)
        let source = SSignal { subscriber in
            held.value = subscriber
            return nil
        }
        // Only the closures hold the probes.
        func transform() -> @Sendable (Any?) -> Any? {
            let probe = DeinitProbe { log.value.append("transform released") }
            return { value in withExtendedLifetime(probe) { (value as! Int) * 2 } }
        }
        func completed() -> @Sendable () -> Void {
            let probe = DeinitProbe { log.value.append("callbacks released") }
            return {
                withExtendedLifetime(probe) {}
                log.value.append("completed")
            }
        }
        do {
            let handle = source.map(transform()).start(next: { log.value.append("next \($0 as! Int)") }, completed: completed())
            held.value?.putNext(1)
            held.value?.putCompletion()
            log.value.append("after completion")
            withExtendedLifetime(handle) {}
        }
        XCTAssertEqual(log.value, ["next 2", "completed", "transform released", "callbacks released", "after completion"])
        held.value = nil
    }

    func testATransformThatDisposesTheSubscriptionKeepsItsValueFromNext() {
        // The map runs in the start's own subscription: a disposal from inside the
        // transform stops its value, as it stopped a stage's value before the subscriber.
        let log = Cell<[String]>([])
        let held = Cell<SSubscriber?>(nil)
        let source = SSignal { subscriber in
            held.value = subscriber
            return SBlockDisposable { log.value.append("dispose source") }
        }
        let handle = Cell<SDisposable?>(nil)
        handle.value = source.map { value -> Any? in
            log.value.append("transform \(value as! Int)")
            if value as! Int == 2 { handle.value?.dispose() }
            return value
        }.start(next: { log.value.append("next \($0 as! Int)") })
        (1...3).forEach { held.value?.putNext($0) }
        XCTAssertEqual(log.value, ["transform 1", "next 1", "transform 2", "dispose source"])
        held.value = nil
    }

    #if DEBUG
        func testAStartedMapTakesNoSubscriptionOfItsOwn() {
            let pipe = SPipe()
            let held = Cell<SSubscriber?>(nil)
            let source = SSignal { subscriber in
                held.value = subscriber
                return nil
            }
            let before = LiveSubscriptions.current
            let overPipe = pipe.signal().map { $0 }.start()
            let overGenerator = source.map { $0 }.start()
            XCTAssertEqual(LiveSubscriptions.current - before, 2)
            overPipe.dispose()
            overGenerator.dispose()
            XCTAssertEqual(LiveSubscriptions.current, before)
            XCTAssertNotNil(held.value, "the generator kept its subscriber throughout")
            held.value = nil
        }
    #endif

    func testMapTransformsValuesAndForwardsCompletion() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2, 3]).map { ($0 as! Int) * 10 })
        XCTAssertEqual(recorder.events, ["next 10", "next 20", "next 30", "completed"])
    }

    func testMapAsCastsEachValueAndJoinsTheStagesAroundIt() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2, 3]).filter { ($0 as! Int) != 2 }.map(as: Int.self) { $0 * 10 }.map(as: Int?.self) { $0 })
        XCTAssertEqual(recorder.events, ["next 10", "next 30", "completed"])
        let optionals = EventLog()
        optionals.record(syncValues([1, nil]).map(as: Int?.self) { $0 == nil ? "was nil" : nil })
        XCTAssertEqual(optionals.events, ["next nil", "next was nil", "completed"])
    }

    func testMapAsNamesTheCallSiteTheTypeAndTheValueWhenTheCastFails() throws {
        guard
            let outcome = try ChildProcessTest.run(
                "a String", of: self,
                body: {
                    _ = SSignal.single("three").map(as: Int.self) { $0 * 2 }.start()
                })
        else { return }
        XCTAssertTrue(outcome.trapped, outcome.output)
        XCTAssertTrue(outcome.output.contains("SSignal.map(as: Int.self) at SUntypedSignalTests/SSignal+MappingTests.swift:"), outcome.output)
        XCTAssertTrue(outcome.output.contains(#"received "three" of type String, not an Int"#), outcome.output)
    }

    func testMapCastFailureMessages() {
        XCTAssertEqual(
            mapCastFailure(nil, expected: Int.self, file: "A.swift", line: 3), "SSignal.map(as: Int.self) at A.swift:3 received nil, not an Int")
        XCTAssertEqual(
            mapCastFailure(Optional(Optional(2.5) as Any), expected: String.self, file: "B.swift", line: 4),
            "SSignal.map(as: String.self) at B.swift:4 received 2.5 of type Double, not a String")
    }

    func testMapNilResultsAreEmittedAsNil() {
        let recorder = EventLog()
        recorder.record(syncValues([1, nil]).map { $0 == nil ? "was nil" : nil })
        XCTAssertEqual(recorder.events, ["next nil", "next was nil", "completed"])
    }

    func testMapForwardsError() {
        let recorder = EventLog()
        let calls = Cell(0)
        recorder.record(
            SSignal.fail("e").map {
                calls.value += 1
                return $0
            })
        XCTAssertEqual(recorder.events, ["error e"])
        XCTAssertEqual(calls.value, 0)
    }

    func testMapDisposalDisposesUpstreamOnce() {
        let source = ManualSource()
        let subscription = source.signal.map { $0 }.start()
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testMapReleasesClosureCapturesAfterCompletion() {
        weak var weakObject: Tracked?
        let source = ManualSource()
        do {
            let object = Tracked()
            weakObject = object
            source.signal.map { value in withExtendedLifetime(object) { value } }.start()
        }
        XCTAssertNotNil(weakObject)
        source.complete()
        XCTAssertNil(weakObject)
    }

    func testFilterKeepsMatchingValues() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 2, 3, 4, nil]).filter { ($0 as? Int).map { $0 % 2 == 0 } ?? true })
        XCTAssertEqual(recorder.events, ["next 2", "next 4", "next nil", "completed"])
    }

    func testFilterForwardsError() {
        let recorder = EventLog()
        recorder.record(SSignal.fail(1).filter { _ in false })
        XCTAssertEqual(recorder.events, ["error 1"])
    }

    func testIgnoreRepeatedDropsConsecutiveEqualValues() {
        let recorder = EventLog()
        recorder.record(syncValues([1, 1, 2, 2, 2, 1, nil, nil, "a", "a", 1]).ignoreRepeated())
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 1", "next nil", "next a", "next 1", "completed"])
    }

    func testIgnoreRepeatedFirstValueAlwaysPassesEvenNil() {
        let recorder = EventLog()
        recorder.record(syncValues([nil, nil]).ignoreRepeated())
        XCTAssertEqual(recorder.events, ["next nil", "completed"])
    }

    func testIgnoreRepeatedMemoryIsPerSubscription() {
        let recorder = EventLog()
        let signal = syncValues([5, 5]).ignoreRepeated()
        recorder.record(signal)
        recorder.record(signal)
        XCTAssertEqual(recorder.events, ["next 5", "completed", "next 5", "completed"])
    }

    func testIgnoreRepeatedEqualityRules() {
        struct Opaque {}
        final class Reference {}
        let object = Reference()
        let recorder = EventLog()
        let passed = Cell<[Any?]>([])
        syncValues([object, object, Reference(), NSString(string: "s"), NSString(string: "s"), Opaque(), Opaque(), 1, 1.0])
            .ignoreRepeated()
            .start(next: { passed.value.append($0) }, completed: recorder.completed)
        // identity for plain classes; isEqual for NSObject; non-equatable values always
        // pass; numbers compare by value across numeric types (1 == 1.0).
        XCTAssertEqual(passed.value.count, 6)
        XCTAssertTrue((passed.value[0] as AnyObject) === object)
        XCTAssertTrue(passed.value[1] is Reference)
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testIgnoreRepeatedComparesOutsideAnyLockSoAConcurrentValueIsNotBlocked() {
        // A value's `==` (user code) waits until another value of the same subscription was
        // handled on another thread: under a lock that would dead-lock.
        let source = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(source.signal.ignoreRepeated()))
        source.next(Gated(1))
        Stress.run("ignoreRepeated comparison outside the lock", threads: 2) { index in
            if index == 0 {
                source.next(Gated(2, waits: true))
            } else {
                Gated.comparing.wait()
                source.next(3)
                Gated.handled.signal()
            }
        }
        XCTAssertEqual(Gated.outcome.value, "not blocked")
        XCTAssertEqual(recorder.events.count, 3, "all three differ: \(recorder.events)")
    }

    func testIgnoreRepeatedForwardsError() {
        let recorder = EventLog()
        recorder.record(
            SSignal { subscriber in
                subscriber.putNext(1)
                subscriber.putNext(1)
                subscriber.putError("e")
                return nil
            }.ignoreRepeated())
        XCTAssertEqual(recorder.events, ["next 1", "error e"])
    }

    func testIgnoreRepeatedReentrantPushIsDeliveredDepthFirst() {
        // A source that delivers re-entrant values at once (pipes queue them, see
        // SSignalPipeTests): ignoreRepeated holds no lock while calling out.
        let source = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(
            source.signal.ignoreRepeated().start(next: { value in
                recorder.add("next \(describe(value))")
                if value as? Int == 1 {
                    source.next(2)
                    recorder.add("after nested push")
                }
            }))
        source.next(1)
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "after nested push"])
    }

    func testIgnoreRepeatedOverAPipeGetsAReentrantPushAfterTheCurrentValue() {
        let pipe = SPipe()
        let recorder = EventLog()
        disposedAtEnd(
            pipe.signal().ignoreRepeated().start(next: { value in
                recorder.add("next \(describe(value))")
                if value as? Int == 1 {
                    pipe.putNext(2)
                    recorder.add("after nested push")
                }
            }))
        pipe.putNext(1)
        XCTAssertEqual(recorder.events, ["next 1", "after nested push", "next 2"])
    }

    func testIgnoreRepeatedConcurrentDistinctValuesAllPass() {
        let source = ManualSource()
        let counter = Counter()
        disposedAtEnd(source.signal.ignoreRepeated().start(next: { _ in counter.increment() }))
        let box = UncheckedBox(source)
        concurrently(4) { thread in
            for index in 0..<500 {
                box.value.next(thread * 1000 + index)
            }
        }
        // A value can only be dropped when equal to the last one that passed; all values
        // are distinct, so all pass.
        XCTAssertEqual(counter.value, 2000)
    }
}

/// An `Equatable` (not `Hashable`) value whose first comparison, for a value made with
/// `waits`, blocks until the test says another value was handled.
private struct Gated: Equatable, @unchecked Sendable {
    static let comparing = DispatchSemaphore(value: 0)
    static let handled = DispatchSemaphore(value: 0)
    static let outcome = Cell("not compared")
    let value: Int
    let waits: Bool

    init(_ value: Int, waits: Bool = false) {
        self.value = value
        self.waits = waits
    }

    static func == (lhs: Gated, rhs: Gated) -> Bool {
        if lhs.waits || rhs.waits, outcome.value == "not compared" {
            outcome.value = "waiting"
            comparing.signal()
            outcome.value = handled.wait(timeout: .now() + 10) == .success ? "not blocked" : "blocked"
        }
        return lhs.value == rhs.value
    }
}
