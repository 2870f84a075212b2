import SUntypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SSignalCombineTests: LeakCheckedTestCase {
    func testEmitsNothingUntilEverySlotHasAValue() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(SSignal.combineSignals([a.signal, b.signal])))
        a.next(1)
        a.next(2)
        XCTAssertEqual(recorder.events, [])
        b.next("x")
        a.next(3)
        b.next("y")
        XCTAssertEqual(recorder.events, ["next [2, x]", "next [3, x]", "next [3, y]"])
    }

    func testEmitsArraysOfAnyOptional() {
        let received = Cell<Any?>(nil)
        SSignal.combineSignals([.single(1), .single(nil)]).start(next: { received.value = $0 })
        let array = received.value as? [Any?]
        XCTAssertEqual(array?.count, 2)
        XCTAssertEqual(array?[0] as? Int, 1)
        XCTAssertTrue(array.map { $0[1] == nil } ?? false)
    }

    func testNilIsAValueThatFillsItsSlot() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(SSignal.combineSignals([a.signal, b.signal])))
        a.next(nil)
        b.next(1)
        a.next(2)
        b.next(nil)
        XCTAssertEqual(recorder.events, ["next [nil, 1]", "next [2, 1]", "next [2, nil]"])
    }

    func testInitialStatesSeedSlotsButNeverEmitAlone() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(SSignal.combineSignals([a.signal, b.signal], withInitialStates: ["a0", "b0", "extra"])))
        XCTAssertEqual(recorder.events, [])
        b.next("b1")
        XCTAssertEqual(recorder.events, ["next [a0, b1]"])
    }

    func testPartialInitialStatesAndNilSeed() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        disposedAtEnd(recorder.record(SSignal.combineSignals([a.signal, b.signal], withInitialStates: [nil])))
        a.next(1)
        XCTAssertEqual(recorder.events, [], "slot 1 has no seed")
        b.next(2)
        XCTAssertEqual(recorder.events, ["next [1, 2]"])
        let c = ManualSource()
        recorder.clear()
        disposedAtEnd(recorder.record(SSignal.combineSignals([c.signal, SSignal.single(5)], withInitialStates: [nil])))
        XCTAssertEqual(recorder.events, ["next [nil, 5]"], "the seed (nil) plus a real value fills every slot")
        c.next(nil)
        XCTAssertEqual(recorder.events, ["next [nil, 5]", "next [nil, 5]"])
    }

    func testSubscribesInArrayOrderAndSynchronousSignalsEmitEarly() {
        let log = EventLog()
        let first = tracedSignal("a", log) { $0.putNext(1) }
        let second = tracedSignal("b", log) { $0.putNext(2) }
        SSignal.combineSignals([first, second]).start(next: log.next)
        XCTAssertEqual(log.events, ["start a", "start b", "next [1, 2]"])
    }

    func testCompletesOnlyWhenAllComplete() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        recorder.record(SSignal.combineSignals([a.signal, b.signal]))
        a.complete()
        XCTAssertEqual(recorder.events, [], "a signal completing without a value does not end early")
        b.next(1)
        b.complete()
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testFirstErrorIsForwardedAndEverythingIsDisposed() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        recorder.record(SSignal.combineSignals([a.signal, b.signal]))
        b.fail("first")
        a.fail("second")
        XCTAssertEqual(recorder.events, ["error first"])
        XCTAssertEqual(a.disposeCount, 1)
        XCTAssertEqual(b.disposeCount, 1)
    }

    func testDisposalDisposesAllInnerSubscriptions() {
        let sources = (0..<3).map { _ in ManualSource() }
        let subscription = SSignal.combineSignals(sources.map(\.signal)).start()
        subscription.dispose()
        XCTAssertEqual(sources.map(\.disposeCount), [1, 1, 1])
    }

    func testEverySourceIsDisposedTwiceWhicheverCompletesFirst() {
        // SSignalKit: a finished source is disposed by its own subscriber as it
        // completes, and again by the teardown (its handle keeps its reference); the
        // last one by the teardown from inside its completion, then by its subscriber.
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for order in orders {
            let sources = (0..<3).map { _ in SCountedSource() }
            let handle = SSignal.combineSignals(sources.map(\.signal)).start()
            for (position, index) in order.enumerated() where position < 2 {
                sources[index].subscriber?.putCompletion()
                XCTAssertEqual(sources[index].count, 1, "order \(order): source \(index) waits for the teardown")
            }
            sources[order[2]].subscriber?.putCompletion()
            XCTAssertEqual(sources.map(\.count), [2, 2, 2], "order \(order)")
            handle.dispose()
            XCTAssertEqual(sources.map(\.count), [2, 2, 2], "order \(order)")
        }
    }

    func testInterleavedPushesThroughDeliverOnGiveTheOriginalsTraceEveryRun() {
        // a 1, b 2, a 3 from pipes, then a wait on the queue: one dispatch per event in
        // SSignalKit, so `b 2` is combined before `a 3` arrives.
        for fromOtherThreads in [false, true] {
            var traces: [[String]] = []
            for _ in 0..<50 {
                let queue = SQueue()
                let a = SPipe()
                let b = SPipe()
                let recorder = EventLog()
                let handle = recorder.record(SSignal.combineSignals([a.signal().deliverOn(queue), b.signal().deliverOn(queue)]))
                for (value, pipe) in [(1, a), (2, b), (3, a)] {
                    if fromOtherThreads {
                        let pushed = DispatchSemaphore(value: 0)
                        DispatchQueue.global().async {
                            pipe.putNext(value)
                            pushed.signal()
                        }
                        pushed.wait()
                    } else {
                        pipe.putNext(value)
                    }
                }
                queue.dispatchSync {}
                traces.append(recorder.events)
                handle.dispose()
            }
            let faithful = traces.filter { $0 == ["next [1, 2]", "next [3, 2]"] }.count
            XCTAssertEqual(faithful, 50, "from other threads: \(fromOtherThreads); traces: \(Set(traces))")
        }
    }

    func testEmptyArrayOneArgumentEmitsEmptyArrayAndCompletes() {
        let recorder = EventLog()
        let received = Cell<Any?>(nil)
        SSignal.combineSignals([SSignal]()).start(next: { received.value = $0 }, completed: recorder.completed)
        XCTAssertEqual((received.value as? [Any?])?.count, 0)
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testEmptyArrayWithInitialStatesCompletesAtOnceWithoutEmitting() {
        let recorder = EventLog()
        recorder.record(SSignal.combineSignals([SSignal](), withInitialStates: [1]))
        recorder.record(SSignal.combineSignals([SSignal](), withInitialStates: nil))
        XCTAssertEqual(recorder.events, ["completed", "completed"])
    }

    func testConcurrentEmissionsProduceConsistentArrays() {
        let a = ManualSource()
        let b = ManualSource()
        let counter = Counter()
        disposedAtEnd(
            SSignal.combineSignals([a.signal, b.signal]).start(next: { value in
                let array = value as! [Any?]
                XCTAssertEqual(array.count, 2)
                counter.increment()
            }))
        a.next(0)
        b.next(0)
        let boxA = UncheckedBox(a)
        let boxB = UncheckedBox(b)
        concurrently(4) { index in
            for value in 0..<250 {
                if index % 2 == 0 { boxA.value.next(value) } else { boxB.value.next(value) }
            }
        }
        XCTAssertEqual(counter.value, 1001)
    }

    // MARK: the combined array is updated in place

    func testAKeptArrayNeverChanges() {
        let sources = (0..<3).map { _ in ManualSource() }
        let kept = Cell<[[Any?]]>([])
        disposedAtEnd(SSignal.combineSignals(sources.map(\.signal)).start(next: { kept.value.append($0 as! [Any?]) }))
        sources[0].next(1)
        sources[1].next(2)
        sources[2].next(3)
        sources[1].next(nil)
        sources[1].next(21)
        sources[0].next(10)
        XCTAssertEqual(
            kept.value.map { $0.map { $0.map { "\($0)" } ?? "nil" } }, [["1", "2", "3"], ["1", "nil", "3"], ["1", "21", "3"], ["10", "21", "3"]])
    }

    func testTheArrayGivenToACallbackThatPushesDoesNotChange() {
        let sources = (0..<2).map { _ in ManualSource() }
        let log = Cell<[String]>([])
        disposedAtEnd(
            SSignal.combineSignals(sources.map(\.signal)).start(next: { value in
                let values = (value as! [Any?]).map { $0 as! Int }
                log.value.append("next \(values)")
                if values == [1, 2] {
                    sources[0].next(3)  // emits [3, 2] from inside, before this callback returns
                }
                log.value.append("still \((value as! [Any?]).map { $0 as! Int })")
            }))
        sources[0].next(1)
        sources[1].next(2)
        XCTAssertEqual(log.value, ["next [1, 2]", "next [3, 2]", "still [3, 2]", "still [1, 2]"])
    }

    func testAThousandSourcesEmitTheLatestValuesInPushOrder() {
        let count = 1000
        let sources = (0..<count).map { _ in ManualSource() }
        let emitted = Cell<[[Int]]>([])
        disposedAtEnd(
            SSignal.combineSignals(sources.map(\.signal)).start(next: { value in
                emitted.value.append((value as! [Any?]).map { $0 as! Int })
            }))
        for index in (0..<count).reversed() {
            sources[index].next(-index)  // the last source to get a value is source 0
        }
        var expected = (0..<count).map { -$0 }
        XCTAssertEqual(emitted.value, [expected], "the first emission comes when every source has a value")
        for push in 0..<(2 * count) {
            let index = (push * 7) % count
            sources[index].next(push)
            expected[index] = push
            XCTAssertEqual(emitted.value.count, push + 2)
            XCTAssertEqual(emitted.value.last, expected, "push \(push)")
        }
    }

    // MARK: untyped arrays

    func testUntypedArrayOfSignalsWorks() {
        let recorder = EventLog()
        let signals: [Any?] = [SSignal.single(1), SSignal.single(2)]
        recorder.record(SSignal.combineSignals(signals))
        recorder.record(SSignal.combineSignals(signals, withInitialStates: nil))
        recorder.record(SSignal.mergeSignals(signals))
        XCTAssertEqual(recorder.events, ["next [1, 2]", "completed", "next [1, 2]", "completed", "next 1", "next 2", "completed"])
    }

    func testUntypedArrayWithANonSignalFailsWithTypeError() {
        let errors = Cell<[SSignalTypeError]>([])
        let bad: [Any?] = [SSignal.single(1), 42]
        let withNil: [Any?] = [nil]
        SSignal.combineSignals(bad).start(error: { errors.value.append($0 as! SSignalTypeError) })
        SSignal.combineSignals(bad, withInitialStates: []).start(error: { errors.value.append($0 as! SSignalTypeError) })
        SSignal.mergeSignals(withNil).start(error: { errors.value.append($0 as! SSignalTypeError) })
        XCTAssertEqual(
            errors.value,
            [
                SSignalTypeError(expected: "SSignal", actual: "Int"),
                SSignalTypeError(expected: "SSignal", actual: "Int"),
                SSignalTypeError(expected: "SSignal", actual: "nil"),
            ])
    }

    // MARK: merge

    func testMergeForwardsValuesAsTheyArriveAndCompletesAfterTheLast() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        recorder.record(SSignal.mergeSignals([a.signal, b.signal]))
        a.next(1)
        b.next(2)
        a.next(nil)
        a.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next nil"])
        b.complete()
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next nil", "completed"])
    }

    func testMergeEmptyCompletesAtOnce() {
        let recorder = EventLog()
        recorder.record(SSignal.mergeSignals([SSignal]()))
        XCTAssertEqual(recorder.events, ["completed"])
    }

    func testMergeFirstErrorEndsEverything() {
        let a = ManualSource()
        let b = ManualSource()
        let recorder = EventLog()
        recorder.record(SSignal.mergeSignals([a.signal, b.signal]))
        a.fail("e")
        b.next(1)
        XCTAssertEqual(recorder.events, ["error e"])
        XCTAssertEqual(b.disposeCount, 1)
    }

    func testMergeSynchronousSignals() {
        let recorder = EventLog()
        recorder.record(SSignal.mergeSignals([syncValues([1, 2]), .complete(), syncValues([3])]))
        XCTAssertEqual(recorder.events, ["next 1", "next 2", "next 3", "completed"])
    }

    func testMergeConcurrentValuesAllArrive() {
        let sources = (0..<4).map { _ in ManualSource() }
        let counter = Counter()
        let completions = Counter()
        SSignal.mergeSignals(sources.map(\.signal)).start(next: { _ in counter.increment() }, completed: { completions.increment() })
        let box = UncheckedBox(sources)
        concurrently(4) { index in
            for value in 0..<500 { box.value[index].next(value) }
            box.value[index].complete()
        }
        XCTAssertEqual(counter.value, 2000)
        XCTAssertEqual(completions.value, 1)
    }
}

/// A source that keeps its subscriber (as a pipe would) and returns a disposable that
/// counts every `dispose()`.
final class SCountedSource: @unchecked Sendable {
    // Safety: driven from the test's thread only.
    var subscriber: SSubscriber?
    private let counter = CountingDisposable()

    /// How often the source's disposable was disposed.
    var count: Int { counter.count }

    var signal: SSignal {
        SSignal { subscriber in
            self.subscriber = subscriber
            return self.counter
        }
    }
}
