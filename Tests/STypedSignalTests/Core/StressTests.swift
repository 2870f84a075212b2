import Foundation
import STypedSignal
import SignalTestSupport
import XCTest

/// The typed API under `StressDriver` (the untyped API runs the same tests in
/// `SStressTests`), and its promises.
final class StressTests: LeakCheckedTestCase {
    func testPipe() { StressDriver.pipe(TypedAPI.self, [("ValuePipe", { ValuePipe<Int>() })]) }

    func testPromise() {
        let promise = Promise<Int>(0)
        StressDriver.settableValue(
            TypedAPI.self, "Promise", set: { promise.set(.single($0)) }, signal: { promise.get() }, neverTerminates: true, quietCheck: 0..<100)
    }

    func testValuePromise() {
        let promise = ValuePromise<Int>(0)
        StressDriver.settableValue(
            TypedAPI.self, "ValuePromise", set: { promise.set($0) }, signal: { promise.get() }, neverTerminates: false, quietCheck: 1_000..<1_100)
    }

    func testMulticast() { StressDriver.multicast(TypedAPI.self, "Multicast") }

    func testCombineLatest() { StressDriver.combineLatest(TypedAPI.self, "combineLatest") }

    func testMapToSignal() { StressDriver.mapping(TypedAPI.self, .mapToSignal) }

    func testMapToQueue() { StressDriver.mapping(TypedAPI.self, .mapToQueue) }

    func testMapToThrottled() { StressDriver.mapping(TypedAPI.self, .mapToThrottled) }

    func testSerialProducersKeepTheStrictGrammar() { StressDriver.serialProducersKeepTheStrictGrammar(TypedAPI.self, combineName: "combineLatest") }

    func testThreadPool() { StressDriver.threadPool(TypedAPI.self, "ThreadPool") }

    func testTimers() { StressDriver.timers(TypedAPI.self, "Timer") }
}

/// The typed API's stateful types as `StressDriver` sees them.
extension TypedAPI: StressAdapter {
    typealias Multicast = STypedSignal.Multicast<Int>
    typealias Pool = ThreadPool
    typealias TimerQueue = Queue
    typealias Timer = STypedSignal.Timer

    static func makeMulticast() -> Multicast { Multicast() }

    static func multicasted(_ multicast: Multicast, key: String, _ source: Signal) -> Signal? {
        multicast.get(key: key, signal: source)
    }

    static func combineLatest(_ left: Signal, _ right: Signal) -> Signal {
        STypedSignal.combineLatest(left, right) |> STypedSignal.map { $0.0 + $0.1 }
    }

    static func map(_ signal: Signal, by mapping: StressMapping, _ inner: @escaping @Sendable (Int) -> Signal) -> Signal {
        switch mapping {
        case .mapToSignal: signal |> mapToSignal(inner)
        case .mapToQueue: signal |> mapToQueue(inner)
        case .mapToThrottled: signal |> mapToThrottled(inner)
        }
    }

    static func makeThreadPool() -> Pool { ThreadPool(threadCount: 2, threadPriority: 0.5) }

    static func addTask(_ body: @escaping @Sendable () -> Void, to pool: Pool) -> () -> Void {
        let task = ThreadPoolTask { _ in body() }
        pool.addTask(task)
        return task.cancel
    }

    static func makeTimerQueue() -> Queue { Queue(name: "stress.timers") }

    static func makeTimer(timeout: Double, repeats: Bool, queue: Queue, completion: @escaping @Sendable () -> Void) -> Timer {
        Timer(timeout: timeout, repeat: repeats, completion: completion, queue: queue)
    }

    static func start(_ timer: Timer) { timer.start() }

    static func invalidate(_ timer: Timer) { timer.invalidate() }
}
