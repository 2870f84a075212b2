import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

final class DeferredStartEngineTests: LeakCheckedTestCase {
    func testBeginKeepsTheSubscriptionForDisposal() {
        let log = EngineLog()
        let deferred = DeferredStartEngine()
        deferred.begin { RecordingDisposable("source", log) }
        XCTAssertEqual(log.entries, [])
        deferred.dispose()
        deferred.dispose()
        XCTAssertEqual(log.entries, ["source disposed"])
    }

    func testDisposedBeforeBeginNeverStarts() {
        let log = EngineLog()
        let deferred = DeferredStartEngine()
        deferred.dispose()
        deferred.begin {
            log.append("started")
            return RecordingDisposable("source", log)
        }
        XCTAssertEqual(log.entries, [])
    }

    func testDisposedWhileStartingDisposesTheSubscriptionWhenTheStartReturns() {
        let log = EngineLog()
        let deferred = DeferredStartEngine()
        deferred.begin {
            deferred.dispose()
            log.append("start returns")
            return RecordingDisposable("source", log)
        }
        XCTAssertEqual(log.entries, ["start returns", "source disposed"])
    }

    func testStartsAtMostOnce() {
        let log = EngineLog()
        let deferred = DeferredStartEngine()
        deferred.begin { RecordingDisposable("first", log) }
        deferred.begin { RecordingDisposable("second", log) }
        deferred.dispose()
        XCTAssertEqual(log.entries, ["first disposed"])
    }

    func testDisposalRacingTheStartDisposesTheSubscriptionExactlyOnce() {
        for _ in 0..<200 {
            let log = EngineLog()
            let deferred = DeferredStartEngine()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                deferred.begin {
                    log.append("started")
                    return RecordingDisposable("source", log)
                }
            }
            DispatchQueue.global().async(group: group) { deferred.dispose() }
            group.wait()
            deferred.dispose()
            XCTAssertTrue(log.entries == [] || log.entries == ["started", "source disposed"], "\(log.entries)")
        }
    }
}
