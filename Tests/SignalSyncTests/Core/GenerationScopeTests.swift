import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

final class GenerationScopeTests: LeakCheckedTestCase {
    /// A probe whose end the test controls; counts how often it was asked.
    final class Probe: SubscriptionProbe, @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        private var asked = 0

        var hasEnded: Bool {
            lock.lock()
            defer { lock.unlock() }
            asked += 1
            return ended
        }

        func end() {
            lock.lock()
            ended = true
            lock.unlock()
        }

        var askCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return asked
        }
    }

    func testEmptyScopeHasNotEnded() {
        XCTAssertEqual(GenerationScope.depth, 0)
        XCTAssertFalse(GenerationScope.enclosingHasEnded)
    }

    func testRunReturnsTheBodysValueAndPops() {
        let probe = Probe()
        let value = GenerationScope.run(probe) { () -> Int in
            XCTAssertEqual(GenerationScope.depth, 1)
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(GenerationScope.depth, 0)
    }

    func testATerminalDeliveryHidesItsSubscriptionAndTheEntriesAboveItButNotThoseInsideOrBelow() {
        let below = Probe()
        let ending = Probe()
        let upstream = Probe()
        GenerationScope.run(below) {
            GenerationScope.run(ending) {
                GenerationScope.run(upstream) {
                    upstream.end()
                    ending.end()
                    XCTAssertTrue(GenerationScope.enclosingHasEnded)
                    GenerationScope.deliveringTerminalEvent(of: ending) {
                        XCTAssertFalse(GenerationScope.enclosingHasEnded, "the ended subscription and its upstream are hidden")
                        let inside = Probe()
                        GenerationScope.run(inside) {
                            XCTAssertFalse(GenerationScope.enclosingHasEnded)
                            inside.end()
                            XCTAssertTrue(GenerationScope.enclosingHasEnded, "an entry pushed inside the delivery counts")
                        }
                        below.end()
                        XCTAssertTrue(GenerationScope.enclosingHasEnded, "an entry below the ended subscription counts")
                    }
                }
            }
        }
        XCTAssertEqual(GenerationScope.depth, 0)
    }

    func testADeliveryOfASubscriptionWhoseGeneratorIsNotOnTheStackHidesEveryEntryBeforeIt() {
        let upstream = Probe()
        let notOnTheStack = Probe()
        GenerationScope.run(upstream) {
            upstream.end()
            GenerationScope.deliveringTerminalEvent(of: notOnTheStack) {
                XCTAssertFalse(GenerationScope.enclosingHasEnded, "what is on the stack is its upstream's")
                let inside = Probe()
                GenerationScope.run(inside) {
                    inside.end()
                    XCTAssertTrue(GenerationScope.enclosingHasEnded)
                }
            }
            XCTAssertTrue(GenerationScope.enclosingHasEnded, "seen again once the delivery is over")
        }
    }

    func testAnEnclosingProbeThatEndsDuringTheBodyIsSeen() {
        let outer = Probe()
        let inner = Probe()
        GenerationScope.run(outer) {
            GenerationScope.run(inner) {
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
                outer.end()
                XCTAssertTrue(GenerationScope.enclosingHasEnded)
            }
            XCTAssertTrue(GenerationScope.enclosingHasEnded)
        }
        XCTAssertFalse(GenerationScope.enclosingHasEnded, "an ended probe is forgotten once popped")
    }

    func testInnermostProbeEndingIsSeen() {
        let outer = Probe()
        let inner = Probe()
        GenerationScope.run(outer) {
            GenerationScope.run(inner) {
                inner.end()
                XCTAssertTrue(GenerationScope.enclosingHasEnded)
            }
            // The ended inner entry is gone; the outer one is still running.
            XCTAssertFalse(GenerationScope.enclosingHasEnded)
            // A new entry at the same depth as the popped ended one is not ended.
            GenerationScope.run(Probe()) {
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
            }
        }
    }

    func testEndedEntryAnswersLaterChecksWithoutAskingAgain() {
        let probes = (0..<1_000).map { _ in Probe() }
        func nest(_ index: Int, _ body: () -> Void) {
            if index == probes.count { return body() }
            GenerationScope.run(probes[index]) { nest(index + 1, body) }
        }
        nest(0) {
            probes[10].end()
            XCTAssertTrue(GenerationScope.enclosingHasEnded)
            let asked = probes.map(\.askCount)
            for _ in 0..<1_000 {
                XCTAssertTrue(GenerationScope.enclosingHasEnded)
            }
            XCTAssertEqual(probes.map(\.askCount), asked, "remembered checks ask no probe")
        }
        XCTAssertEqual(GenerationScope.depth, 0)
    }

    func testScanStopsAtTheInnermostEndedProbe() {
        let probes = (0..<100).map { _ in Probe() }
        func nest(_ index: Int, _ body: () -> Void) {
            if index == probes.count { return body() }
            GenerationScope.run(probes[index]) { nest(index + 1, body) }
        }
        nest(0) {
            probes[98].end()
            XCTAssertTrue(GenerationScope.enclosingHasEnded)
            XCTAssertEqual(probes[0].askCount, 0, "outer probes are not asked once an inner one answered")
        }
    }

    func testDeepScopeRunsInLinearTime() {
        // 2,000 nested generators and a check in each: with the ended entry remembered,
        // this is linear; asking every probe on every check would take 2 * 10^6 asks.
        let depth = 2_000
        let probes = (0..<depth).map { _ in Probe() }
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            func nest(_ index: Int) {
                if index == depth { return }
                GenerationScope.run(probes[index]) {
                    if index == 5 { probes[0].end() }
                    _ = GenerationScope.enclosingHasEnded
                    nest(index + 1)
                }
            }
            nest(0)
            finished.signal()
        }
        thread.stackSize = 1 << 26  // room for ThreadSanitizer's larger frames
        thread.start()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "watchdog: the deep scope did not finish in 30 s")
        let totalAsks = probes.reduce(0) { $0 + $1.askCount }
        XCTAssertLessThan(totalAsks, 100, "a remembered ended entry answers every later check")
    }

    func testEachThreadHasItsOwnScope() {
        let probe = Probe()
        probe.end()
        GenerationScope.run(probe) {
            XCTAssertTrue(GenerationScope.enclosingHasEnded)
            let seen = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var otherThreadSaw: (Bool, Int)?
            Thread {
                otherThreadSaw = (GenerationScope.enclosingHasEnded, GenerationScope.depth)
                seen.signal()
            }.start()
            XCTAssertEqual(seen.wait(timeout: .now() + 30), .success)
            XCTAssertEqual(otherThreadSaw?.0, false)
            XCTAssertEqual(otherThreadSaw?.1, 0)
        }
    }

    /// A probe that reports its ending, as the subscription cores do.
    final class ReportingProbe: SubscriptionProbe, @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        private var marked = false
        private var asked = 0

        var hasEnded: Bool {
            lock.lock()
            defer { lock.unlock() }
            asked += 1
            return ended
        }

        func markInScope(_ inScope: Bool) -> Bool {
            lock.withLock { marked = inScope }
            return true
        }

        func end() {
            let wasMarked = lock.withLock { () -> Bool in
                ended = true
                return marked
            }
            if wasMarked { GenerationScope.noteEnded() }
        }

        var askCount: Int {
            lock.withLock { asked }
        }
    }

    /// Runs `body` inside `probes.count` nested scopes, outermost first.
    private func nested(_ probes: ArraySlice<SubscriptionProbe>, _ body: () -> Void) {
        guard let first = probes.first else { return body() }
        GenerationScope.run(first) { nested(probes.dropFirst(), body) }
    }

    func testChecksOverReportingProbesAskEachProbeOnceUntilOneEnds() {
        let probes = (0..<1_000).map { _ in ReportingProbe() }
        nested(ArraySlice(probes)) {
            XCTAssertFalse(GenerationScope.enclosingHasEnded)
            XCTAssertEqual(probes.map(\.askCount).reduce(0, +), 1_000, "the first check asks every probe once")
            for _ in 0..<100 {
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
            }
            XCTAssertEqual(probes.map(\.askCount).reduce(0, +), 1_000, "later checks ask nobody: O(1)")

            let inner = ReportingProbe()
            GenerationScope.run(inner) {
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
                XCTAssertEqual(inner.askCount, 1, "a newly pushed probe is asked once")
                XCTAssertEqual(probes.map(\.askCount).reduce(0, +), 1_000)
            }

            probes[10].end()
            XCTAssertTrue(GenerationScope.enclosingHasEnded, "an ending reported anywhere rescans")
            let asked = probes.map(\.askCount).reduce(0, +)
            XCTAssertTrue(GenerationScope.enclosingHasEnded)
            XCTAssertEqual(probes.map(\.askCount).reduce(0, +), asked, "the ended entry is remembered")
        }
        XCTAssertEqual(GenerationScope.depth, 0)
    }

    func testASilentProbeOnTheStackIsAskedAtEveryCheck() {
        let reporting = ReportingProbe()
        let silent = Probe()
        GenerationScope.run(reporting) {
            GenerationScope.run(silent) {
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
                XCTAssertEqual(silent.askCount, 2)
                silent.end()
                XCTAssertTrue(GenerationScope.enclosingHasEnded)
            }
            XCTAssertFalse(GenerationScope.enclosingHasEnded, "popped with its entry")
        }
    }

    func testSubscriptionCoresReportTheirEnding() {
        let outer = SubscriptionCore<Int, String, SwiftSignalKitRules>(next: nil, error: nil, completed: nil)
        let inner = SubscriptionCore<Int, String, SwiftSignalKitRules>(next: nil, error: nil, completed: nil)
        GenerationScope.run(outer) {
            GenerationScope.run(inner) {
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
                outer.putCompletion()
                XCTAssertTrue(GenerationScope.enclosingHasEnded)
            }
        }
        inner.dispose()
        XCTAssertFalse(GenerationScope.enclosingHasEnded)
    }

    func testACoreEndedOnAnotherThreadIsSeenByALaterCheck() {
        // The core marks itself in scope without ordering; the check's fence and the
        // ending's sequentially consistent steps make one side see the other. Each round
        // checks once (remembering the core as not ended), ends the core on another thread,
        // and must then see the ending.
        for _ in 0..<200 {
            let core = SubscriptionCore<Int, String, SwiftSignalKitRules>(next: nil, error: nil, completed: nil)
            let seen = GenerationScope.run(core) { () -> Bool in
                XCTAssertFalse(GenerationScope.enclosingHasEnded)
                let ended = DispatchSemaphore(value: 0)
                Thread {
                    core.dispose()
                    ended.signal()
                }.start()
                XCTAssertEqual(ended.wait(timeout: .now() + 30), .success)
                return GenerationScope.enclosingHasEnded
            }
            XCTAssertTrue(seen, "a check after the ending sees it")
        }
    }

    func testAFreshStackTakesOverTheScopeAndHandsItBack() {
        // A probe seen ended on the fresh stack's thread is still remembered by the
        // owner once the fresh stack returned, and the depth is the owner's again.
        let outer = Probe()
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var results: [Bool] = []
        nonisolated(unsafe) var depths: [Int] = []
        let thread = Thread {
            GenerationScope.run(outer) {
                GenerationScope.runOnFreshStack(Probe()) {
                    depths.append(GenerationScope.depth)
                    outer.end()
                    results.append(GenerationScope.enclosingHasEnded)
                }
                depths.append(GenerationScope.depth)
                let asked = outer.askCount
                results.append(GenerationScope.enclosingHasEnded)
                XCTAssertEqual(outer.askCount, asked, "the ending seen on the fresh stack is remembered")
            }
            depths.append(GenerationScope.depth)
            finished.signal()
        }
        thread.start()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(results, [true, true])
        XCTAssertEqual(depths, [2, 1, 0])
    }
}
