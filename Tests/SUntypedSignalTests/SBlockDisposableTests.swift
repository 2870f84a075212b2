import Foundation
import SUntypedSignal
import SignalTestSupport
import XCTest

final class SBlockDisposableTests: LeakCheckedTestCase {
    func testRunsOnceOnRepeatedDispose() {
        var count = 0
        let disposable = SBlockDisposable { count += 1 }
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(count, 1)
    }

    func testNilBlockIsNoOp() {
        let disposable = SBlockDisposable(nil)
        disposable.dispose()
        disposable.dispose()
    }

    func testReentrantDisposeFromBlockIsNoOp() {
        var count = 0
        var disposable: SBlockDisposable?
        disposable = SBlockDisposable {
            count += 1
            disposable?.dispose()
        }
        disposable?.dispose()
        XCTAssertEqual(count, 1)
        disposable = nil
    }

    func testRunsOnDisposingThread() {
        let queue = DispatchQueue(label: "disposer")
        let recorder = Recorder()
        let disposable = SBlockDisposable {
            recorder.log(Thread.isMainThread ? "main" : "other")
        }
        let box = UncheckedBox(disposable)
        let done = DispatchSemaphore(value: 0)
        queue.async {
            box.value.dispose()
            done.signal()
        }
        done.wait()
        XCTAssertEqual(recorder.events, ["other"])
    }

    func testBlockReleasedOnceItHasRunWhileTheDisposableLives() {
        final class Object {}
        weak var weakObject: Object?
        var ran = 0
        let disposable: SBlockDisposable
        do {
            let object = Object()
            weakObject = object
            disposable = SBlockDisposable {
                _ = object
                ran += 1
            }
        }
        XCTAssertNotNil(weakObject, "held until disposed")
        disposable.dispose()
        XCTAssertNil(weakObject, "released as soon as it ran")
        disposable.dispose()
        XCTAssertEqual(ran, 1)
    }

    func testDeallocatedUndisposedReleasesTheBlockWithoutRunningIt() {
        final class Object {}
        weak var weakObject: Object?
        var ran = false
        do {
            let object = Object()
            weakObject = object
            _ = SBlockDisposable {
                _ = object
                ran = true
            }
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }

    func testConcurrentDisposeRunsExactlyOnce() {
        let counter = Counter()
        let disposable = SBlockDisposable { counter.increment() }
        let box = UncheckedBox(disposable)
        concurrently(8) { _ in box.value.dispose() }
        XCTAssertEqual(counter.value, 1)
    }
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
