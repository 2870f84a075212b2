import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// Names every type and operator of SwiftSignalKit's operator table (`Coverage.typed` in
/// the parity suite; the comments give its row numbers), so that a missing or mistyped
/// one fails to compile. Each line is also run once.
final class SurfaceTests: LeakCheckedTestCase {
    typealias S = Signal<Int, TestError>

    func testEveryOperatorOfTheTableExists() {
        let clock = VirtualClock()
        let queue = Queue(virtualClock: clock)
        let pool = ThreadPoolTests.pool
        let s = S.single(1)
        let n = Signal<Int, NoError>.single(1)

        // 1-10: Signal and its members.
        _ = 1 |> { $0 + 1 }
        _ = S { _ in EmptyDisposable }
        s.start(next: { _ in }, error: { _ in }, completed: {}).dispose()
        s.startStandalone().dispose()
        s.startStrict(file: #file, line: #line).dispose()
        _ = [S.single(1), S.complete(), S.fail(TestError(0)), S.never()]
        let _: () async -> Int = { await n.get() }
        let _: () async throws -> Int = { try await s.firstValue() }
        // 11-14: free constructors.
        _ = [single(1, TestError.self), fail(Int.self, TestError(0)), complete(Int.self, TestError.self), never(Int.self, TestError.self)]
        // 15-21: mapping.
        _ = s |> map { $0 + 1 }
        _ = s |> filter { $0 > 0 }
        _ = Signal<Int?, TestError>.single(1) |> flatMap { $0 + 1 }
        _ = s |> mapError { _ in "e" }
        _ = n |> castError(TestError.self)
        _ = s |> distinctUntilChanged
        _ = s |> distinctUntilChanged(isEqual: { $0 == $1 })
        // 22-28: catch.
        _ = s |> `catch` { _ in S.single(2) }
        _ = s |> restart
        _ = s |> recurse(nil)
        _ = s |> retry(1, maxDelay: 4, onQueue: queue)
        _ = s |> retry(retryOnError: { _ in true }, delayIncrement: 1, maxDelay: 4, maxRetries: 3, onQueue: queue)
        _ = s |> restartIfError
        _ = s |> restartOrMapError(condition: { (_: TestError) -> RestartOrMapErrorCondition<String> in .restart })
        // 29-31: combine.
        _ = combineLatest(s, s)
        _ = combineLatest(queue: queue, s, s, s)
        _ = combineLatest(s, 0, s, 0)
        _ = combineLatest([s, s])
        _ = combineLatest(s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s)
        // 32-36: dispatch.
        _ = s |> deliverOn(queue)
        _ = s |> deliverOnMainQueue
        _ = s |> deliverOn(pool)
        _ = s |> runOn(queue)
        _ = s |> runOn(pool)
        // 37-47: meta.
        let outer = Signal<S, TestError>.single(s)
        _ = outer |> switchToLatest
        _ = outer |> STypedSignal.queue
        _ = outer |> throttled
        _ = s |> mapToSignal { _ in s }
        _ = n |> mapToSignalPromotingError { _ in s }
        _ = s |> mapToQueue { _ in s }
        _ = s |> mapToThrottled { _ in s }
        _ = s |> ignoreValues
        _ = s |> then(s)
        _ = deferred { s }
        _ = s |> debug_measureTimeToFirstEvent(label: "surface")
        // 48-50: reduce.
        _ = s |> reduceLeft(value: 0) { $0 + $1 }
        _ = s
            |> reduceLeft(value: 0) { acc, next, emit in
                emit(acc)
                return acc + next
            }
        _ = s |> reduceLeft(0) { acc, next in Signal<(Int, Passthrough<Int>), TestError>.single((acc + next, .None)) }
        // 51-52: materialize.
        _ = s |> dematerialize |> materialize
        // 53-59: side effects.
        _ = s |> beforeNext { _ in } |> afterNext { _ in } |> beforeStarted {} |> beforeCompleted {}
        _ = s |> afterCompleted {} |> afterDisposed {}
        _ = withState(s, { 0 })
        // 60-63: take.
        _ = s |> take(1)
        _ = s |> take(until: { _ in SignalTakeAction(passthrough: true, complete: false) })
        _ = s |> takeLast
        _ = s |> last
        // 64-66: timing.
        _ = s |> delay(1, queue: queue)
        _ = s |> suspendAwareDelay(1, granularity: 4, queue: queue)
        _ = s |> timeout(1, queue: queue, alternate: s)
        // 67: loop.
        let _: Signal<Int, TestError> = feedbackLoop(once: { (_: SignalFeedbackLoopState<Int>) -> Signal<Int, TestError>? in nil }, reduce: { $0 + $1 })
    }

    func testEveryTypeOfTheCatalogueExists() {
        let types: [Any.Type] = [
            NoValue.self, NoError.self, Signal<Int, NoError>.self, Subscriber<Int, NoError>.self,
            Disposable.self, StrictDisposable.self, ActionDisposable.self, MetaDisposable.self,
            DisposableSet.self, DisposableDict<Int>.self, Promise<Int>.self, ValuePromise<Int>.self,
            ValuePipe<Int>.self, Queue.self, QueueLocalObject<Tracked>.self, AtomicLockError.self,
            Atomic<Int>.self, Weak<Tracked>.self, Bag<Int>.self, SparseBag<Int>.self, CounterBag.self,
            Lock.self, Multicast<Int>.self, MulticastPromise<Int>.self, STypedSignal.Timer.self,
            ThreadPoolTaskState.self, ThreadPoolTask.self, ThreadPoolQueue.self, ThreadPool.self,
            SignalEvent<Int, NoError>.self, Passthrough<Int>.self, SignalTakeAction.self,
            SignalFeedbackLoopState<Int>.self, RestartOrMapErrorCondition<Int>.self,
        ]
        XCTAssertEqual(types.count, 34)
        XCTAssertTrue(EmptyDisposable === EmptyDisposable)
        XCTAssertEqual(identity(a: 3), 3)
        EmptyDisposable.strict().dispose()
    }
}
