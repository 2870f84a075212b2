import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone, with the comparison's verdicts given by hand.
final class DistinctMachineTests: LeakCheckedTestCase {
    private typealias Machine = DistinctMachine<Int>

    private func comparison(_ verdict: Machine.Verdict) -> (last: Int, version: Int)? {
        if case .compare(let last, let version) = verdict { return (last, version) }
        return nil
    }

    private func passed(_ verdict: Machine.Verdict) -> Int?? {
        if case .pass(let replaced) = verdict { return .some(replaced) }
        return nil
    }

    private func dropped(_ verdict: Machine.Verdict) -> Bool {
        if case .drop = verdict { return true }
        return false
    }

    func testTheFirstValuePassesWithoutAComparison() {
        var machine = Machine()
        XCTAssertEqual(passed(machine.offer(1)), .some(nil))
    }

    func testALaterValueIsComparedWithTheLatestThatPassed() {
        var machine = Machine()
        _ = machine.offer(10)
        let first = comparison(machine.offer(11))!
        XCTAssertEqual(first.last, 10)
        XCTAssertTrue(dropped(machine.settle(11, repeated: true, version: first.version)))
        let second = comparison(machine.offer(12))!
        XCTAssertEqual(second.last, 10, "a dropped value does not become the reference")
        XCTAssertEqual(passed(machine.settle(12, repeated: false, version: second.version)), .some(10))
        XCTAssertEqual(comparison(machine.offer(13))?.last, 12)
    }

    func testAVerdictIsRedoneWhenAnotherValuePassedDuringTheComparison() {
        var machine = Machine()
        _ = machine.offer(1)
        let slow = comparison(machine.offer(2))!
        let fast = comparison(machine.offer(3))!
        _ = machine.settle(3, repeated: false, version: fast.version)
        let again = comparison(machine.settle(2, repeated: false, version: slow.version))
        XCTAssertEqual(again?.last, 3, "compared again with the value that passed meanwhile")
        XCTAssertEqual(passed(machine.settle(2, repeated: false, version: again!.version)), .some(3))
    }

    func testARepeatVerdictIsRedoneToo() {
        var machine = Machine()
        _ = machine.offer(1)
        let slow = comparison(machine.offer(1))!
        let fast = comparison(machine.offer(2))!
        _ = machine.settle(2, repeated: false, version: fast.version)
        XCTAssertEqual(comparison(machine.settle(1, repeated: true, version: slow.version))?.last, 2)
    }
}
