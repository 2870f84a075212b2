import STypedSignal
import SignalTestSupport
import XCTest

/// What a handle's `dispose()` releases, and in which order, while the source still
/// holds the subscriber (Divergences.md, "After a handle's dispose()"). Run in release
/// too (`swift test -c release -Xswiftc -enable-testing`).
final class HandleDisposalReleaseOrderTests: LeakCheckedTestCase {
    func testHandleDisposalReleasesTheDisposableThenKeptObjectsThenTheCallbacks() {
        let log = EventLog()
        let source = SubscriberKeepingSource()
        let handle: Disposable
        do {
            source.disposable = CountingDisposable(log: log)
            let next = ReleaseProbe("next", log)
            let completed = ReleaseProbe("completed", log)
            handle = source.signal.start(
                next: { _ in withExtendedLifetime(next) {} },
                completed: { withExtendedLifetime(completed) {} })
            source.subscriber?.keepAlive(ReleaseProbe("kept", log))
        }
        source.disposable = nil
        handle.dispose()
        XCTAssertEqual(log.events, ["disposable.dispose", "disposable released", "kept released", "next released", "completed released"])
        XCTAssertNotNil(source.subscriber, "the source still holds the subscriber")
    }
}

/// A source that keeps its subscriber (as a pipe would) and returns `disposable`.
private final class SubscriberKeepingSource: @unchecked Sendable {
    // Safety: driven from the test's thread only.
    var subscriber: Subscriber<Int, NoError>?
    var disposable: CountingDisposable?

    var signal: Signal<Int, NoError> {
        Signal { subscriber in
            self.subscriber = subscriber
            return self.disposable ?? EmptyDisposable
        }
    }
}
