import SignalTestSupport

/// The lock-free push of a pipe, stressed by `PipeHubStressDriver` on the untyped API (the
/// other API runs the same test in `PipeHubStressTests`); CI runs it under AddressSanitizer and
/// ThreadSanitizer.
final class SPipeHubStressTests: LeakCheckedTestCase {
    func testSubscribersDisposingFromInsideDeliveriesWhilePushesRace() {
        PipeHubStressDriver.subscribersDisposingFromInsideDeliveriesWhilePushesRace(UntypedAPI.self)
    }

    func testPushesWalkASnapshotWhileSubscribersComeAndGo() {
        PipeHubStressDriver.pushesWalkASnapshotWhileSubscribersComeAndGo(UntypedAPI.self)
    }
}
