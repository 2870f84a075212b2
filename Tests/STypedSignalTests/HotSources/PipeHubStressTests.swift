import SignalTestSupport

/// The lock-free push of a pipe, stressed by `PipeHubStressDriver` on the typed API (the
/// other API runs the same test in `SPipeHubStressTests`); CI runs it under AddressSanitizer and
/// ThreadSanitizer.
final class PipeHubStressTests: LeakCheckedTestCase {
    func testSubscribersDisposingFromInsideDeliveriesWhilePushesRace() {
        PipeHubStressDriver.subscribersDisposingFromInsideDeliveriesWhilePushesRace(TypedAPI.self)
    }

    func testPushesWalkASnapshotWhileSubscribersComeAndGo() {
        PipeHubStressDriver.pushesWalkASnapshotWhileSubscribersComeAndGo(TypedAPI.self)
    }
}
