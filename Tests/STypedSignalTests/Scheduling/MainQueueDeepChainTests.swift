import STypedSignal
import SignalTestSupport

/// Depth never moves work off its thread (typed API; `SMainQueueDeepChainTests` runs the
/// same for the untyped API): chains far deeper than a stack holds, started on the main
/// thread (with `deliverOn(Queue.mainQueue())`) or on a serial queue, deliver every event on
/// that thread, the fresh stacks they continue on being that thread's (`StackGuard`).
final class MainQueueDeepChainTests: LeakCheckedTestCase {
    func testDeepMapsStartedOnTheMainThreadDeliverOnTheMainThread() {
        DeepChainDriver.deepMapsStayOnTheStartingThread(TypedAPI.self, on: .mainThread)
    }

    func testDeepThenLevelsStartedOnTheMainThreadDeliverOnTheMainThread() {
        DeepChainDriver.deepThenLevelsStayOnTheStartingThread(TypedAPI.self, on: .mainThread)
    }

    func testNestedMapToSignalsStartedOnTheMainThreadDeliverOnTheMainThread() {
        DeepChainDriver.nestedMapToSignalsStayOnTheStartingThread(TypedAPI.self, on: .mainThread)
    }

    func testDeepMapsStartedOnASerialQueueDeliverOnItsThread() {
        DeepChainDriver.deepMapsStayOnTheStartingThread(TypedAPI.self, on: .serialQueue)
    }

    func testDeepThenLevelsStartedOnASerialQueueDeliverOnItsThread() {
        DeepChainDriver.deepThenLevelsStayOnTheStartingThread(TypedAPI.self, on: .serialQueue)
    }

    func testNestedMapToSignalsStartedOnASerialQueueDeliverOnItsThread() {
        DeepChainDriver.nestedMapToSignalsStayOnTheStartingThread(TypedAPI.self, on: .serialQueue)
    }
}
