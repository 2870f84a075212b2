import SignalTestSupport

/// Generated pipelines over real threads and queues, checked against their model, run by
/// `RealThreadPipelineDriver` on the typed API (the other API runs the same pipelines in
/// `SRealThreadPipelineTests`).
final class RealThreadPipelineTests: LeakCheckedTestCase {
    func testGeneratedPipelinesDeliverEveryValueOnceInOrderOnTheirQueueThenOneTerminalEvent() {
        RealThreadPipelineDriver.pipelinesDeliverWhatTheirModelSays(TypedRealThreadAPI.self)
    }
}
