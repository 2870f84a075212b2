import STypedSignal
import SignalTestSupport
import XCTest

/// `$0.N` in a `map` closure of the same expression reaches every element of the output
/// tuple for 3 up to 26 sources (the originals' arities; fixed-arity overloads in front of
/// the variadic `combineLatest`, whose `(T1, T2, repeat each T)` output hides the elements
/// past the second from that shorthand on Swift 6.3).
final class CombineLatestArityTests: LeakCheckedTestCase {
    private func one(_ value: Int) -> Signal<Int, NoError> { .single(value) }

    private func last<T>(_ signal: Signal<T, NoError>) -> T? {
        nonisolated(unsafe) var result: T?
        signal.start(next: { result = $0 })
        return result
    }

    func testThreeSources() {
        let sum = combineLatest(one(1), one(2), one(3)) |> map { $0.0 + $0.2 }
        XCTAssertEqual(last(sum), 4)
    }

    func testFourSources() {
        let sum = combineLatest(one(1), one(2), one(3), one(4)) |> map { $0.0 + $0.3 }
        XCTAssertEqual(last(sum), 5)
    }

    func testFiveSourcesOfMixedTypes() {
        let text =
            combineLatest(one(1), Signal<String, NoError>.single("b"), one(3), one(4), Signal<Bool, NoError>.single(true))
            |> map { "\($0.0)\($0.1)\($0.4)" }
        XCTAssertEqual(last(text), "1btrue")
    }

    func testSixSources() {
        let sum = combineLatest(one(1), one(2), one(3), one(4), one(5), one(6)) |> map { $0.0 + $0.5 }
        XCTAssertEqual(last(sum), 7)
    }

    func testSevenSources() {
        let sum = combineLatest(one(1), one(2), one(3), one(4), one(5), one(6), one(7)) |> map { $0.1 + $0.6 }
        XCTAssertEqual(last(sum), 9)
    }

    func testEightSources() {
        let sum = combineLatest(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8)) |> map { $0.0 + $0.7 }
        XCTAssertEqual(last(sum), 9)
    }

    func testTenSourcesWithAQueue() {
        let queue = Queue(name: "combine")
        let sum =
            combineLatest(queue: queue, one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8), one(9), one(10))
            |> map { $0.0 + $0.9 }
        let done = expectation(description: "combined")
        sum.start(next: { value in
            XCTAssertEqual(value, 11)
            done.fulfill()
        })
        wait(for: [done], timeout: 30)
    }

    func testTwelveSources() {
        let sum =
            combineLatest(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8), one(9), one(10), one(11), one(12))
            |> map { $0.0 + $0.11 }
        XCTAssertEqual(last(sum), 13)
    }

    func testTwentySixSourcesTheOriginalsLargest() {
        let s = one(1)
        let all =
            combineLatest(s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, one(26))
            |> map { $0.0 + $0.25 }
        XCTAssertEqual(last(all), 27)
    }

    func testTwentySevenSourcesFallBackToTheVariadicFunction() {
        let s = one(1)
        let all = combineLatest(s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, one(27))
        // Past 26 the output is the variadic one's: `$0.0` and `$0.1` only in such a closure.
        let firstTwo = all |> map { $0.0 + $0.1 }
        XCTAssertEqual(last(firstTwo), 2)
    }
}
