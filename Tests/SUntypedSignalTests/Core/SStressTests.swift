import Foundation
import SUntypedSignal
import SignalTestSupport
import XCTest

/// The untyped API under `StressDriver` (the typed API runs the same tests in
/// `StressTests`), and its variable.
final class SStressTests: LeakCheckedTestCase {
    func testPipe() { StressDriver.pipe(UntypedAPI.self, [(false), (true)].map { replay in ("SPipe(replay: \(replay))", { SPipe(replay: replay) }) }) }

    func testVariable() {
        let variable = SVariable()
        variable.set(SSignal.single(0))
        StressDriver.settableValue(
            UntypedAPI.self, "SVariable", set: { variable.set(SSignal.single($0)) }, signal: { variable.signal() }, neverTerminates: false,
            quietCheck: 0..<100)
    }

    func testMulticast() { StressDriver.multicast(UntypedAPI.self, "SMulticastSignalManager") }

    func testCombineLatest() { StressDriver.combineLatest(UntypedAPI.self, "combineSignals") }

    func testMapToSignal() { StressDriver.mapping(UntypedAPI.self, .mapToSignal) }

    func testMapToQueue() { StressDriver.mapping(UntypedAPI.self, .mapToQueue) }

    func testMapToThrottled() { StressDriver.mapping(UntypedAPI.self, .mapToThrottled) }

    func testSerialProducersKeepTheStrictGrammar() { StressDriver.serialProducersKeepTheStrictGrammar(UntypedAPI.self, combineName: "combineSignals") }

    func testThreadPool() { StressDriver.threadPool(UntypedAPI.self, "SThreadPool") }

    func testTimers() { StressDriver.timers(UntypedAPI.self, "STimer") }
}

/// The untyped API's stateful types as `StressDriver` sees them.
extension UntypedAPI: StressAdapter {
    static func makeMulticast() -> SMulticastSignalManager { SMulticastSignalManager() }

    static func multicasted(_ multicast: SMulticastSignalManager, key: String, _ source: SSignal) -> SSignal? {
        multicast.multicastedSignal(forKey: key, producer: { source })
    }

    /// The sum of the latest values (each an `Int`).
    static func combineLatest(_ left: SSignal, _ right: SSignal) -> SSignal {
        SSignal.combineSignals([left, right]).map { values in
            (values as? [Any?] ?? []).reduce(0) { $0 + ($1 as? Int ?? 0) }
        }
    }

    static func map(_ signal: SSignal, by mapping: StressMapping, _ inner: @escaping @Sendable (Int) -> SSignal) -> SSignal {
        let makeInner: @Sendable (Any?) -> SSignal = { inner($0 as? Int ?? 0) }
        switch mapping {
        case .mapToSignal: return signal.mapToSignal(makeInner)
        case .mapToQueue: return signal.mapToQueue(makeInner)
        case .mapToThrottled: return signal.mapToThrottled(makeInner)
        }
    }

    static func makeThreadPool() -> SThreadPool { SThreadPool(threadCount: 2, threadPriority: 0.5) }

    static func addTask(_ body: @escaping @Sendable () -> Void, to pool: SThreadPool) -> () -> Void {
        let task = SThreadPoolTask { _ in body() }
        pool.addTask(task)
        return task.cancel
    }

    static func makeTimerQueue() -> SQueue { SQueue() }

    static func makeTimer(timeout: Double, repeats: Bool, queue: SQueue, completion: @escaping @Sendable () -> Void) -> STimer {
        STimer(timeout: timeout, repeat: repeats, completion: completion, queue: queue)
    }

    static func start(_ timer: STimer) { timer.start() }

    static func invalidate(_ timer: STimer) { timer.invalidate() }
}
