import Foundation
import SUntypedSignal
import SignalTestSupport
import XCTest

/// `SBlockDisposable`, run by `BlockDisposableDriver` (the typed API runs the same tests on
/// `ActionDisposable` in `ActionDisposableTests`), and its nil block.
final class SBlockDisposableTests: LeakCheckedTestCase {
    func testRunsOnceOnRepeatedDispose() { BlockDisposableDriver.runsOnceOnRepeatedDispose(UntypedBlockDisposable.self) }

    func testRunsExactlyOnceAcrossThreads() { BlockDisposableDriver.runsExactlyOnceAcrossThreads(UntypedBlockDisposable.self) }

    func testDisposeFromInsideTheActionIsNoOp() { BlockDisposableDriver.disposeFromInsideTheActionIsNoOp(UntypedBlockDisposable.self) }

    func testRunsOnTheDisposingThread() { BlockDisposableDriver.runsOnTheDisposingThread(UntypedBlockDisposable.self) }

    func testNotRunOnDeinitButReleased() { BlockDisposableDriver.notRunOnDeinitButReleased(UntypedBlockDisposable.self) }

    func testReleasedOnceItHasRunWhileTheDisposableLives() { BlockDisposableDriver.releasedOnceItHasRunWhileTheDisposableLives(UntypedBlockDisposable.self) }

    func testDisposeFromAnotherThreadDuringTheActionDoesNotWaitNorRunItAgain() {
        BlockDisposableDriver.disposeFromAnotherThreadDuringTheActionDoesNotWaitNorRunItAgain(UntypedBlockDisposable.self)
    }

    func testNilBlockIsNoOp() {
        let recorder = EventLog()
        let disposable = SBlockDisposable(nil)
        let set = SDisposableSet()
        set.add(SBlockDisposable { recorder.add("before") })
        set.add(disposable)
        set.add(SBlockDisposable { recorder.add("after") })
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(recorder.events, [], "disposing the nil block disposes nothing else")
        set.dispose()
        XCTAssertEqual(recorder.events, ["before", "after"], "a set holding it disposes its other members, in order")
    }
}

/// `SBlockDisposable` as `BlockDisposableDriver` sees it.
enum UntypedBlockDisposable: BlockDisposableAdapter {
    static func make(_ action: @escaping @Sendable () -> Void) -> SBlockDisposable { SBlockDisposable(action) }

    static func dispose(_ disposable: SBlockDisposable) { disposable.dispose() }
}

/// Moves a value into a `@Sendable` closure in tests.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
    @discardableResult
    func increment(by amount: Int = 1) -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += amount
        return count
    }
}
