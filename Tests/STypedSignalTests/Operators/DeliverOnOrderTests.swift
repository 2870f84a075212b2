import SignalTestSupport

/// A value sent from another thread is not overtaken by a completion sent on the
/// delivery queue (Divergences.md), run by `HopOrderDriver` on the typed API (the
/// other API runs the same tests in `SDeliverOnOrderTests`).
final class DeliverOnOrderTests: LeakCheckedTestCase {
    func testOnTheMainQueueTheValueComesBeforeTheCompletion() {
        for meeting in HopOrderDriver.Meeting.allCases {
            HopOrderDriver.valueFromAnotherThreadIsNotOvertakenByTheCompletion(TypedRealThreadAPI.self, startedOn: .main, through: meeting)
        }
    }

    func testOnASerialQueueTheValueComesBeforeTheCompletion() {
        for meeting in HopOrderDriver.Meeting.allCases {
            HopOrderDriver.valueFromAnotherThreadIsNotOvertakenByTheCompletion(TypedRealThreadAPI.self, startedOn: .serial, through: meeting)
        }
    }

    func testAppCodeStartedOnTheMainQueueDeliversItsValueInEveryRun() {
        for mode in [FlattenMode.mapToSignal, .switchToLatest] {
            HopOrderDriver.appCodeDeliversItsValueInEveryRun(TypedRealThreadAPI.self, startedOn: .main, through: mode)
        }
    }

    func testAppCodeStartedOnASerialQueueDeliversItsValueInEveryRun() {
        for mode in [FlattenMode.mapToSignal, .switchToLatest] {
            HopOrderDriver.appCodeDeliversItsValueInEveryRun(TypedRealThreadAPI.self, startedOn: .serial, through: mode)
        }
    }
}
