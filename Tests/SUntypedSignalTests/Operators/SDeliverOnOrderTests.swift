import SignalTestSupport

/// A value sent from another thread is not overtaken by a completion sent on the
/// delivery queue (Divergences.md), run by `HopOrderDriver` on the untyped API (the
/// other API runs the same tests in `DeliverOnOrderTests`).
final class SDeliverOnOrderTests: LeakCheckedTestCase {
    func testOnTheMainQueueTheValueComesBeforeTheCompletion() {
        for meeting in HopOrderDriver.Meeting.allCases {
            HopOrderDriver.valueFromAnotherThreadIsNotOvertakenByTheCompletion(UntypedRealThreadAPI.self, startedOn: .main, through: meeting)
        }
    }

    func testOnASerialQueueTheValueComesBeforeTheCompletion() {
        for meeting in HopOrderDriver.Meeting.allCases {
            HopOrderDriver.valueFromAnotherThreadIsNotOvertakenByTheCompletion(UntypedRealThreadAPI.self, startedOn: .serial, through: meeting)
        }
    }

    func testAppCodeStartedOnTheMainQueueDeliversItsValueInEveryRun() {
        for mode in [FlattenMode.mapToSignal, .switchToLatest] {
            HopOrderDriver.appCodeDeliversItsValueInEveryRun(UntypedRealThreadAPI.self, startedOn: .main, through: mode)
        }
    }

    func testAppCodeStartedOnASerialQueueDeliversItsValueInEveryRun() {
        for mode in [FlattenMode.mapToSignal, .switchToLatest] {
            HopOrderDriver.appCodeDeliversItsValueInEveryRun(UntypedRealThreadAPI.self, startedOn: .serial, through: mode)
        }
    }
}
