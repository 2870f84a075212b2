import Foundation
import SSignalKit
import SignalTestSupport
import XCTest

/// Each `SSignal` spelling Swift gives an SSignalKit selector gives the same events
/// (values, error, completion, disposal, and their virtual times) as the SUntypedSignal
/// spelling it forwards to.
final class SSignalImportedNamesTests: LeakCheckedTestCase {
    // MARK: init(generator:)

    func testInitGeneratorGivesTheEventsAndDisposalOfTheTrailingClosureInit() {
        func run(_ make: (@escaping (SSubscriber) -> SDisposable?) -> SSignal) -> [String] {
            let trace = EventTrace()
            let signal = make { subscriber in
                subscriber.putNext(1)
                subscriber.putNext(nil)
                return SBlockDisposable(block: { trace.add("generator disposed") })
            }
            let handle = record(signal, into: trace)
            handle?.dispose()
            signal.start(next: { trace.next($0) }, error: { trace.error($0) }, completed: { trace.completed() })?.dispose()
            return trace.all
        }
        let imported = run { SSignal(generator: $0) }
        let forwarded = run { SSignal($0) }
        XCTAssertEqual(imported, ["next 1", "next nil", "generator disposed", "next 1", "next nil", "generator disposed"])
        XCTAssertEqual(imported, forwarded)
    }

    func testTrailingClosureStillMeansTheUnlabelledInit() {
        // Both initializers accept a trailing closure; this one means `init(_:)` (the imported
        // one is also disfavored, to keep it so), which makes the same signal.
        let trace = EventTrace()
        let signal = SSignal { subscriber in
            subscriber.putCompletion()
            return nil
        }
        record(signal, into: trace)
        XCTAssertEqual(trace.all, ["completed"])
    }

    // MARK: map(toSignal:), map(toQueue:), map(toThrottled:)

    /// Outer values 1, 2, 3 at times 1, 2, 5; each inner sends v * 10 at once and v * 100
    /// two seconds later, then completes.
    private func metaEvents(_ operate: (SSignal, @escaping (Any?) -> SSignal) -> SSignal) -> [String] {
        eventsInVirtualTime { queue, trace in
            let outer = SSignal.mergeSignals([
                later(1, after: 1, on: queue, name: "outer 1", trace: trace),
                later(2, after: 2, on: queue, name: "outer 2", trace: trace),
                later(3, after: 5, on: queue, name: "outer 3", trace: trace),
            ])
            return operate(outer) { value in
                let v = value as! Int
                return SSignal.single(v * 10).then(later(v * 100, after: 2, on: queue, name: "inner \(v)", trace: trace))
            }
        }
    }

    func testMapToSignalLabelGivesTheEventsOfMapToSignal() {
        let imported = metaEvents { $0.map(toSignal: $1) }
        let forwarded = metaEvents { $0.mapToSignal($1) }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported.filter { $0.contains("next") }, ["1.0 next 10", "2.0 next 20", "4.0 next 200", "5.0 next 30", "7.0 next 300"])
        XCTAssertTrue(imported.contains("7.0 completed"), "\(imported)")
        XCTAssertTrue(imported.contains("2.0 inner 1 disposed"), "the replaced inner is disposed: \(imported)")
    }

    func testMapToQueueLabelGivesTheEventsOfMapToQueue() {
        let imported = metaEvents { $0.map(toQueue: $1) }
        let forwarded = metaEvents { $0.mapToQueue($1) }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(
            imported.filter { $0.contains("next") }, ["1.0 next 10", "3.0 next 100", "3.0 next 20", "5.0 next 200", "5.0 next 30", "7.0 next 300"])
        XCTAssertTrue(imported.contains("7.0 completed"), "\(imported)")
    }

    func testMapToThrottledLabelGivesTheEventsOfMapToThrottled() {
        let imported = metaEvents { $0.map(toThrottled: $1) }
        let forwarded = metaEvents { $0.mapToThrottled($1) }
        XCTAssertEqual(imported, forwarded)
        XCTAssertTrue(imported.contains("7.0 completed"), "\(imported)")
        XCTAssertTrue(imported.contains("3.0 next 100"), "\(imported)")
    }

    func testMapWithATrailingClosureReturningASignalStillMeansMap() {
        // `map { _ in signal }` could fill `map(toSignal:)` too, and without the disfavoring
        // Swift would pick it (the closure's exact type wins): it stays `map(_:)`, whose
        // values are the inner signals themselves.
        let inner = SSignal.single(1)
        let trace = EventTrace()
        record(SSignal.single(0).map { _ in inner }.map { ($0 as? SSignal) === inner }, into: trace)
        XCTAssertEqual(trace.all, ["next true", "completed"])
    }

    func testMapToSignalDisposalGivesTheSameTeardown() {
        func run(_ operate: (SSignal, @escaping (Any?) -> SSignal) -> SSignal) -> [String] {
            eventsInVirtualTime(disposeAt: 3.5) { queue, trace in
                let outer = later(1, after: 1, on: queue, name: "outer", trace: trace)
                return operate(outer) { _ in SSignal.never().onDispose { trace.add("inner disposed") } }
            }
        }
        let imported = run { $0.map(toSignal: $1) }
        XCTAssertEqual(imported, run { $0.mapToSignal($1) })
        XCTAssertEqual(imported, ["1.0 outer disposed", "3.5 inner disposed", "3.5 disposed by the test"])
    }

    // MARK: reduceLeft(withPassthrough:with:)

    func testReduceLeftWithPassthroughLabelGivesTheEventsOfReduceLeftWithPassthrough() {
        func run(_ operate: (SSignal, @escaping (Any?, Any?, @escaping (Any?) -> Void) -> Any?) -> SSignal) -> [String] {
            let source = SSignal(generator: { subscriber in
                for value in 1...4 { subscriber.putNext(value) }
                subscriber.putCompletion()
                return nil
            })
            let trace = EventTrace()
            record(
                operate(source) { sum, value, emit in
                    let total = (sum as! Int) + (value as! Int)
                    if total.isMultiple(of: 3) { emit("passed \(total)") }
                    return total
                }, into: trace)
            return trace.all
        }
        let imported = run { $0.reduceLeft(withPassthrough: 0, with: $1) }
        XCTAssertEqual(imported, run { $0.reduceLeftWithPassthrough(0, with: $1) })
        XCTAssertEqual(imported, ["next passed 3", "next passed 6", "next 10", "completed"])
    }

    func testReduceLeftWithPassthroughForwardsAnError() {
        func run(_ operate: (SSignal) -> SSignal) -> [String] {
            let trace = EventTrace()
            record(operate(SSignal.single(1).then(SSignal.fail("broken"))), into: trace)
            return trace.all
        }
        let imported = run { $0.reduceLeft(withPassthrough: 0, with: { sum, _, _ in sum }) }
        XCTAssertEqual(imported, run { $0.reduceLeftWithPassthrough(0, with: { sum, _, _ in sum }) })
        XCTAssertEqual(imported, ["error broken"])
    }

    // MARK: take(untilReplacement:)

    func testTakeUntilReplacementLabelGivesTheEventsOfTakeUntilReplacement() {
        func run(_ operate: (SSignal, SSignal) -> SSignal) -> [String] {
            eventsInVirtualTime { queue, trace in
                let source = SSignal.mergeSignals([
                    later("a", after: 1, on: queue, name: "source a", trace: trace),
                    later("b", after: 4, on: queue, name: "source b", trace: trace),
                ]).onDispose { trace.add("source disposed") }
                let replacement = SSignal.single(later("r", after: 1, on: queue, name: "replacement", trace: trace)).delay(2, onQueue: queue)
                return operate(source, replacement)
            }
        }
        let imported = run { $0.take(untilReplacement: $1) }
        XCTAssertEqual(imported, run { $0.takeUntilReplacement($1) })
        XCTAssertEqual(imported.filter { !$0.contains("disposed") }, ["1.0 next a", "3.0 next r", "3.0 completed"])
        XCTAssertTrue(imported.contains("2.0 source disposed"), "\(imported)")
    }

    // MARK: delay(_:on:), timeout(_:on:orSignal:)

    func testDelayOnGivesTheEventsOfDelayOnQueue() {
        func run(_ operate: (SSignal, SQueue) -> SSignal) -> [String] {
            eventsInVirtualTime { queue, trace in
                operate(SSignal.single(nil).then(SSignal.fail("late")).onDispose { trace.add("source disposed") }, queue)
            }
        }
        let imported = run { $0.delay(0.5, on: $1) }
        XCTAssertEqual(imported, run { $0.delay(0.5, onQueue: $1) })
        XCTAssertEqual(imported, ["0.5 next nil", "0.5 error late", "0.5 source disposed"])
    }

    func testDelayOnDisposedBeforeItFiresNeverSubscribes() {
        func run(_ operate: (SSignal, SQueue) -> SSignal) -> [String] {
            eventsInVirtualTime(disposeAt: 1) { queue, trace in
                operate(SSignal.single(1).onStart { trace.add("subscribed") }, queue)
            }
        }
        let imported = run { $0.delay(2, on: $1) }
        XCTAssertEqual(imported, run { $0.delay(2, onQueue: $1) })
        XCTAssertEqual(imported, ["1.0 disposed by the test"])
    }

    func testTimeoutOnOrSignalGivesTheEventsOfTimeoutOnQueueOrSignal() {
        func run(firstAfter: Double, _ operate: (SSignal, SQueue, SSignal) -> SSignal) -> [String] {
            eventsInVirtualTime { queue, trace in
                let source = later("source", after: firstAfter, on: queue, name: "source", trace: trace)
                let alternate = later("alternate", after: 1, on: queue, name: "alternate", trace: trace)
                return operate(source, queue, alternate)
            }
        }
        for firstAfter in [1.0, 3.0] {
            let imported = run(firstAfter: firstAfter) { $0.timeout(2, on: $1, orSignal: $2) }
            XCTAssertEqual(imported, run(firstAfter: firstAfter) { $0.timeout(2, onQueue: $1, orSignal: $2) })
            XCTAssertEqual(
                imported.filter { !$0.contains("disposed") },
                firstAfter < 2 ? ["1.0 next source", "1.0 completed"] : ["3.0 next alternate", "3.0 completed"])
        }
    }

    // MARK: throttle(on:delay:)

    func testThrottleOnDelayGivesTheEventsOfThrottleOnDelay() {
        func run(_ operate: (SSignal, SQueue) -> SSignal) -> [String] {
            eventsInVirtualTime { queue, trace in
                let source = SSignal.mergeSignals([
                    later(1, after: 1, on: queue, name: "1", trace: trace),
                    later(2, after: 1.5, on: queue, name: "2", trace: trace),
                    later(3, after: 5, on: queue, name: "3", trace: trace),
                ])
                return operate(source, queue)
            }
        }
        let imported = run { $0.throttle(on: $1, delay: 1) }
        XCTAssertEqual(imported, run { $0.throttleOn($1, delay: 1) })
        XCTAssertEqual(imported.filter { !$0.contains("disposed") }, ["2.5 next 2", "5.0 next 3", "5.0 completed"])
    }

    // MARK: deliver(on:), start(on:)

    /// Subscribes in real time and waits (generously) for completion or error.
    private func eventsOnThreads(_ signal: SSignal, check: @escaping @Sendable () -> Bool) -> [String] {
        let trace = EventTrace()
        let ended = expectation(description: "ended")
        let handle = signal.start(
            next: { trace.add("next \(describe($0)) \(check() ? "on target" : "elsewhere")") },
            error: {
                trace.add("error \(describe($0)) \(check() ? "on target" : "elsewhere")")
                ended.fulfill()
            },
            completed: {
                trace.add("completed \(check() ? "on target" : "elsewhere")")
                ended.fulfill()
            })
        wait(for: [ended], timeout: 30)
        handle?.dispose()
        return trace.all
    }

    private func threeThenCompletion() -> SSignal {
        SSignal(generator: { subscriber in
            for value in 1...3 { subscriber.putNext(value) }
            subscriber.putCompletion()
            return nil
        })
    }

    func testDeliverOnQueueGivesTheEventsOfDeliverOn() {
        let queue = SQueue()
        let imported = eventsOnThreads(threeThenCompletion().deliver(on: queue)) { queue.isCurrentQueue() }
        let forwarded = eventsOnThreads(threeThenCompletion().deliverOn(queue)) { queue.isCurrentQueue() }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["next 1 on target", "next 2 on target", "next 3 on target", "completed on target"])
    }

    func testDeliverOnThreadPoolGivesTheEventsOfDeliverOnThreadPool() {
        let pool = SThreadPool(threadCount: 2, threadPriority: 0.5)
        let imported = eventsOnThreads(threeThenCompletion().deliver(on: pool)) { pool.isCurrentThreadInPool() }
        let forwarded = eventsOnThreads(threeThenCompletion().deliverOnThreadPool(pool)) { pool.isCurrentThreadInPool() }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["next 1 on target", "next 2 on target", "next 3 on target", "completed on target"])
    }

    func testStartOnQueueGivesTheEventsOfStartOn() {
        let queue = SQueue()
        let imported = eventsOnThreads(threeThenCompletion().start(on: queue)) { queue.isCurrentQueue() }
        let forwarded = eventsOnThreads(threeThenCompletion().startOn(queue)) { queue.isCurrentQueue() }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["next 1 on target", "next 2 on target", "next 3 on target", "completed on target"])
    }

    func testStartOnThreadPoolGivesTheEventsOfStartOnThreadPool() {
        let pool = SThreadPool(threadCount: 2, threadPriority: 0.5)
        let failing = SSignal.single("x").then(SSignal.fail("e"))
        let imported = eventsOnThreads(failing.start(on: pool)) { pool.isCurrentThreadInPool() }
        let forwarded = eventsOnThreads(failing.startOnThreadPool(pool)) { pool.isCurrentThreadInPool() }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["next x on target", "error e on target"])
    }

    func testStartOnDisposedBeforeTheQueueRunsNeverSubscribes() {
        func run(_ operate: (SSignal, SQueue) -> SSignal) -> [String] {
            let clock = VirtualClock()
            let trace = EventTrace(clock: clock)
            let signal = operate(SSignal.single(1).onStart { trace.add("subscribed") }, SQueue(clock.makeQueue()))
            record(signal, into: trace)?.dispose()
            trace.add("disposed by the test")
            clock.advance(to: 10)
            return trace.all
        }
        let imported = run { $0.start(on: $1) }
        XCTAssertEqual(imported, run { $0.startOn($1) })
        XCTAssertEqual(imported, ["0.0 disposed by the test"])
    }

    // MARK: trace(_:)

    func testTraceLeavesTheEventsUnchanged() {
        func run(_ operate: (SSignal) -> SSignal) -> [String] {
            let trace = EventTrace()
            record(operate(SSignal.single(7).then(SSignal.fail(nil)).onDispose { trace.add("source disposed") }), into: trace)
            return trace.all
        }
        let imported = run { $0.trace("traced") }
        XCTAssertEqual(imported, run { $0 })
        XCTAssertEqual(imported, ["next 7", "error nil", "source disposed"])
    }
}
