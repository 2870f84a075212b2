import Foundation
import XCTest

/// One API's disposable that runs an action once (`ActionDisposable`, `SBlockDisposable`),
/// for `BlockDisposableDriver`.
public protocol BlockDisposableAdapter: Sendable {
    /// The disposable type.
    associatedtype Disposable: AnyObject & Sendable

    /// A disposable that runs `action` on its first disposal.
    static func make(_ action: @escaping @Sendable () -> Void) -> Disposable
    /// Disposes `disposable`.
    static func dispose(_ disposable: Disposable)
}

/// The tests of a disposable that runs an action, written once for both APIs: the action
/// runs exactly once, on the disposing thread, is released as soon as it ran, and is
/// released without running when the disposable goes away undisposed.
public enum BlockDisposableDriver {
    /// A class instance whose release the tests observe.
    final class Object {}

    /// Disposed twice in a row: the action runs once.
    public static func runsOnceOnRepeatedDispose<A: BlockDisposableAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        nonisolated(unsafe) var count = 0
        let disposable = A.make { count += 1 }
        A.dispose(disposable)
        A.dispose(disposable)
        XCTAssertEqual(count, 1, file: file, line: line)
    }

    /// A hundred times, eight threads dispose at once: the action runs exactly once.
    public static func runsExactlyOnceAcrossThreads<A: BlockDisposableAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<100 {
            let count = DriverCounter()
            let disposable = A.make { count.increment() }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in A.dispose(disposable) }
            XCTAssertEqual(count.value, 1, file: file, line: line)
        }
    }

    /// The action disposes its own disposable: nothing happens, it ran once.
    public static func disposeFromInsideTheActionIsNoOp<A: BlockDisposableAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        nonisolated(unsafe) var count = 0
        let holder = TestAtomic<A.Disposable?>(nil)
        let disposable = A.make {
            count += 1
            if let held = holder.load(ordering: .relaxed) { A.dispose(held) }
        }
        holder.store(disposable, ordering: .relaxed)
        A.dispose(disposable)
        XCTAssertEqual(count, 1, file: file, line: line)
        holder.store(nil, ordering: .relaxed)
    }

    /// The action runs on the thread that disposes.
    public static func runsOnTheDisposingThread<A: BlockDisposableAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        let log = EventLog()
        let disposable = A.make { log.add(Thread.isMainThread ? "main" : "other") }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "disposer").async {
            A.dispose(disposable)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "watchdog", file: file, line: line)
        XCTAssertEqual(log.events, ["other"], file: file, line: line)
    }

    /// A disposable released undisposed: the action does not run, and what it captured is
    /// released.
    public static func notRunOnDeinitButReleased<A: BlockDisposableAdapter>(_ api: A.Type, file: StaticString = #filePath, line: UInt = #line) {
        weak var weakObject: Object?
        nonisolated(unsafe) var ran = false
        do {
            nonisolated(unsafe) let object = Object()
            weakObject = object
            _ = A.make {
                _ = object
                ran = true
            }
        }
        XCTAssertFalse(ran, file: file, line: line)
        XCTAssertNil(weakObject, file: file, line: line)
    }

    /// While the disposable lives, what the action captured is held until it runs, and
    /// released as soon as it has run.
    public static func releasedOnceItHasRunWhileTheDisposableLives<A: BlockDisposableAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        weak var weakObject: Object?
        nonisolated(unsafe) var ran = 0
        let disposable: A.Disposable
        do {
            nonisolated(unsafe) let object = Object()
            weakObject = object
            disposable = A.make {
                _ = object
                ran += 1
            }
        }
        XCTAssertNotNil(weakObject, "held until disposed", file: file, line: line)
        A.dispose(disposable)
        XCTAssertNil(weakObject, "released as soon as it ran", file: file, line: line)
        A.dispose(disposable)
        XCTAssertEqual(ran, 1, file: file, line: line)
    }

    /// A second disposal while the action runs on another thread returns at once and does
    /// not run it again.
    public static func disposeFromAnotherThreadDuringTheActionDoesNotWaitNorRunItAgain<A: BlockDisposableAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let count = DriverCounter()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let disposable = A.make {
            count.increment()
            inside.signal()
            _ = release.wait(timeout: .now() + 30)
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            A.dispose(disposable)
            finished.signal()
        }
        XCTAssertEqual(inside.wait(timeout: .now() + 30), .success, "watchdog", file: file, line: line)
        A.dispose(disposable)  // returns at once: the action is taken
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "watchdog", file: file, line: line)
        XCTAssertEqual(count.value, 1, file: file, line: line)
    }
}
