import Foundation
import SignalTestSupport
import XCTest

@testable import SignalSync

/// A subscription that threads call at once counts its readers on cache lines of their own
/// (`SubscriptionCore.shareReaders`). Values, the end and the release of the callbacks must
/// not change: a value that starts after the end calls nothing, and the callbacks are
/// released once, by whoever leaves last. Release orders are observed with deinit probes;
/// run these in release and under ThreadSanitizer too.
final class SharedReadersTests: LeakCheckedTestCase {
    /// A subscription whose `next` sends one more value from inside its first call: the
    /// nested `putNext` finds a reader inside, which makes the counts.
    private func sharingCore(_ log: EventLog) -> SubscriptionCore<Int, String, SwiftSignalKitRules> {
        var core: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        let made = SubscriptionCore<Int, String, SwiftSignalKitRules>(
            next: { [probe = Probe("next", log)] value in
                withExtendedLifetime(probe) { log.add("next \(value)") }
                if value == 1 { core?.putNext(2) }
            }, error: nil, completed: { log.add("completed") })
        core = made
        made.putNext(1)
        core = nil
        return made
    }

    func testAReaderInsideMakesTheCountsAndValuesGoOnThroughThem() {
        let log = EventLog()
        let core = sharingCore(log)
        XCTAssertNotNil(core.sharedReaders.load(ordering: .relaxed), "the nested value found a reader inside")
        core.putNext(3)
        core.putCompletion()
        core.putNext(4)
        XCTAssertEqual(log.events, ["next 1", "next 2", "next 3", "completed", "next released"])
        XCTAssertFalse(ReaderShards.someoneCounts(in: core.sharedReaders.load(ordering: .relaxed)!))
    }

    func testADisposalFromInsideACountedValueReleasesTheCallbacksWhenItReturns() {
        let log = EventLog()
        var handle: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        let core = SubscriptionCore<Int, String, SwiftSignalKitRules>(
            next: { [probe = Probe("next", log)] value in
                if value == 1 { handle?.putNext(2) }
                if value == 3 { handle?.dispose() }
                withExtendedLifetime(probe) { log.add("next \(value) returns") }
            }, error: nil, completed: nil)
        handle = core
        core.putNext(1)
        XCTAssertNotNil(core.sharedReaders.load(ordering: .relaxed))
        core.putNext(3)
        core.putNext(4)
        XCTAssertEqual(log.events, ["next 2 returns", "next 1 returns", "next 3 returns", "next released"])
        handle = nil
    }

    /// Two threads send while a third disposes, many times: no value starts after the
    /// disposal returned (at most one per thread was already running), the callbacks are
    /// released once, and the counts end at zero.
    func testConcurrentValuesAndADisposal() {
        for _ in 0..<200 {
            let log = EventLog()
            let lateValues = LateValues()
            let core = lateValues.core(log)
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                if index == 2 {
                    for _ in 0..<50 { core.putNext(0) }
                    core.dispose()
                    lateValues.markDisposed()
                } else {
                    for value in 0..<200 { core.putNext(value) }
                }
            }
            XCTAssertEqual(log.events, ["next released"])
            XCTAssertLessThanOrEqual(lateValues.count, 2)
            if let shared = core.sharedReaders.load(ordering: .relaxed) {
                XCTAssertFalse(ReaderShards.someoneCounts(in: shared))
            }
        }
    }

    /// Threads sending at once make the counts (here, whenever two values overlapped).
    func testThreadsSendingAtOnceMakeTheCounts() {
        var shared = 0
        for _ in 0..<50 {
            let core = SubscriptionCore<Int, String, SwiftSignalKitRules>(next: { _ in usleep(10) }, error: nil, completed: nil)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for value in 0..<100 { core.putNext(value) }
            }
            if core.sharedReaders.load(ordering: .relaxed) != nil { shared += 1 }
            core.dispose()
        }
        XCTAssertGreaterThan(shared, 0, "two threads each sending 100 values of 10 µs overlapped at least once in 50 tries")
    }
}
