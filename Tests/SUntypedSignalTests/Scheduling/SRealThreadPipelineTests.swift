import SignalTestSupport

/// Generated pipelines over real threads and queues, checked against their model, run by
/// `RealThreadPipelineDriver` on the untyped API (the other API runs the same pipelines in
/// `RealThreadPipelineTests`).
final class SRealThreadPipelineTests: LeakCheckedTestCase {
    func testGeneratedPipelinesDeliverEveryValueOnceInOrderOnTheirQueueThenOneTerminalEvent() {
        RealThreadPipelineDriver.pipelinesDeliverWhatTheirModelSays(UntypedRealThreadAPI.self)
    }
}
