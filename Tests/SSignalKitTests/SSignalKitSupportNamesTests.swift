import Dispatch
import Foundation
import SSignalKit
import SignalTestSupport
import XCTest

/// The spellings Swift gives SSignalKit's support types (queues, disposables, subscriber,
/// atomic, bag, timer, thread pool) do what the SUntypedSignal spellings they forward to do.
final class SSignalKitSupportNamesTests: LeakCheckedTestCase {
    // MARK: SQueue

    func testQueueClassMethodsAreTheSingletons() {
        XCTAssertTrue(SQueue.main() === SQueue.mainQueue())
        XCTAssertTrue(SQueue.main() === SQueue.main, "the property stays beside the imported method")
        XCTAssertTrue(SQueue.concurrentDefault() === SQueue.concurrentDefaultQueue())
        XCTAssertTrue(SQueue.concurrentBackground() === SQueue.concurrentBackgroundQueue())
        XCTAssertFalse(SQueue.concurrentDefault().isCurrentQueue())
        let queue = SQueue()
        XCTAssertTrue(queue._dispatch_queue() === queue.nativeQueue)
    }

    func testMainQueueMethodDeliversLikeTheProperty() {
        // `deliver(on: .main())` and `deliverOn(.main)` type-check side by side.
        let imported = SSignal.single(1).deliver(on: .main())
        let forwarded = SSignal.single(1).deliverOn(.main)
        XCTAssertNotNil(imported)
        XCTAssertNotNil(forwarded)
    }

    // MARK: SBlockDisposable, SSubscriber

    func testBlockDisposableBlockLabelRunsItsBlockOnceLikeTheUnlabelledInit() {
        func run(_ make: (@escaping () -> Void) -> SBlockDisposable) -> [String] {
            let trace = EventTrace()
            let disposable = make { trace.add("ran") }
            disposable.dispose()
            disposable.dispose()
            return trace.all
        }
        XCTAssertEqual(run { SBlockDisposable(block: $0) }, ["ran"])
        XCTAssertEqual(run { SBlockDisposable(block: $0) }, run { SBlockDisposable($0) })
        SBlockDisposable(block: nil).dispose()
        let trailing = SBlockDisposable {}
        trailing.dispose()
    }

    func testAssignDisposesAfterTerminationLikeAssignDisposable() {
        func run(_ assign: (SSubscriber, SDisposable) -> Void) -> [String] {
            let trace = EventTrace()
            let subscriber = SSubscriber(next: { trace.next($0) }, error: { trace.error($0) }, completed: { trace.completed() })
            assign(subscriber, SBlockDisposable(block: { trace.add("first disposed") }))
            subscriber.putNext(1)
            subscriber.putCompletion()
            assign(subscriber, SBlockDisposable(block: { trace.add("late disposed") }))
            return trace.all
        }
        let imported = run { $0._assign($1) }
        XCTAssertEqual(imported, run { $0.assignDisposable($1) })
        XCTAssertEqual(imported, ["next 1", "completed", "first disposed", "late disposed"])
    }

    func testMarkTerminatedWithoutDisposalSilencesLikeMarkTerminatedWithoutDisposal() {
        func run(_ mark: (SSubscriber) -> Void) -> [String] {
            let trace = EventTrace()
            let subscriber = SSubscriber(next: { trace.next($0) }, error: { trace.error($0) }, completed: { trace.completed() })
            subscriber._assign(SBlockDisposable(block: { trace.add("disposed") }))
            subscriber.putNext(1)
            mark(subscriber)
            subscriber.putNext(2)
            subscriber.putCompletion()
            return trace.all
        }
        let imported = run { $0._markTerminatedWithoutDisposal() }
        XCTAssertEqual(imported, run { $0.markTerminatedWithoutDisposal() })
        XCTAssertEqual(imported, ["next 1"])
    }

    // MARK: SAtomic, SBag

    func testAtomicValueMethodReadsTheProperty() {
        let atomic = SAtomic(value: 1)
        XCTAssertEqual(atomic.value() as? Int, 1)
        atomic.modify { ($0 as! Int) + 1 }
        XCTAssertEqual(atomic.value() as? Int, atomic.value as? Int)
        XCTAssertEqual(atomic.value() as? Int, 2)
        XCTAssertNil(SAtomic(value: nil).value())
    }

    func testBagIsEmptyMethodReadsTheProperty() {
        let bag = SBag()
        XCTAssertTrue(bag.isEmpty())
        let key = bag.addItem("item")
        XCTAssertFalse(bag.isEmpty())
        XCTAssertEqual(bag.isEmpty(), bag.isEmpty)
        bag.removeItem(key)
        XCTAssertTrue(bag.isEmpty())
    }

    // MARK: STimer

    func testTimerCompletionReceivesTheTimerAndFiresWhenThePlainOneDoes() {
        func run(_ make: (SQueue, EventTrace) -> STimer) -> ([String], STimer) {
            let clock = VirtualClock()
            let trace = EventTrace(clock: clock)
            let timer = make(SQueue(clock.makeQueue()), trace)
            timer.start()
            clock.advance(to: 10)
            return (trace.all, timer)
        }
        nonisolated(unsafe) var received: [STimer] = []
        let (imported, timer) = run { queue, trace in
            STimer(
                timeout: 2, repeat: true,
                completion: { timer in
                    received.append(timer)
                    trace.add("fired")
                    if received.count == 3 { timer.invalidate() }
                }, queue: queue)
        }
        nonisolated(unsafe) var plainFires = 0
        let (forwarded, _) = run { queue, trace in
            nonisolated(unsafe) var plain: STimer?
            plain = STimer(
                timeout: 2, repeat: true,
                completion: {
                    plainFires += 1
                    trace.add("fired")
                    if plainFires == 3 { plain?.invalidate() }
                }, queue: queue)
            return plain!
        }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["2.0 fired", "4.0 fired", "6.0 fired"])
        XCTAssertEqual(received.count, 3)
        XCTAssertTrue(received.allSatisfy { $0 === timer })
    }

    func testTimerFireAndInvalidatePassesTheTimer() {
        let clock = VirtualClock()
        nonisolated(unsafe) var received: STimer?
        let timer = STimer(timeout: 1, repeat: false, completion: { received = $0 }, queue: SQueue(clock.makeQueue()))
        timer.start()
        timer.fireAndInvalidate()
        XCTAssertTrue(received === timer)
        received = nil
        clock.advance(to: 5)
        XCTAssertNil(received, "invalidated: it does not fire again")
    }

    func testTimerOnANativeQueuePassesTheTimer() {
        let fired = expectation(description: "fired")
        let native = DispatchQueue(label: "SSignalKitTests.timer")
        nonisolated(unsafe) var received: STimer?
        let timer = STimer(
            timeout: 0.01, repeat: false,
            completion: {
                received = $0
                fired.fulfill()
            }, nativeQueue: native)
        timer.start()
        wait(for: [fired], timeout: 30)
        XCTAssertTrue(native.sync { received } === timer)
    }

    // MARK: SThreadPool, SThreadPoolQueue, SThreadPoolTask

    func testThreadPoolTaskBlockLabelRunsLikeTheUnlabelledInit() {
        let done = expectation(description: "ran")
        done.expectedFulfillmentCount = 2
        let pool = SThreadPool(threadCount: 2, threadPriority: 0.5)
        pool.add(SThreadPoolTask(block: { isCancelled in if !isCancelled() { done.fulfill() } }))
        pool.addTask(SThreadPoolTask { isCancelled in if !isCancelled() { done.fulfill() } })
        wait(for: [done], timeout: 30)
        let cancelled = SThreadPoolTask(block: { _ in XCTFail("a cancelled task does not run") })
        cancelled.cancel()
        cancelled.execute()
    }

    func testQueueAddRunsTasksInOrderLikeAddTask() {
        func run(_ add: (SThreadPoolQueue, SThreadPoolTask) -> Void) -> [String] {
            let pool = SThreadPool(threadCount: 2, threadPriority: 0.5)
            let lane = pool.nextQueue()
            let trace = EventTrace()
            let done = expectation(description: "ran")
            for index in 1...5 {
                add(
                    lane,
                    SThreadPoolTask(block: { _ in
                        trace.add("task \(index)")
                        if index == 5 { done.fulfill() }
                    }))
            }
            wait(for: [done], timeout: 30)
            return trace.all
        }
        let imported = run { $0.add($1) }
        XCTAssertEqual(imported, run { $0.addTask($1) })
        XCTAssertEqual(imported, (1...5).map { "task \($0)" })
    }

    func testWaitingTasksArePoppedAndCountedLikePopFirstTaskAndHasTasks() {
        let pool = SThreadPool(threadCount: 1, threadPriority: 0.5)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        pool.add(
            SThreadPoolTask(block: { _ in
                started.signal()
                release.wait()
            }))
        started.wait()  // the pool's one thread is now busy: tasks added below wait
        let lane = SThreadPoolQueue(threadPool: pool)
        XCTAssertFalse(lane._hasTasks())
        XCTAssertEqual(lane._hasTasks(), lane.hasTasks)
        XCTAssertNil(lane._popFirstTask())
        let first = SThreadPoolTask(block: { _ in })
        let second = SThreadPoolTask(block: { _ in })
        lane.add(first)
        lane.add(second)
        XCTAssertTrue(lane._hasTasks())
        XCTAssertEqual(lane._hasTasks(), lane.hasTasks)
        XCTAssertTrue(lane._popFirstTask() === first)
        XCTAssertTrue(lane.popFirstTask() === second)
        XCTAssertFalse(lane._hasTasks())
        release.signal()
    }

    func testWorkOnBlockRunsTheBlockLikeWorkOnQueue() {
        let pool = SThreadPool(threadCount: 1, threadPriority: 0.5)
        let lane = pool.nextQueue()
        var imported: [String] = []
        pool._work(on: lane, block: { imported.append("block ran") })
        var forwarded: [String] = []
        pool.workOnQueue(lane) { forwarded.append("block ran") }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["block ran"])
    }
}
