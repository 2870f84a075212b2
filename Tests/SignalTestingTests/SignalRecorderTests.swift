import STypedSignal
import SUntypedSignal
import SignalTestSupport
import SignalTesting
import XCTest

/// A point that is not `Equatable`, as a user's model type may be.
private struct Point {
    var x: Int
    var y: Int
}

/// Recorders compare what is not `Equatable`: with a predicate, and the tuples of
/// `combineLatest` element by element.
final class SignalRecorderTests: LeakCheckedTestCase {
    func testCombineLatestPairsCompareWithoutAWrapper() {
        let scheduler = SignalTestScheduler()
        let numbers: Signal<Int, NoError> = scheduler.cold("-1---2|")
        let letters: Signal<String, NoError> = scheduler.cold("---a--|")
        let recorder = scheduler.record(combineLatest(numbers, letters))
        scheduler.advanceUntilIdle()
        XCTAssertTrue(recorder.expect("---p-q|", values: ["p": (1, "a"), "q": (2, "a")]))
    }

    func testTuplesOfThreeToSixCompare() {
        let scheduler = SignalTestScheduler()
        let a: Signal<Int, String> = scheduler.cold("1|")
        let b: Signal<String, String> = scheduler.cold("x|")
        let c: Signal<Bool, String> = scheduler.cold("-(true,|)")
        let d: Signal<Double, String> = scheduler.cold("2|")
        let e: Signal<Int, String> = scheduler.cold("3|")
        let f: Signal<Int, String> = scheduler.cold("4|")
        let three = scheduler.record(combineLatest(a, b, c))
        let four = scheduler.record(combineLatest(a, b, c, d))
        let five = scheduler.record(combineLatest(a, b, c, d, e))
        let six = scheduler.record(combineLatest(a, b, c, d, e, f))
        scheduler.advanceUntilIdle()
        XCTAssertTrue(three.expect("-(t,|)", values: ["t": (1, "x", true)]))
        XCTAssertTrue(four.expect("-(t,|)", values: ["t": (1, "x", true, 2.0)]))
        XCTAssertTrue(five.expect("-(t,|)", values: ["t": (1, "x", true, 2.0, 3)]))
        XCTAssertTrue(six.expect("-(t,|)", values: ["t": (1, "x", true, 2.0, 3, 4)]))
    }

    func testATupleMismatchFailsAndNamesTheExpectedTuples() {
        let scheduler = SignalTestScheduler()
        let numbers: Signal<Int, String> = scheduler.cold("-1|")
        let letters: Signal<String, String> = scheduler.cold("-a|")
        let recorder = scheduler.record(combineLatest(numbers, letters))
        scheduler.advanceUntilIdle()
        let failures = TestFailureReporter.collectingFailures {
            XCTAssertFalse(recorder.expect("-p|", values: ["p": (2, "a")]))
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("(1, \"a\")") ?? false, failures.first?.message ?? "")
    }

    func testAPredicateComparesValuesThatAreNotEquatable() {
        let scheduler = SignalTestScheduler()
        let points: Signal<Point, String> = scheduler.cold("-a-b|", values: ["a": Point(x: 1, y: 2), "b": Point(x: 3, y: 4)])
        let recorder = scheduler.record(points)
        scheduler.advanceUntilIdle()
        let samePoint: (Point, Point) -> Bool = { $0.x == $1.x && $0.y == $1.y }
        XCTAssertTrue(recorder.expect("-a-b|", values: ["a": Point(x: 1, y: 2), "b": Point(x: 3, y: 4)], by: samePoint))
        let failures = TestFailureReporter.collectingFailures {
            XCTAssertFalse(recorder.expect("-a-a|", values: ["a": Point(x: 1, y: 2)], by: samePoint))
        }
        XCTAssertEqual(failures.count, 1)
    }

    func testAPredicateWithAnErrorAndADefaultError() {
        let scheduler = SignalTestScheduler()
        let failing: Signal<Point, String> = scheduler.cold("a#", values: ["a": Point(x: 0, y: 0)], error: "boom")
        let recorder = scheduler.record(failing)
        scheduler.advanceUntilIdle()
        XCTAssertTrue(recorder.expect("a#", values: ["a": Point(x: 0, y: 0)], error: "boom", by: { $0.x == $1.x && $0.y == $1.y }))
    }

    func testAnUntypedRecorderTakesAPredicate() {
        let scheduler = SignalTestScheduler()
        let recorder = scheduler.record(scheduler.coldSSignal("-a|", values: ["a": (1, "x")]))
        scheduler.advanceUntilIdle()
        func samePair(_ lhs: Any?, _ rhs: Any?) -> Bool {
            guard let lhs = lhs as? (Int, String), let rhs = rhs as? (Int, String) else { return false }
            return lhs == rhs
        }
        XCTAssertTrue(recorder.expect("-a|", values: ["a": (1, "x")], by: samePair))
        let failures = TestFailureReporter.collectingFailures {
            XCTAssertFalse(recorder.expect("-a|", values: ["a": (1, "x")]))
        }
        XCTAssertEqual(failures.count, 1, "the default comparison cannot see into a tuple")
    }
}
