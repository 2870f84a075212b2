import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

final class DeferredStartEngineTests: LeakCheckedTestCase {
    func testBeginKeepsTheSubscriptionForDisposal() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.begin { CountingDisposable("source", log: log) }
        XCTAssertEqual(log.events, [])
        deferred.dispose()
        deferred.dispose()
        XCTAssertEqual(log.events, ["source.dispose", "source released"])
    }

    func testDisposedBeforeBeginNeverStarts() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.dispose()
        deferred.begin {
            log.add("started")
            return CountingDisposable("source", log: log)
        }
        XCTAssertEqual(log.events, [])
    }

    func testDisposedWhileStartingDisposesTheSubscriptionWhenTheStartReturns() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.begin {
            deferred.dispose()
            log.add("start returns")
            return CountingDisposable("source", log: log)
        }
        XCTAssertEqual(log.events, ["start returns", "source.dispose", "source released"])
    }

    func testStartsAtMostOnce() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.begin { CountingDisposable("first", log: log) }
        deferred.begin { CountingDisposable("second", log: log) }
        deferred.dispose()
        XCTAssertEqual(log.events, ["first.dispose", "first released"])
    }

    func testDisposalRacingTheStartDisposesTheSubscriptionExactlyOnce() {
        for _ in 0..<200 {
            let log = EventLog()
            let deferred = DeferredStartEngine()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                deferred.begin {
                    log.add("started")
                    return CountingDisposable("source", log: log)
                }
            }
            DispatchQueue.global().async(group: group) { deferred.dispose() }
            group.wait()
            deferred.dispose()
            XCTAssertTrue(log.events == [] || log.events == ["started", "source.dispose", "source released"], "\(log.events)")
        }
    }
}
