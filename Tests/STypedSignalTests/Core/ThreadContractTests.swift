import SignalTestSupport

/// The thread contract of the "Threads and the main queue" article (STypedSignal's DocC) on the typed API, run by
/// `ThreadContractDriver` (the untyped API runs the same tests in `SThreadContractTests`).
final class ThreadContractTests: LeakCheckedTestCase {
    func testNoCallbackStartsAfterDisposeReturnsWhileOtherThreadsPush() {
        ThreadContractDriver.noCallbackStartsAfterDisposeReturnsWhileOtherThreadsPush(TypedAPI.self)
    }

    func testDisposeDoesNotWaitForACallbackRunningOnAnotherThread() { ThreadContractDriver.disposeDoesNotWaitForACallbackRunningOnAnotherThread(TypedAPI.self) }

    func testAValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter() {
        ThreadContractDriver.aValueAdmittedBeforeTheTerminalEventMayFinishAfterItButNoneIsAdmittedAfter(TypedAPI.self)
    }
}
