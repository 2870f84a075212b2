import SignalSync
import SignalTestSupport
import XCTest

@testable import STypedSignal

/// Release points of `Promise.set` and `ValuePromise.set`, as in SwiftSignalKit, observed
/// with deinit probes; run in release too (`swift test -c release -Xswiftc -enable-testing`).
final class PromiseReleaseTests: LeakCheckedTestCase {
    func testPromiseSetReleasesTheOldValueBeforeTheNewSourceStartsAndDisposesTheOldSourceAfter() {
        let log = EventLog()
        let promise = Promise<ReleaseProbe>()
        promise.set(
            Signal { subscriber in
                subscriber.putNext(ReleaseProbe("old", log))
                return ActionDisposable { log.add("old source disposed") }
            })
        let watch = promise.get().start()
        log.clear()
        promise.set(
            Signal { subscriber in
                log.add("new source started")
                subscriber.putNext(ReleaseProbe("new", log))
                return EmptyDisposable
            })
        XCTAssertEqual(log.events, ["old released", "new source started", "old source disposed"])
        watch.dispose()
    }

    func testValuePromiseSetReleasesThePreviousValueBeforeNotifying() {
        let log = EventLog()
        let promise = ValuePromise<ReleaseProbe>(ReleaseProbe("first", log))
        let watch = promise.get().start(next: { log.add("got \($0.name)") })
        log.clear()
        promise.set(ReleaseProbe("second", log))
        XCTAssertEqual(log.events, ["first released", "got second"])
        watch.dispose()
    }

    func testValuePromiseIgnoredRepeatKeepsTheStoredValue() {
        let log = EventLog()
        let promise = ValuePromise<ReleaseProbe>(ReleaseProbe("same", log), ignoreRepeated: true)
        log.clear()
        promise.set(ReleaseProbe("same", log))
        XCTAssertEqual(log.events, ["same released"], "the rejected duplicate goes, the stored one stays")
        withExtendedLifetime(promise) {}
    }
}
