import SUntypedSignal
import SignalTestSupport

/// Depth never moves work off its thread (untyped API; `MainQueueDeepChainTests` runs the
/// same for the typed API): chains far deeper than a stack holds, started on the main
/// thread (with `deliverOn(SQueue.mainQueue())`) or on a serial queue, deliver every event on
/// that thread, the fresh stacks they continue on being that thread's (`StackGuard`).
final class SMainQueueDeepChainTests: LeakCheckedTestCase {
    func testDeepMapsStartedOnTheMainThreadDeliverOnTheMainThread() {
        DeepChainDriver.deepMapsStayOnTheStartingThread(UntypedAPI.self, on: .mainThread)
    }

    func testDeepThenLevelsStartedOnTheMainThreadDeliverOnTheMainThread() {
        DeepChainDriver.deepThenLevelsStayOnTheStartingThread(UntypedAPI.self, on: .mainThread)
    }

    func testNestedMapToSignalsStartedOnTheMainThreadDeliverOnTheMainThread() {
        DeepChainDriver.nestedMapToSignalsStayOnTheStartingThread(UntypedAPI.self, on: .mainThread)
    }

    func testDeepMapsStartedOnASerialQueueDeliverOnItsThread() {
        DeepChainDriver.deepMapsStayOnTheStartingThread(UntypedAPI.self, on: .serialQueue)
    }

    func testDeepThenLevelsStartedOnASerialQueueDeliverOnItsThread() {
        DeepChainDriver.deepThenLevelsStayOnTheStartingThread(UntypedAPI.self, on: .serialQueue)
    }

    func testNestedMapToSignalsStartedOnASerialQueueDeliverOnItsThread() {
        DeepChainDriver.nestedMapToSignalsStayOnTheStartingThread(UntypedAPI.self, on: .serialQueue)
    }
}
