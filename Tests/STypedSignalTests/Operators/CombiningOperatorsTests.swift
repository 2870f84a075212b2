import STypedSignalOperators
import SignalTestSupport
import XCTest

/// The typed face of `merge`, `zip` and `withLatestFrom` (STypedSignalOperators): the
/// tuple arities of `zip`, the overloads, and values pushed from several threads through
/// pipes. The rules themselves are stated by the parity scenarios (CombiningScenarios) and
/// the engines' tests (SignalSyncTests).
final class CombiningOperatorsTests: LeakCheckedTestCase {
    private func values<T>(_ values: [T]) -> Signal<T, NoError> {
        nonisolated(unsafe) let values = values
        return Signal { subscriber in
            for value in values { subscriber.putNext(value) }
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }

    private func all<T>(_ signal: Signal<T, NoError>) -> (values: [T], completed: Bool) {
        nonisolated(unsafe) var result: [T] = []
        nonisolated(unsafe) var completed = false
        signal.start(next: { result.append($0) }, completed: { completed = true })
        return (result, completed)
    }

    func testZipOfTwoToSixSourcesGivesTheExactTuples() {
        let pairs = all(zip(values([1, 2, 3]), values(["a", "b"])))
        XCTAssertEqual(pairs.values.map { "\($0.0)\($0.1)" }, ["1a", "2b"])
        XCTAssertTrue(pairs.completed)
        let three = all(zip(values([1]), values(["b"]), values([true])) |> map { "\($0.0)\($0.1)\($0.2)" })
        XCTAssertEqual(three.values, ["1btrue"])
        let four = all(zip(values([1]), values([2.5]), values(["c"]), values([4])) |> map { "\($0.0)\($0.1)\($0.2)\($0.3)" })
        XCTAssertEqual(four.values, ["12.5c4"])
        let five = all(
            zip(values([1]), values([2]), values([3]), values([4]), values([Int8(5)])) |> map { $0.0 + $0.3 + Int($0.4) })
        XCTAssertEqual(five.values, [10])
        let six = all(
            zip(values([1]), values(["b"]), values([3]), values([4]), values([5]), values([[6]]))
                |> map { "\($0.1)\($0.5)" })
        XCTAssertEqual(six.values, ["b[6]"])
    }

    func testZipOfAnArrayAndOfNothing() {
        XCTAssertEqual(all(zip([values([1, 2]), values([3, 4]), values([5])])).values, [[1, 3, 5]])
        let empty = all(zip([Signal<Int, NoError>]()))
        XCTAssertEqual(empty.values, [])
        XCTAssertTrue(empty.completed)
    }

    func testMergeOverloadsAgree() {
        XCTAssertEqual(all(merge(values([1, 2]), values([3]))).values, [1, 2, 3])
        XCTAssertEqual(all(merge([values([1]), values([2]), values([3])])).values, [1, 2, 3])
        XCTAssertEqual(all(values([1]) |> merge(with: values([2]))).values, [1, 2])
        XCTAssertTrue(all(merge([Signal<Int, NoError>]())).completed)
    }

    func testWithLatestFromBothForms() {
        let source = ValuePipe<Int>()
        let other = ValuePipe<String>()
        let latest = EventLog()
        let combined = EventLog()
        let first = (source.signal() |> withLatestFrom(other.signal())).start(next: { latest.add($0) })
        let second = (source.signal() |> withLatestFrom(other.signal()) { "\($0)\($1)" }).start(next: { combined.add($0) })
        source.putNext(1)
        other.putNext("x")
        source.putNext(2)
        other.putNext("y")
        source.putNext(3)
        first.dispose()
        second.dispose()
        XCTAssertEqual(latest.events, ["x", "y"])
        XCTAssertEqual(combined.events, ["2x", "3y"])
    }

    func testConcurrentPushesThroughPipesLoseNothing() {
        let count = 500 * Stress.scale
        let pipes = (0..<3).map { _ in ValuePipe<Int>() }
        let merged = LockedCounter()
        let rows = LockedCounter()
        let mergeHandle = merge(pipes.map { $0.signal() }).start(next: { _ in merged.add() })
        let zipHandle = zip(pipes.map { $0.signal() }).start(next: { row in
            if row[0] == row[1] && row[1] == row[2] { rows.add() }
        })
        Stress.run("merge and zip through pipes", threads: 3) { index in
            for step in 0..<count { pipes[index].putNext(step) }
        }
        mergeHandle.dispose()
        zipHandle.dispose()
        XCTAssertEqual(merged.value, 3 * count, "merge: every value of every pipe")
        XCTAssertEqual(rows.value, count, "zip: the n-th values of the three pipes, each row once")
    }
}

/// A counter for closures that run on several threads.
private final class LockedCounter: @unchecked Sendable {
    // Safety: reached only under `lock`.
    private let lock = NSLock()
    private var count = 0
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
