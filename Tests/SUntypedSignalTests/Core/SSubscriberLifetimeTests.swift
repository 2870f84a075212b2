import SUntypedSignal
import SignalTestSupport
import XCTest

/// SSignalKit's lifetime rules through `SSignal.start`: the generator's disposable is held
/// by both the subscriber and the handle, so it can be disposed twice.
final class SSubscriberLifetimeTests: LeakCheckedTestCase {
    func testHandleDisposedInsideTheCompletedCallbackDisposesTwice() {
        let counter = CountingDisposable()
        let source = SHeldSource(counter)
        let handle = Cell<SDisposable?>(nil)
        handle.value = source.signal.start(completed: { handle.value?.dispose() })
        source.subscriber?.putCompletion()
        XCTAssertEqual(counter.count, 2)
    }

    func testHandleDisposedAfterCompletionDisposesAgain() {
        let counter = CountingDisposable()
        let source = SHeldSource(counter)
        let handle = source.signal.start()
        source.subscriber?.putCompletion()
        XCTAssertEqual(counter.count, 1)
        handle.dispose()
        XCTAssertEqual(counter.count, 2, "SSignalKit's handle keeps its own reference")
        handle.dispose()
        XCTAssertEqual(counter.count, 2, "the handle itself disposes once")
    }

    func testMapOverAnAsynchronouslyCompletingSourceDisposesItTwice() {
        let counter = CountingDisposable()
        let source = SHeldSource(counter)
        let handle = source.signal.map { $0 }.start()
        source.subscriber?.putCompletion()
        XCTAssertEqual(counter.count, 2)
        withExtendedLifetime(handle) {}
    }

    func testEventsSentWhileTheGeneratorDisposableIsDisposedStillArrive() {
        let recorder = EventLog()
        let source = SHeldSource(nil)
        source.disposable = CountingDisposable {
            source.subscriber?.putNext(99)
            source.subscriber?.putCompletion()
        }
        source.signal.start(next: recorder.next, error: recorder.error, completed: recorder.completed).dispose()
        XCTAssertEqual(recorder.events, ["next 99", "completed"])
        XCTAssertEqual(source.disposable?.count, 2)
    }

    func testSubscriberDroppedAfterTheHandleReleasesDisposableBeforeCallbacks() {
        var events: [String] = []
        let source = SHeldSource(nil)
        do {
            source.disposable = CountingDisposable(onRelease: { events.append("disposable released") })
            let probe = SReleaseProbe { events.append("callback released") }
            let handle = source.signal.start(next: { _ in withExtendedLifetime(probe) {} })
            withExtendedLifetime(handle) {}
        }
        source.disposable = nil
        source.subscriber = nil
        XCTAssertEqual(events, ["disposable released", "callback released"])
    }
}

/// A source that keeps its subscriber, as a pipe would, and returns `disposable`.
private final class SHeldSource: @unchecked Sendable {
    var subscriber: SSubscriber?
    var disposable: CountingDisposable?

    init(_ disposable: CountingDisposable?) {
        self.disposable = disposable
    }

    var signal: SSignal {
        SSignal { subscriber in
            self.subscriber = subscriber
            return self.disposable
        }
    }
}

/// Runs `onRelease` when released.
// Unchecked: made and released on the test's thread only.
private final class SReleaseProbe: @unchecked Sendable {
    let onRelease: () -> Void
    init(_ onRelease: @escaping () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
}
