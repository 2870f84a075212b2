import Dispatch
import Observation
import SignalTestSupport
import XCTest

@testable import SignalSync

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationEngineTests: LeakCheckedTestCase {
    func testStartReadsTheCurrentValueAndEachChangeIsReadAfterItWasStored() {
        let clock = VirtualClock()
        let model = ObservedCounter(5)
        let log = EventLog()
        let engine = ObservationEngine(queue: clock.makeQueue(), read: { model.value }, deliver: { log.add("\($0)") })
        engine.start()
        clock.run()
        XCTAssertEqual(log.events, ["5"])
        model.value = 6
        XCTAssertEqual(log.events, ["5"], "the change report comes before the store: no read inline")
        XCTAssertEqual(clock.pendingCount, 1)
        clock.run()
        XCTAssertEqual(log.events, ["5", "6"])
        engine.dispose()
    }

    func testChangesBeforeTheRereadAreReadTogetherAndTheLastOneIsDelivered() {
        let clock = VirtualClock()
        let model = ObservedCounter()
        let log = EventLog()
        let engine = ObservationEngine(queue: clock.makeQueue(), read: { model.value }, deliver: { log.add("\($0)") })
        engine.start()
        clock.run()
        model.value = 1
        model.value = 2
        model.value = 3
        XCTAssertEqual(clock.pendingCount, 1, "one re-read for the burst")
        clock.run()
        XCTAssertEqual(log.events, ["0", "3"])
    }

    func testStartOnTheCurrentQueueDeliversInline() {
        let clock = VirtualClock()
        let queue = clock.makeQueue()
        let model = ObservedCounter(1)
        let log = EventLog()
        let engine = ObservationEngine(queue: queue, read: { model.value }, deliver: { log.add("\($0)") })
        queue.sync {
            engine.start()
            XCTAssertEqual(log.events, ["1"])
        }
        engine.dispose()
    }

    func testDisposeStopsTheRereadsAndReleasesTheModelAndTheEngine() {
        let clock = VirtualClock()
        let log = EventLog()
        weak var weakModel: ObservedCounter?
        weak var weakEngine: ObservationEngine<Int>?
        var model: ObservedCounter? = ObservedCounter()
        do {
            let strongModel = model!
            weakModel = strongModel
            let engine = ObservationEngine(queue: clock.makeQueue(), read: { strongModel.value }, deliver: { log.add("\($0)") })
            weakEngine = engine
            engine.start()
            clock.run()
            strongModel.value = 1
            engine.dispose()
        }
        clock.run()
        XCTAssertEqual(log.events, ["0"], "the re-read scheduled before disposal delivers nothing")
        XCTAssertNil(weakEngine, "the tracking left in the model holds the engine weakly")
        model?.value = 2
        model = nil
        XCTAssertNil(weakModel, "disposal released the reading closure")
    }

    func testChangesFromSeveralThreadsEndWithTheFinalValueAndNeverGoBack() {
        let queue = ExecutionQueue(label: "observation")
        let model = ObservedCounter()
        let received = LockedState<[Int]>([])
        let engine = ObservationEngine(queue: queue, read: { model.value }, deliver: { value in received.withLock { $0.append(value) } })
        engine.start()
        let threads = 4
        let perThread = 500 * Stress.scale
        Stress.run("observation writers", threads: threads) { _ in
            for _ in 0..<perThread { model.increment() }
        }
        let total = threads * perThread
        XCTAssertTrue(Stress.wait { received.withLock { $0.last } == total }, "the final value \(total) was delivered")
        queue.sync {}
        let values = received.withLock { $0 }
        XCTAssertEqual(values.last, total)
        XCTAssertEqual(values, values.sorted(), "reads never overlap, so values never go back")
        engine.dispose()
    }

    func testDisposalWhileChangesAreInFlightDeliversNothingAfterItAndReleasesEverything() {
        for _ in 0..<(20 * Stress.scale) {
            let queue = ExecutionQueue(label: "observation")
            let model = ObservedCounter()
            let disposed = LockedState(false)
            let late = LockedState(0)
            weak var weakEngine: ObservationEngine<Int>?
            do {
                let engine = ObservationEngine(
                    queue: queue, read: { model.value },
                    deliver: { _ in
                        if disposed.withLock({ $0 }) { late.withLock { $0 += 1 } }
                    })
                weakEngine = engine
                engine.start()
                Stress.run("observation dispose race", threads: 3) { index in
                    if index == 0 {
                        queue.sync {
                            engine.dispose()
                            disposed.withLock { $0 = true }
                        }
                    } else {
                        for _ in 0..<50 { model.increment() }
                    }
                }
            }
            queue.sync {}
            XCTAssertEqual(late.withLock { $0 }, 0, "no delivery after disposal (on the queue)")
            model.value = -1
            XCTAssertTrue(Stress.wait { weakEngine == nil }, "nothing holds the engine once disposed")
        }
    }
}
