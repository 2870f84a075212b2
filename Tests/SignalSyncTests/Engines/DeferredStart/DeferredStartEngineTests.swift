import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

final class DeferredStartEngineTests: LeakCheckedTestCase {
    func testBeginKeepsTheSubscriptionForDisposal() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.begin { RecordingDisposable("source", log) }
        XCTAssertEqual(log.events, [])
        deferred.dispose()
        deferred.dispose()
        XCTAssertEqual(log.events, ["source disposed"])
    }

    func testDisposedBeforeBeginNeverStarts() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.dispose()
        deferred.begin {
            log.add("started")
            return RecordingDisposable("source", log)
        }
        XCTAssertEqual(log.events, [])
    }

    func testDisposedWhileStartingDisposesTheSubscriptionWhenTheStartReturns() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.begin {
            deferred.dispose()
            log.add("start returns")
            return RecordingDisposable("source", log)
        }
        XCTAssertEqual(log.events, ["start returns", "source disposed"])
    }

    func testStartsAtMostOnce() {
        let log = EventLog()
        let deferred = DeferredStartEngine()
        deferred.begin { RecordingDisposable("first", log) }
        deferred.begin { RecordingDisposable("second", log) }
        deferred.dispose()
        XCTAssertEqual(log.events, ["first disposed"])
    }

    func testDisposalRacingTheStartDisposesTheSubscriptionExactlyOnce() {
        for _ in 0..<200 {
            let log = EventLog()
            let deferred = DeferredStartEngine()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                deferred.begin {
                    log.add("started")
                    return RecordingDisposable("source", log)
                }
            }
            DispatchQueue.global().async(group: group) { deferred.dispose() }
            group.wait()
            deferred.dispose()
            XCTAssertTrue(log.events == [] || log.events == ["started", "source disposed"], "\(log.events)")
        }
    }
}
