import Dispatch
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

final class SignalCombineTests: LeakCheckedTestCase {
    // MARK: - Values

    func testEmitsOnlyOnceEverySourceHasAValueThenOnEveryValue() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        disposedAtEnd(log.record(combineLatest(a.signal, b.signal)))
        a.putNext(1)
        a.putNext(2)
        XCTAssertEqual(log.events, [])
        b.putNext(10)
        a.putNext(3)
        b.putNext(20)
        XCTAssertEqual(log.events, ["next (2, 10)", "next (3, 10)", "next (3, 20)"])
    }

    func testSynchronousSourcesRunOneAfterAnother() {
        let log = EventLog()
        log.record(combineLatest(syncValues([1, 2]), syncValues([10, 20])))
        XCTAssertEqual(log.events, ["next (2, 10)", "next (2, 20)", "completed"])
    }

    func testSubscribesInArgumentOrder() {
        let log = EventLog()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        disposedAtEnd(log.record(combineLatest(traced("a", log, sources[0].signal), traced("b", log, sources[1].signal), traced("c", log, sources[2].signal))))
        XCTAssertEqual(log.events, ["a.subscribe#1", "b.subscribe#1", "c.subscribe#1"])
    }

    func testHeterogeneousTypesAndOptionalNilCountsAsValue() {
        let log = EventLog()
        let a = ManualSource<Int?, TestError>()
        let b = ManualSource<String, TestError>()
        let c = ManualSource<Bool, TestError>()
        let combined: Signal<(Int?, String, Bool), TestError> = combineLatest(a.signal, b.signal, c.signal)
        disposedAtEnd(log.record(combined))
        a.putNext(nil)
        b.putNext("x")
        c.putNext(true)
        a.putNext(nil)
        a.putNext(5)
        XCTAssertEqual(log.events, ["next (nil, \"x\", true)", "next (nil, \"x\", true)", "next (Optional(5), \"x\", true)"])
    }

    /// The output tuple is built element by element in raw memory: elements of every
    /// size and alignment (padding, an empty type, a multi-word value) land where the
    /// tuple's own layout puts them.
    func testElementsOfMixedSizesAndAlignmentsLandInTheirPlaces() {
        struct Empty: Equatable {}
        let int8 = ManualSource<Int8, NoError>()
        let double = ManualSource<Double, NoError>()
        let empty = ManualSource<Empty, NoError>()
        let bool = ManualSource<Bool, NoError>()
        let string = ManualSource<String, NoError>()
        let int16 = ManualSource<Int16?, NoError>()
        let array = ManualSource<[Int], NoError>()
        nonisolated(unsafe) var outputs: [(Int8, Double, Empty, Bool, String, Int16?, [Int])] = []
        disposedAtEnd(
            combineLatest(int8.signal, double.signal, empty.signal, bool.signal, string.signal, int16.signal, array.signal)
                .start(next: { outputs.append($0) }))
        int8.putNext(-3)
        double.putNext(2.5)
        empty.putNext(Empty())
        bool.putNext(true)
        string.putNext("a string too long to be stored inline")
        int16.putNext(nil)
        array.putNext([1, 2, 3])
        int16.putNext(-7)
        XCTAssertEqual(outputs.count, 2)
        for (output, int16Value) in zip(outputs, [nil, -7] as [Int16?]) {
            XCTAssertEqual(output.0, -3)
            XCTAssertEqual(output.1, 2.5)
            XCTAssertEqual(output.2, Empty())
            XCTAssertEqual(output.3, true)
            XCTAssertEqual(output.4, "a string too long to be stored inline")
            XCTAssertEqual(output.5, int16Value)
            XCTAssertEqual(output.6, [1, 2, 3])
        }
    }

    func testArity26GivesTheExactTuple() {
        let log = EventLog()
        func s(_ value: Int) -> Signal<Int, NoError> { .single(value) }
        let combined:
            Signal<
                (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, String), NoError
            > =
                combineLatest(
                    s(1), s(2), s(3), s(4), s(5), s(6), s(7), s(8), s(9), s(10), s(11), s(12), s(13), s(14), s(15), s(16), s(17), s(18), s(19), s(20), s(21),
                    s(22), s(23), s(24), s(25), .single("z"))
        log.record(combined)
        XCTAssertEqual(log.events, ["next (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, \"z\")", "completed"])
    }

    func testEveryArityFrom2Through26() {
        // One source per arity emits 1; the tuple's printed form has n ones.
        func s() -> Signal<Int, NoError> { .single(1) }
        nonisolated(unsafe) var outputs: [String] = []
        func take<T>(_ signal: Signal<T, NoError>) { signal.start(next: { outputs.append("\($0)") }) }
        take(combineLatest(s(), s()))
        take(combineLatest(s(), s(), s()))
        take(combineLatest(s(), s(), s(), s()))
        take(combineLatest(s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s()))
        take(combineLatest(s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s(), s()))
        XCTAssertEqual(outputs.map { $0.split(separator: ",").count }, [2, 3, 4, 13, 19])
    }

    // MARK: - Completion

    func testCompletesOnlyWhenAllSourcesCompleteAndDisposesEachAsItCompletes() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        log.record(combineLatest(traced("a", log, a.signal), traced("b", log, b.signal)))
        a.putNext(1)
        b.putNext(2)
        a.putCompletion()
        b.putNext(3)
        b.putCompletion()
        XCTAssertEqual(
            log.events,
            [
                "a.subscribe#1", "b.subscribe#1", "next (1, 2)",
                "a.dispose#1", "next (1, 3)", "completed", "b.dispose#1",
            ])
    }

    func testSourceCompletingWithoutValueDoesNotEndEarly() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        log.record(combineLatest(a.signal, b.signal))
        a.putCompletion()
        XCTAssertEqual(log.events, [])
        b.putNext(1)
        b.putNext(2)
        XCTAssertEqual(log.events, [])
        b.putCompletion()
        XCTAssertEqual(log.events, ["completed"])
    }

    // MARK: - Errors

    func testFirstErrorIsForwardedThenAllSourcesDisposedInArgumentOrder() {
        let log = EventLog()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        log.record(combineLatest(traced("a", log, sources[0].signal), traced("b", log, sources[1].signal), traced("c", log, sources[2].signal)))
        sources[1].putError(TestError(2))
        sources[2].putError(TestError(3))
        sources[0].putNext(1)
        XCTAssertEqual(
            log.events,
            [
                "a.subscribe#1", "b.subscribe#1", "c.subscribe#1",
                "error E2", "a.dispose#1", "b.dispose#1", "c.dispose#1",
            ])
        XCTAssertEqual(sources.map(\.subscriberCount), [0, 0, 0])
    }

    func testErrorAfterACompletedSourceDisposesTheRestInOrder() {
        let log = EventLog()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        log.record(combineLatest(traced("a", log, sources[0].signal), traced("b", log, sources[1].signal), traced("c", log, sources[2].signal)))
        sources[0].putCompletion()
        sources[2].putError(TestError(7))
        XCTAssertEqual(
            log.events,
            [
                "a.subscribe#1", "b.subscribe#1", "c.subscribe#1",
                "a.dispose#1", "error E7", "b.dispose#1", "c.dispose#1",
            ])
    }

    func testSynchronousFailureStillSubscribesTheRemainingSourcesThenDisposesThem() {
        let log = EventLog()
        let live = ManualSource<Int, TestError>()
        log.record(combineLatest(traced("s1", log, syncValues([Int](), end: .fail(TestError(1)))), traced("s2", log, live.signal)))
        live.putNext(5)
        XCTAssertEqual(log.events, ["s1.subscribe#1", "error E1", "s1.dispose#1", "s2.subscribe#1", "s2.dispose#1"])
        XCTAssertEqual(live.subscriberCount, 0)
    }

    // MARK: - Disposal

    func testDisposalDisposesEverySourceOnceInArgumentOrder() {
        let log = EventLog()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        let handle = log.record(combineLatest(traced("a", log, sources[0].signal), traced("b", log, sources[1].signal), traced("c", log, sources[2].signal)))
        log.clear()
        handle.dispose()
        handle.dispose()
        sources.forEach { $0.putNext(1) }
        XCTAssertEqual(log.events, ["a.dispose#1", "b.dispose#1", "c.dispose#1"])
    }

    func testNothingIsEmittedAfterDisposal() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        let handle = log.record(combineLatest(a.signal, b.signal))
        a.putNext(1)
        handle.dispose()
        b.putNext(2)
        b.putCompletion()
        XCTAssertEqual(log.events, [])
    }

    // MARK: - Initial values

    func testInitialValuesAreEmittedBeforeSubscribingAndSeedTheState() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<String, TestError>()
        disposedAtEnd(log.record(combineLatest(traced("a", log, a.signal), 0, traced("b", log, b.signal), "x")))
        a.putNext(1)
        b.putNext("y")
        XCTAssertEqual(log.events, ["next (0, \"x\")", "a.subscribe#1", "b.subscribe#1", "next (1, \"x\")", "next (1, \"y\")"])
    }

    func testInitialValuesOverloadCompletesAndFailsLikeTheOthers() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        log.record(combineLatest(a.signal, 1, b.signal, 2))
        a.putCompletion()
        b.putCompletion()
        log.record(combineLatest(syncValues([5]), 1, syncValues([Int](), end: .fail(TestError(4))), 2), prefix: "2:")
        XCTAssertEqual(log.events, ["next (1, 2)", "completed", "2:next (1, 2)", "2:next (5, 2)", "2:error E4"])
    }

    // MARK: - Array overload

    func testArrayOverloadCombinesInOrder() {
        let log = EventLog()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        log.record(combineLatest(sources.map(\.signal)))
        sources[2].putNext(3)
        sources[0].putNext(1)
        sources[1].putNext(2)
        sources[0].putNext(4)
        sources.forEach { $0.putCompletion() }
        XCTAssertEqual(log.events, ["next [1, 2, 3]", "next [4, 2, 3]", "completed"])
    }

    func testArrayOverloadErrorAndDisposalOrder() {
        let log = EventLog()
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        log.record(combineLatest(sources.enumerated().map { traced("s\($0.offset)", log, $0.element.signal) }))
        sources[1].putError(TestError(1))
        let handle = log.record(combineLatest(sources.enumerated().map { traced("t\($0.offset)", log, $0.element.signal) }), prefix: "2:")
        handle.dispose()
        XCTAssertEqual(
            log.events,
            [
                "s0.subscribe#1", "s1.subscribe#1", "s2.subscribe#1",
                "error E1", "s0.dispose#1", "s1.dispose#1", "s2.dispose#1",
                "t0.subscribe#1", "t1.subscribe#1", "t2.subscribe#1",
                "t0.dispose#1", "t1.dispose#1", "t2.dispose#1",
            ])
    }

    func testEmptyArrayEmitsEmptyArrayAndCompletesSynchronously() {
        let log = EventLog()
        log.record(combineLatest([Signal<Int, TestError>]()))
        let clock = VirtualClock()
        log.record(combineLatest(queue: Queue(virtualClock: clock), [Signal<Int, TestError>]()), prefix: "q:")
        XCTAssertEqual(log.events, ["next []", "completed", "q:next []", "q:completed"])
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testSingleElementArray() {
        let log = EventLog()
        log.record(combineLatest([syncValues([1, 2])]))
        XCTAssertEqual(log.events, ["next [1]", "next [2]", "completed"])
    }

    // MARK: - Array overload: the combined array is updated in place

    func testArrayOverloadAKeptArrayNeverChanges() {
        let sources = (0..<3).map { _ in ManualSource<Int, TestError>() }
        nonisolated(unsafe) var kept: [[Int]] = []
        let handle = combineLatest(sources.map(\.signal)).start(next: { kept.append($0) })
        sources[0].putNext(1)
        sources[1].putNext(2)
        sources[2].putNext(3)
        sources[1].putNext(20)
        sources[1].putNext(21)
        sources[0].putNext(10)
        XCTAssertEqual(kept, [[1, 2, 3], [1, 20, 3], [1, 21, 3], [10, 21, 3]])
        handle.dispose()
    }

    func testArrayOverloadAnArrayHeldAcrossPushesKeepsItsValuesWhileLaterOnesAreWrittenInPlace() {
        let sources = (0..<2).map { _ in ManualSource<Int, TestError>() }
        nonisolated(unsafe) var latest: [Int] = []
        var held: [Int]?
        let handle = combineLatest(sources.map(\.signal)).start(next: { latest = $0 })
        sources[0].putNext(1)
        sources[1].putNext(2)
        held = latest  // downstream keeps this one: the next push copies it
        sources[0].putNext(3)
        XCTAssertEqual(held, [1, 2])
        XCTAssertEqual(latest, [3, 2])
        held = nil
        latest = []  // nobody keeps an array: the next pushes write in place
        sources[1].putNext(4)
        sources[0].putNext(5)
        XCTAssertEqual(latest, [5, 4])
        withExtendedLifetime(held) {}
        handle.dispose()
    }

    func testArrayOverloadTheArrayGivenToACallbackThatPushesDoesNotChange() {
        let log = EventLog()
        let sources = (0..<2).map { _ in ManualSource<Int, TestError>() }
        let handle = combineLatest(sources.map(\.signal)).start(next: { values in
            log.add("next \(values)")
            if values == [1, 2] {
                sources[0].putNext(3)  // emits [3, 2] from inside, before this callback returns
            }
            log.add("still \(values)")
        })
        sources[0].putNext(1)
        sources[1].putNext(2)
        XCTAssertEqual(log.events, ["next [1, 2]", "next [3, 2]", "still [3, 2]", "still [1, 2]"])
        handle.dispose()
    }

    func testArrayOverloadOfAThousandSourcesEmitsTheLatestValuesInPushOrder() {
        let count = 1000
        let sources = (0..<count).map { _ in ManualSource<Int, TestError>() }
        nonisolated(unsafe) var expected = (0..<count).map { -$0 }
        nonisolated(unsafe) var emissions = 0
        nonisolated(unsafe) var mismatches: [Int] = []
        nonisolated(unsafe) var second: [Int]?
        // The callback keeps no array but the second one, so the later pushes write in place.
        let handle = combineLatest(sources.map(\.signal)).start(next: { values in
            emissions += 1
            if values != expected {
                mismatches.append(emissions)
            }
            if emissions == 2 {
                second = values
            }
        })
        for index in (0..<count).reversed() {
            sources[index].putNext(-index)  // the last source to get a value is source 0
        }
        XCTAssertEqual(emissions, 1, "the first emission comes when every source has a value")
        for push in 0..<(2 * count) {
            let index = (push * 7) % count
            expected[index] = push
            sources[index].putNext(push)
            XCTAssertEqual(emissions, push + 2)
        }
        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(second?.count, count)
        XCTAssertEqual(second?[0], 0, "a kept array still holds the values it was delivered with")
        XCTAssertEqual(second?[7], -7)
        for source in sources {
            source.putCompletion()
        }
        XCTAssertEqual(emissions, 2 * count + 1)
        handle.dispose()
    }

    func testArrayOverloadValuesReplacedInPlaceAreReleasedAndKeptArraysKeepTheirs() {
        let a = ManualSource<Tracked, TestError>()
        let b = ManualSource<Tracked, TestError>()
        weak var weakFirst: Tracked?
        weak var weakSecond: Tracked?
        nonisolated(unsafe) var kept: [Tracked]?
        let handle = combineLatest([a.signal, b.signal]).start(next: { kept = $0 })
        do {
            let first = Tracked()
            weakFirst = first
            a.putNext(first)
            b.putNext(Tracked())
            let second = Tracked()
            weakSecond = second
            kept = nil  // the array downstream was given is dropped: written in place next
            a.putNext(second)
        }
        XCTAssertNil(weakFirst, "replaced in place, so released at once")
        XCTAssertNotNil(weakSecond)
        do {
            let held = kept
            a.putNext(Tracked())  // the array downstream holds is copied, not changed
            XCTAssertTrue(held?[0] === weakSecond)
            XCTAssertFalse(kept?[0] === weakSecond)
        }
        XCTAssertNil(weakSecond, "released with the last array that held it")
        handle.dispose()
    }

    func testArrayOverloadConcurrentPushesDeliverConsistentArrays() {
        let sources = (0..<4).map { _ in ManualSource<Int, TestError>() }
        let emissions = Atomic(value: 0)
        let inconsistent = Atomic(value: 0)
        let handle = combineLatest(sources.map(\.signal)).start(next: { values in
            // Each source only ever gets values of its own residue, in increasing order: an
            // array that changed under the callback, or a torn element, would break it.
            let snapshot = values.map { $0 }  // a copy of its own, not the same buffer
            if values.count != 4 || values.enumerated().contains(where: { $0.element % 4 != $0.offset }) {
                inconsistent.modify { $0 + 1 }
            }
            for _ in 0..<20 {
                sched_yield()  // give the other threads time to push
            }
            if values != snapshot {
                inconsistent.modify { $0 + 1 }
            }
            emissions.modify { $0 + 1 }
        })
        for (index, source) in sources.enumerated() {
            source.putNext(index)
        }
        runConcurrently(4) { thread in
            for round in 1...500 {
                sources[thread].putNext(round * 4 + thread)
            }
        }
        XCTAssertEqual(emissions.with { $0 }, 1 + 4 * 500)
        XCTAssertEqual(inconsistent.with { $0 }, 0)
        handle.dispose()
    }

    // MARK: - Queue

    func testQueueDeliversValuesAndTerminalEventsOnTheQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        combineLatest(queue: queue, a.signal, b.signal).start(
            next: { value in
                log.add("next \(value) onQueue=\(queue.isCurrent())")
            },
            completed: {
                log.add("completed onQueue=\(queue.isCurrent())")
            })
        a.putNext(1)
        b.putNext(2)
        a.putCompletion()
        b.putCompletion()
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["next (1, 2) onQueue=true", "completed onQueue=true"])
    }

    func testQueueWithInitialValuesEmitsTheSeedSynchronously() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        disposedAtEnd(
            combineLatest(queue: queue, a.signal, 0, syncValues([7], end: .stayOpen), 0).start(next: { value in
                log.add("next \(value) onQueue=\(queue.isCurrent())")
            }))
        XCTAssertEqual(log.events, ["next (0, 0) onQueue=false"])
        a.putNext(1)
        clock.run()
        XCTAssertEqual(log.events, ["next (0, 0) onQueue=false", "next (0, 7) onQueue=true", "next (1, 7) onQueue=true"])
    }

    func testQueueErrorIsDeliveredOnTheQueue() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        combineLatest(queue: queue, [a.signal, a.signal]).start(error: { error in
            log.add("error \(error) onQueue=\(queue.isCurrent())")
        })
        a.putError(TestError(9))
        XCTAssertEqual(log.events, [])
        clock.run()
        XCTAssertEqual(log.events, ["error E9 onQueue=true"])
    }

    func testConcurrentPushesWithARealQueueAreSerialisedOnIt() {
        let queue = Queue(name: "combine")
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        let done = expectation(description: "all emissions")
        let count = Atomic(value: 0)
        let offQueue = Atomic(value: 0)
        let perThread = 250
        let threads = 4
        let handle = combineLatest(queue: queue, a.signal, b.signal).start(next: { _ in
            if !queue.isCurrent() {
                offQueue.modify { $0 + 1 }
            }
            if count.modify({ $0 + 1 }) == 1 + perThread * threads {
                done.fulfill()
            }
        })
        a.putNext(0)
        b.putNext(0)
        // Both primed on the queue before the burst: each source's deliverOn hop carries
        // its whole burst, so an `a` value drained before `b`'s first would emit nothing.
        queue.sync {}
        runConcurrently(threads) { thread in
            for value in 0..<perThread {
                (thread % 2 == 0 ? a : b).putNext(value)
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(offQueue.with { $0 }, 0)
        handle.dispose()
    }

    func testInterleavedPushesOnAQueueGiveTheOriginalsTraceEveryRun() {
        // a 1, b 2, a 3 from pipes, then a wait on the queue: SwiftSignalKit dispatches
        // each event in turn, so `b 2` is combined before `a 3` arrives.
        for fromOtherThreads in [false, true] {
            var traces: [[String]] = []
            for _ in 0..<50 {
                let queue = Queue(name: "interleaved")
                let a = ValuePipe<Int>()
                let b = ValuePipe<Int>()
                let log = EventLog()
                let handle = combineLatest(queue: queue, a.signal(), b.signal()).start(next: { log.add("\($0)") })
                push(1, into: a, fromOtherThread: fromOtherThreads)
                push(2, into: b, fromOtherThread: fromOtherThreads)
                push(3, into: a, fromOtherThread: fromOtherThreads)
                queue.sync {}
                traces.append(log.events)
                handle.dispose()
            }
            let faithful = traces.filter { $0 == ["(1, 2)", "(3, 2)"] }.count
            XCTAssertEqual(faithful, 50, "from other threads: \(fromOtherThreads); traces: \(Set(traces))")
        }
    }

    private func push(_ value: Int, into pipe: ValuePipe<Int>, fromOtherThread: Bool) {
        guard fromOtherThread else {
            return pipe.putNext(value)
        }
        let pushed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            pipe.putNext(value)
            pushed.signal()
        }
        pushed.wait()
    }

    // MARK: - Dispose counts (some paths dispose a source twice)

    func testEverySourceIsDisposedTwiceWhicheverCompletesFirst() {
        // SwiftSignalKit's per-source layer disposes a finished source's handle from
        // inside its completion, and the source's own subscriber disposes it again: a
        // source that completes while others are live is disposed twice at once, the
        // last one twice through the teardown.
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for order in orders {
            let sources = (0..<3).map { _ in CountedSource() }
            let handle = combineLatest(sources[0].signal, sources[1].signal, sources[2].signal).start()
            for (position, index) in order.enumerated() {
                sources[index].subscriber?.putCompletion()
                XCTAssertEqual(sources[index].disposable.count, 2, "order \(order): source \(index), completing #\(position + 1)")
            }
            handle.dispose()
            XCTAssertEqual(sources.map(\.disposable.count), [2, 2, 2], "order \(order)")
        }
    }

    // MARK: - Threads and re-entrancy

    func testConcurrentPushesYieldExactlyOneEmissionPerValue() {
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        let emissions = Atomic(value: 0)
        let completions = Atomic(value: 0)
        combineLatest(a.signal, b.signal).start(
            next: { pair in
                precondition(pair.0 >= 0 && pair.1 >= 0)
                emissions.modify { $0 + 1 }
            },
            completed: {
                completions.modify { $0 + 1 }
            })
        a.putNext(0)
        b.putNext(0)
        runConcurrently(4) { thread in
            for value in 0..<500 {
                (thread % 2 == 0 ? a : b).putNext(value)
            }
        }
        XCTAssertEqual(emissions.with { $0 }, 1 + 4 * 500)
        runConcurrently(2) { thread in
            (thread == 0 ? a : b).putCompletion()
        }
        XCTAssertEqual(completions.with { $0 }, 1)
    }

    func testRacingTerminalEventsDeliverExactlyOne() {
        for _ in 0..<50 {
            let sources = (0..<4).map { _ in ManualSource<Int, TestError>() }
            let terminals = Atomic(value: 0)
            combineLatest(sources.map(\.signal)).start(
                error: { _ in
                    terminals.modify { $0 + 1 }
                },
                completed: {
                    terminals.modify { $0 + 1 }
                })
            runConcurrently(4) { index in
                if index == 3 {
                    sources[index].putError(TestError(index))
                } else {
                    sources[index].putCompletion()
                }
            }
            XCTAssertEqual(terminals.with { $0 }, 1)
        }
    }

    func testDisposalRacingWithPushes() {
        for _ in 0..<20 {
            let a = ManualSource<Int, TestError>()
            let b = ManualSource<Int, TestError>()
            let handle = combineLatest(a.signal, b.signal).start(next: { _ in })
            a.putNext(0)
            runConcurrently(3) { thread in
                if thread == 2 {
                    handle.dispose()
                } else {
                    for value in 0..<200 {
                        (thread == 0 ? a : b).putNext(value)
                    }
                }
            }
            XCTAssertEqual(a.subscriberCount + b.subscriberCount, 0)
        }
    }

    func testDisposingFromInsideTheNextCallback() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        let handle = MetaDisposable()
        handle.set(
            combineLatest(a.signal, b.signal).start(next: { value in
                log.add("next \(value)")
                handle.dispose()
            }))
        a.putNext(1)
        b.putNext(2)
        b.putNext(3)
        XCTAssertEqual(log.events, ["next (1, 2)"])
        XCTAssertEqual(a.subscriberCount + b.subscriberCount, 0)
    }

    func testPushingFromInsideTheNextCallback() {
        let log = EventLog()
        let a = ManualSource<Int, TestError>()
        let b = ManualSource<Int, TestError>()
        combineLatest(a.signal, b.signal).start(
            next: { value in
                log.add("next \(value)")
                if value.1 == 2 {
                    b.putNext(3)
                    a.putCompletion()
                    b.putCompletion()
                }
            },
            completed: {
                log.add("completed")
            })
        a.putNext(1)
        b.putNext(2)
        XCTAssertEqual(log.events, ["next (1, 2)", "next (1, 3)", "completed"])
    }

    // MARK: - Release

    func testValuesAndCallbacksAreReleasedAfterDisposal() {
        weak var weakValue: Tracked?
        weak var weakCaptured: Tracked?
        let a = ManualSource<Tracked, TestError>()
        let b = ManualSource<Int, TestError>()
        var handle: Disposable?
        do {
            let captured = Tracked()
            weakCaptured = captured
            handle = combineLatest(a.signal, b.signal).start(next: { _ in withExtendedLifetime(captured) {} })
            let value = Tracked()
            weakValue = value
            a.putNext(value)
            b.putNext(1)
        }
        XCTAssertNotNil(weakValue)
        XCTAssertNotNil(weakCaptured)
        handle?.dispose()
        XCTAssertNil(weakValue)
        XCTAssertNil(weakCaptured)
        withExtendedLifetime(handle) {}
    }

    func testValuesAndCallbacksAreReleasedAfterCompletionAndError() {
        for fail in [false, true] {
            weak var weakValue: Tracked?
            weak var weakCaptured: Tracked?
            let a = ManualSource<Tracked, TestError>()
            let b = ManualSource<Tracked, TestError>()
            var handle: Disposable?
            do {
                let captured = Tracked()
                weakCaptured = captured
                handle = combineLatest(queue: nil, [a.signal, b.signal]).start(completed: { withExtendedLifetime(captured) {} })
                let value = Tracked()
                weakValue = value
                a.putNext(value)
            }
            if fail {
                b.putError(TestError(1))
            } else {
                a.putCompletion()
                b.putCompletion()
            }
            XCTAssertNil(weakValue)
            XCTAssertNil(weakCaptured)
            withExtendedLifetime(handle) {}
        }
    }

    func testPrimedValuesReplacedByNewOnesAreReleased() {
        weak var weakFirst: Tracked?
        let a = ManualSource<Tracked, TestError>()
        let handle = combineLatest(a.signal, Signal<Int, TestError>.never()).start()
        do {
            let first = Tracked()
            weakFirst = first
            a.putNext(first)
        }
        XCTAssertNotNil(weakFirst)
        a.putNext(Tracked())
        XCTAssertNil(weakFirst)
        handle.dispose()
    }
}

/// A source that keeps its subscriber (as a pipe would) and returns a counting disposable.
final class CountedSource: @unchecked Sendable {
    var subscriber: Subscriber<Int, TestError>?
    let disposable = CountingDisposable()

    var signal: Signal<Int, TestError> {
        Signal { subscriber in
            self.subscriber = subscriber
            return self.disposable
        }
    }
}
