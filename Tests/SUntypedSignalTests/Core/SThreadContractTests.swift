import SignalTestSupport

/// The thread contract of the "Threads and the main queue" article (STypedSignal's DocC) on the untyped API, run by
/// `ThreadContractDriver` (the typed API runs the same tests in `ThreadContractTests`).
final class SThreadContractTests: LeakCheckedTestCase {
    func testNoCallbackStartsAfterDisposeReturnsWhileOtherThreadsPush() {
        ThreadContractDriver.noCallbackStartsAfterDisposeReturnsWhileOtherThreadsPush(UntypedAPI.self)
    }

    func testDisposeDoesNotWaitForACallbackRunningOnAnotherThread() {
        ThreadContractDriver.disposeDoesNotWaitForACallbackRunningOnAnotherThread(UntypedAPI.self)
    }

    func testAValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter() {
        ThreadContractDriver.aValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter(UntypedAPI.self)
    }
}
