import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

/// The storage of `combineLatest`: slots, output, disposal after unlocking.
final class CombineLatestEngineTests: LeakCheckedTestCase {
    /// A source's handle that logs `dispose <name>`.
    private func handle(_ name: String, _ log: @escaping (String) -> Void) -> CountingDisposable {
        CountingDisposable(name, onDispose: { log("dispose \(name)") })
    }

    func testStoresValuesAndEmitsTheCombinedOutputOnceEverySlotHasOne() {
        let a = CombineLatestSlot<Int>.empty()
        let b = CombineLatestSlot<String>.empty()
        let engine = CombineLatestEngine<String>(count: 2, seeded: 0, completedSourceDisposal: .atTeardown) { $0.initialize(to: "\(a.value)\(b.value)") }
        var emitted: [String] = []
        engine.receive(1, into: a, at: 0) { emitted.append($0) }
        engine.receive("x", into: b, at: 1) { emitted.append($0) }
        engine.receive(2, into: a, at: 0) { emitted.append($0) }
        XCTAssertEqual(emitted, ["1x", "2x"])
    }

    func testAFinishedSourceIsDisposedAfterTheCompletionWentDownstream() {
        var log: [String] = []
        let engine = CombineLatestEngine<Int>(count: 2, seeded: 0, completedSourceDisposal: .atCompletion) { $0.initialize(to: 0) }
        engine.attach(handle("a", { log.append($0) }), at: 0)
        engine.attach(handle("b", { log.append($0) }), at: 1)
        engine.sourceCompleted(at: 0) { log.append("completed") }
        engine.sourceCompleted(at: 1) {
            log.append("completed")
            engine.dispose()  // the teardown that the completion causes downstream
        }
        XCTAssertEqual(log, ["dispose a", "completed", "dispose b"])
    }

    func testDisposalDisposesInIndexOrderOnce() {
        var log: [String] = []
        let engine = CombineLatestEngine<Int>(count: 3, seeded: 3, completedSourceDisposal: .atTeardown) { $0.initialize(to: 0) }
        engine.attach(handle("b", { log.append($0) }), at: 1)
        engine.attach(handle("a", { log.append($0) }), at: 0)
        engine.dispose()
        engine.dispose()
        XCTAssertEqual(log, ["dispose a", "dispose b"])
        XCTAssertTrue(engine.isDisposed)
        engine.attach(handle("late", { log.append($0) }), at: 2)
        XCTAssertEqual(log.last, "dispose late")
    }

    func testConcurrentValuesFillEachSlotOnceAndCompletionComesOnce() {
        // Shared only through the engine, which reaches them under its lock.
        let slots = UncheckedSendable((0..<4).map { _ in CombineLatestSlot<Int>.empty() })
        let engine = CombineLatestEngine<Int>(count: 4, seeded: 0, completedSourceDisposal: .atCompletion) { output in
            output.initialize(to: slots.value.reduce(0) { $0 + $1.value })
        }
        let emitted = TestAtomic<Int>(0)
        let completions = TestAtomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<1000 {
                engine.receive(value, into: slots.value[index], at: index) { _ in emitted.add(1, ordering: .relaxed) }
            }
            engine.sourceCompleted(at: index) { completions.add(1, ordering: .relaxed) }
        }
        XCTAssertGreaterThanOrEqual(emitted.load(ordering: .relaxed), 1000, "the last slot filled emits, and so does every later value")
        XCTAssertEqual(completions.load(ordering: .relaxed), 1)
    }
}
