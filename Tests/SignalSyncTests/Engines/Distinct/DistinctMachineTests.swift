import SignalTestSupport
import XCTest

@testable import SignalSync

/// The transitions alone, with the comparison's verdicts given by hand.
final class DistinctMachineTests: LeakCheckedTestCase {
    private typealias Machine = DistinctMachine<Int>

    private func comparison(_ action: Machine.OfferAction) -> (last: Int, version: Int)? {
        if case .compare(let last, let version) = action { return (last, version) }
        return nil
    }

    private func comparison(_ action: Machine.SettleAction) -> (last: Int, version: Int)? {
        if case .compare(let last, let version) = action { return (last, version) }
        return nil
    }

    private func passed(_ action: Machine.OfferAction) -> Bool {
        if case .pass = action { return true }
        return false
    }

    private func passed(_ action: Machine.SettleAction) -> Int? {
        if case .pass(let replaced) = action { return replaced }
        return nil
    }

    private func dropped(_ action: Machine.SettleAction) -> Bool {
        if case .drop = action { return true }
        return false
    }

    func testTheFirstValuePassesWithoutAComparison() {
        var machine = Machine()
        XCTAssertTrue(passed(machine.offer(1)))
        guard case .passed(let last, let version) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(last, 1)
        XCTAssertEqual(version, 1)
    }

    func testALaterValueIsComparedWithTheLatestThatPassed() {
        var machine = Machine()
        _ = machine.offer(10)
        let first = comparison(machine.offer(11))!
        XCTAssertEqual(first.last, 10)
        XCTAssertTrue(dropped(machine.settle(11, repeated: true, version: first.version)))
        let second = comparison(machine.offer(12))!
        XCTAssertEqual(second.last, 10, "a dropped value does not become the reference")
        XCTAssertEqual(passed(machine.settle(12, repeated: false, version: second.version)), 10)
        XCTAssertEqual(comparison(machine.offer(13))?.last, 12)
    }

    func testAComparisonIsRedoneWhenAnotherValuePassedDuringTheComparison() {
        var machine = Machine()
        _ = machine.offer(1)
        let slow = comparison(machine.offer(2))!
        let fast = comparison(machine.offer(3))!
        _ = machine.settle(3, repeated: false, version: fast.version)
        let again = comparison(machine.settle(2, repeated: false, version: slow.version))
        XCTAssertEqual(again?.last, 3, "compared again with the value that passed meanwhile")
        XCTAssertEqual(passed(machine.settle(2, repeated: false, version: again!.version)), 3)
    }

    func testARepeatIsComparedAgainToo() {
        var machine = Machine()
        _ = machine.offer(1)
        let slow = comparison(machine.offer(1))!
        let fast = comparison(machine.offer(2))!
        _ = machine.settle(2, repeated: false, version: fast.version)
        XCTAssertEqual(comparison(machine.settle(1, repeated: true, version: slow.version))?.last, 2)
    }
}
