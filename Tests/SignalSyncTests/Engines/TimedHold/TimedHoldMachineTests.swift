import SignalTestSupport
import XCTest

@testable import SignalSync

/// The rules that every case of `TimedHoldMachine` keeps, run on each case; each case's
/// own rules are in its tests (`DebounceMachineTests`, `ThrottleMachineTests`).
final class TimedHoldMachineTests: LeakCheckedTestCase {
    /// Two values, so that every case holds the second one.
    private func holdingTwo<Machine: TimedHoldMachine>(_ machine: Machine) -> Machine where Machine.Value == Int {
        var machine = machine
        _ = machine.next(1)
        _ = machine.next(2)
        return machine
    }

    private func dropped(_ action: TimedHoldStopAction<Int>) -> Int?? {
        if case .stop(let dropped) = action { return .some(dropped) }
        return nil
    }

    private func checkAnErrorDropsTheHeldValue<Machine: TimedHoldMachine>(_ name: String, _ make: () -> Machine)
    where Machine.Value == Int {
        var machine = holdingTwo(make())
        XCTAssertEqual(dropped(machine.fail()), .some(2), name)
        XCTAssertTrue(machine.isFinished, name)
        guard case .ignore = machine.fire() else { return XCTFail("\(name): a late fire does nothing") }
        guard case .ignore = machine.dispose() else { return XCTFail("\(name): the disposal after the error") }
    }

    private func checkAfterADisposalEveryEventIsIgnored<Machine: TimedHoldMachine>(_ name: String, _ make: () -> Machine)
    where Machine.Value == Int {
        var idle = make()
        XCTAssertEqual(dropped(idle.dispose()), .some(nil), "\(name): the timer stops, nothing held")
        var machine = holdingTwo(make())
        XCTAssertEqual(dropped(machine.dispose()), .some(2), name)
        XCTAssertTrue(machine.isFinished, name)
        guard case .ignore = machine.next(3) else { return XCTFail("\(name): a late value") }
        guard case .ignore = machine.fire() else { return XCTFail("\(name): a late fire") }
        guard case .ignore = machine.complete() else { return XCTFail("\(name): a late completion") }
        guard case .ignore = machine.fail() else { return XCTFail("\(name): a late error") }
        guard case .ignore = machine.dispose() else { return XCTFail("\(name): only the first disposal counts") }
    }

    func testAnErrorDropsTheHeldValueInEveryCase() {
        checkAnErrorDropsTheHeldValue("debounce") { DebounceMachine<Int>() }
        checkAnErrorDropsTheHeldValue("throttle latest") { ThrottleMachine<Int>(latest: true) }
        checkAnErrorDropsTheHeldValue("throttle first") { ThrottleMachine<Int>(latest: false) }
    }

    func testAfterADisposalEveryEventIsIgnoredInEveryCase() {
        checkAfterADisposalEveryEventIsIgnored("debounce") { DebounceMachine<Int>() }
        checkAfterADisposalEveryEventIsIgnored("throttle latest") { ThrottleMachine<Int>(latest: true) }
        checkAfterADisposalEveryEventIsIgnored("throttle first") { ThrottleMachine<Int>(latest: false) }
    }

    func testOnlyAThrottlesEmissionsArmTheTimer() {
        XCTAssertFalse(DebounceMachine<Int>.emissionArmsTimer, "a debounce's emission ends the wait")
        XCTAssertTrue(ThrottleMachine<Int>.emissionArmsTimer, "a throttle's emission opens an interval")
    }
}
