import STypedSignal
import SignalTestSupport
import XCTest

/// `ActionDisposable`, run by `BlockDisposableDriver` (the untyped API runs the same tests
/// on `SBlockDisposable` in `SBlockDisposableTests`).
final class ActionDisposableTests: LeakCheckedTestCase {
    func testRunsOnceOnRepeatedDispose() { BlockDisposableDriver.runsOnceOnRepeatedDispose(TypedActionDisposable.self) }

    func testRunsExactlyOnceAcrossThreads() { BlockDisposableDriver.runsExactlyOnceAcrossThreads(TypedActionDisposable.self) }

    func testDisposeFromInsideTheActionIsNoOp() { BlockDisposableDriver.disposeFromInsideTheActionIsNoOp(TypedActionDisposable.self) }

    func testRunsOnTheDisposingThread() { BlockDisposableDriver.runsOnTheDisposingThread(TypedActionDisposable.self) }

    func testNotRunOnDeinitButReleased() { BlockDisposableDriver.notRunOnDeinitButReleased(TypedActionDisposable.self) }

    func testReleasedOnceItHasRunWhileTheDisposableLives() { BlockDisposableDriver.releasedOnceItHasRunWhileTheDisposableLives(TypedActionDisposable.self) }

    func testDisposeFromAnotherThreadDuringTheActionDoesNotWaitNorRunItAgain() {
        BlockDisposableDriver.disposeFromAnotherThreadDuringTheActionDoesNotWaitNorRunItAgain(TypedActionDisposable.self)
    }
}

/// `ActionDisposable` as `BlockDisposableDriver` sees it.
enum TypedActionDisposable: BlockDisposableAdapter {
    static func make(_ action: @escaping @Sendable () -> Void) -> ActionDisposable { ActionDisposable(action: action) }

    static func dispose(_ disposable: ActionDisposable) { disposable.dispose() }
}
