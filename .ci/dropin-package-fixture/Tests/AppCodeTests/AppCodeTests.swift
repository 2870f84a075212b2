import AppCode
import Foundation
import LegacyCode
import SSignalKit
import SwiftSignalKit
import XCTest

/// The Swift 5 app code of this package behaves as it did against the originals.
final class AppCodeTests: XCTestCase {
    func testTheTypingIndicatorTurnsOffAfterItsTimer() {
        let queue = SwiftSignalKit.Queue(name: "typing")
        let indicator = TypingIndicator(queue: queue)
        let values = Atomic<[Bool]>(value: [])
        let off = expectation(description: "typing off")
        let handle = indicator.isTyping.start(next: { value in
            let all = values.modify { $0 + [value] }
            if all.count == 3 { off.fulfill() }
        })
        indicator.keystroke(timeout: 0.05)
        wait(for: [off], timeout: 10)
        handle.dispose()
        XCTAssertEqual(values.with { $0 }, [false, true, false])
    }

    func testCatchRecoversInTheOriginalsShapes() {
        var seen: [String] = []
        let failing = Signal<Int, RequestError>.fail(RequestError(code: 500))
        _ = Recovery.orNil(failing).start(next: { seen.append("\(String(describing: $0))") })
        _ = Recovery.orZero(failing).start(next: { seen.append("\($0)") })
        _ = Recovery.orEmpty(failing).start(completed: { seen.append("empty") })
        _ = Recovery.retryingOnce(failing, fallback: .single(7)).start(next: { seen.append("\($0)") })
        _ = Recovery.passing(failing).start(error: { seen.append("error \($0.code)") })
        XCTAssertEqual(seen, ["nil", "0", "empty", "7", "error 500"])
    }

    func testTheCallContextJoinsOnItsQueue() {
        let call = CallContext()
        let (disposable, joins) = call.join()
        disposable.dispose()
        XCTAssertEqual(joins, 1)
        var seen: [Int] = []
        _ = call.joins.start(next: { seen.append($0) })
        XCTAssertEqual(seen, [1])
    }

    func testATimerInvalidatedFromItsOwnCompletionStops() {
        let done = expectation(description: "ticks counted")
        let count = Atomic<Int>(value: 0)
        countTicks(3, every: 0.01, on: Queue(name: "ticks")) { ticks in
            _ = count.swap(ticks)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(count.with { $0 }, 3)
    }

    func testTheCacheCombinesAndCounts() {
        let cache = ProfileCache()
        let names = expectation(description: "names")
        let counted = expectation(description: "counted")
        let received = Atomic<[String]>(value: [])
        cache.names([1, 2], on: Queue(name: "ui")) { value in
            _ = received.swap(value)
            names.fulfill()
        }
        wait(for: [names], timeout: 10)
        cache.cachedCount { count in
            XCTAssertEqual(count, 2)
            counted.fulfill()
        }
        wait(for: [counted], timeout: 10)
        XCTAssertEqual(received.with { $0 }, ["USER1", "USER2"])
    }

    func testTheUntypedDownloadReportsProgressThenGivesUp() {
        let download = DownloadProgress()
        let values = Atomic<[Double]>(value: [])
        let gaveUp = expectation(description: "gave up")
        let handle = download.progress.start(next: { value in
            let all = values.modify { $0 + [value as! Double] }
            if all.last == -1 { gaveUp.fulfill() }
        })
        download.report(0.5)
        download.giveUp(after: 0.05)
        wait(for: [gaveUp], timeout: 10)
        handle?.dispose()
        XCTAssertEqual(values.with { $0 }, [0.5, -1])
    }

    func testTheAppsOwnOperatorsResolveToTheApp() {
        var values: [Int] = []
        _ = OwnOperators.runningSums().start(next: { values.append($0) })
        XCTAssertEqual(values, [-1, 1, 3, 6])
    }

    func testTheAppsOwnMethodsResolveToTheApp() {
        let values = Atomic<[Int]>(value: [])
        let completed = expectation(description: "completed")
        let handle = counting(to: 4, on: SQueue()).skip(2).start(
            next: { value in _ = values.modify { $0 + [value as! Int] } },
            error: { _ in },
            completed: { completed.fulfill() })
        wait(for: [completed], timeout: 10)
        handle?.dispose()
        XCTAssertEqual(values.with { $0 }, [3, 4])
    }

    func testUntypedOperatorsAndAGenerator() {
        let values = Atomic<[Int]>(value: [])
        let completed = expectation(description: "completed")
        let handle = doubledNumbers(counting(to: 3, on: SQueue())).start(
            next: { value in _ = values.modify { $0 + [value as! Int] } },
            error: { _ in },
            completed: { completed.fulfill() })
        wait(for: [completed], timeout: 10)
        handle?.dispose()
        XCTAssertEqual(values.with { $0 }, [2, 4, 6])
    }

    func testImportedSpellingsDelayMapAndDeliver() {
        let download = DownloadProgress()
        let received = expectation(description: "received")
        let texts = Atomic<[String]>(value: [])
        let handle = watch(download, on: SQueue(), delay: 0.01) { text in
            _ = texts.modify { $0 + [text] }
            received.fulfill()
        }
        download.report(1)
        wait(for: [received], timeout: 10)
        handle?.dispose()
        XCTAssertEqual(texts.with { $0 }, ["1.0"])
        XCTAssertTrue(isMain(SQueue.mainQueue()))
        XCTAssertFalse(isMain(SQueue()))
    }

    func testQualifiedNamesResolveThroughTheOriginalsModules() {
        let signal: SwiftSignalKit.Signal<Int, NoError> = SwiftSignalKit.Signal.single(1)
        var received: [Int] = []
        _ = (signal |> SwiftSignalKit.map { $0 + 1 }).start(next: { received.append($0) })
        XCTAssertEqual(received, [2])
        let untyped: SSignalKit.SSignal = SSignalKit.SSignal.single(2)
        var untypedReceived: [Int] = []
        _ = untyped.start(next: { untypedReceived.append($0 as! Int) })
        XCTAssertEqual(untypedReceived, [2])
        XCTAssertTrue(SwiftSignalKit.Queue.mainQueue() === Queue.mainQueue())
    }
}
