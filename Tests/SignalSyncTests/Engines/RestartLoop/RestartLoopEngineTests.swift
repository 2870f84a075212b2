import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// The restart loop engine alone, driven by a scripted face: each iteration either ends
/// during its subscribe call (synchronously), or stays live until the test ends it.
final class RestartLoopEngineTests: LeakCheckedTestCase {
    /// A downstream subscription the test ends by hand.
    final class Downstream: SubscriptionProbe, @unchecked Sendable {
        let ended = SignalSync.Atomic(value: false)
        var hasEnded: Bool { ended.with { $0 } }
    }

    /// A face: iteration n (from 1) ends synchronously when `synchronous(n)`, else stays
    /// live; `endLive()` ends the live one (asynchronously, from the test).
    final class Face: @unchecked Sendable {
        let engine = RestartLoopEngine()
        let downstream = Downstream()
        let log = EventLog()
        let synchronous: (Int) -> Bool
        let limit: Int
        private let live = LockedState(false)
        /// Iteration n's handle at n - 1: counts its disposals and logs `dispose n`.
        private(set) var handles: [CountingDisposable] = []

        init(limit: Int = .max, synchronous: @escaping (Int) -> Bool) {
            self.limit = limit
            self.synchronous = synchronous
        }

        func start() {
            engine.run(downstream: downstream, fromGenerator: true, subscribe: subscribe)
        }

        func subscribe() -> UpstreamDisposable? {
            let number = handles.count + 1
            guard number <= limit else {
                log.add("exhausted")
                return nil
            }
            log.add("subscribe \(number)")
            let handle = CountingDisposable("iteration \(number)", onDispose: { [log] in log.add("dispose \(number)") })
            handles.append(handle)
            if synchronous(number) {
                engine.iterationEnded(downstream: downstream, subscribe: subscribe)
            } else {
                live.withLock { $0 = true }
            }
            return handle
        }

        /// Ends the live iteration, if any.
        func endLive() {
            let wasLive = live.withLock { isLive in
                defer { isLive = false }
                return isLive
            }
            if wasLive {
                engine.iterationEnded(downstream: downstream, subscribe: subscribe)
            }
        }
    }

    func testSynchronousIterationsRunInALoopAndTheLiveOneSurvives() {
        let face = Face { $0 < 3 }
        face.start()
        XCTAssertEqual(face.log.events, ["subscribe 1", "subscribe 2", "subscribe 3"])
        XCTAssertEqual(face.handles.map { $0.count }, [0, 0, 0], "ended ones were torn down by their subscription")
        face.engine.dispose()
        face.engine.dispose()
        XCTAssertEqual(face.handles.map { $0.count }, [0, 0, 1])
    }

    func testAsynchronousEndingSubscribesTheNextBeforeDisposingTheEndedOne() {
        let face = Face { $0 == 2 }
        face.start()
        face.endLive()
        XCTAssertEqual(face.log.events, ["subscribe 1", "subscribe 2", "dispose 1", "subscribe 3"])
        face.endLive()
        XCTAssertEqual(face.log.events.suffix(2), ["subscribe 4", "dispose 3"])
        face.engine.dispose()
        XCTAssertEqual(face.log.events.last, "dispose 4")
    }

    func testHundredThousandSynchronousIterationsRunInConstantStack() {
        let count = 100_000
        let face = Face { $0 < count }
        face.start()
        XCTAssertEqual(face.handles.count, count)
        XCTAssertEqual(face.handles.last?.count, 0)
        face.engine.dispose()
    }

    func testAnEndedDownstreamStopsTheLoop() {
        let face = Face { _ in true }
        face.engine.run(downstream: face.downstream, fromGenerator: true) {
            if face.handles.count == 2 { face.downstream.ended.swap(true) }
            return face.subscribe()
        }
        XCTAssertEqual(face.log.events, ["subscribe 1", "subscribe 2", "subscribe 3"])
        face.engine.dispose()
    }

    func testAnEndedEnclosingSubscriptionStopsTheLoopInsideTheGenerator() {
        let enclosing = Downstream()
        let face = Face { $0 <= 2 }
        GenerationScope.run(enclosing) {
            face.engine.run(downstream: face.downstream, fromGenerator: true) {
                if face.handles.count == 1 { enclosing.ended.swap(true) }
                return face.subscribe()
            }
        }
        XCTAssertEqual(face.log.events, ["subscribe 1", "subscribe 2"], "the loop inside the generator stopped")
        face.engine.dispose()
    }

    func testExhaustionEndsTheLoop() {
        let face = Face(limit: 2) { $0 == 1 }
        face.start()
        face.endLive()
        XCTAssertEqual(face.log.events, ["subscribe 1", "subscribe 2", "exhausted"])
        face.engine.dispose()
        XCTAssertEqual(face.log.events.last, "dispose 2", "the kept handle is disposed with the loop")
    }

    func testDisposalDuringASubscribeCallDisposesTheNewIterationAndStops() {
        let face = Face { _ in false }
        face.engine.run(downstream: face.downstream, fromGenerator: true) {
            let handle = face.subscribe()
            face.engine.dispose()
            return handle
        }
        XCTAssertEqual(face.log.events, ["subscribe 1", "dispose 1"])
        face.endLive()
        XCTAssertEqual(face.log.events, ["subscribe 1", "dispose 1"], "no restart after disposal")
    }

    func testConcurrentAsynchronousEndingsAndDisposal() {
        for _ in 0..<200 {
            let face = Face { $0 % 3 == 0 }
            face.start()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for _ in 0..<20 { face.endLive() }
            }
            DispatchQueue.global().async(group: group) {
                face.engine.dispose()
            }
            group.wait()
            face.endLive()
            let numbered = zip(1..., face.handles)
            let asynchronous = numbered.filter { !face.synchronous($0.0) }.map(\.1)
            XCTAssertEqual(asynchronous.map { $0.count }, asynchronous.map { _ in 1 }, "each disposed once")
            // A synchronous one is disposed (again) only when the disposal came during its
            // subscribe call.
            XCTAssertLessThanOrEqual(numbered.filter { face.synchronous($0.0) }.map { $0.1.count }.reduce(0, +), 1)
        }
    }
}
