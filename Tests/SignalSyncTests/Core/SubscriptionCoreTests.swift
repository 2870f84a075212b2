import SignalTestSupport
import XCTest

@testable import SignalSync

/// The subscription core under both APIs: its dispose counts, release orders and
/// descriptions, for both lifetime parameters. Release orders are observed with deinit
/// probes; run these in release too (`swift test -c release -Xswiftc -enable-testing`).
final class SubscriptionCoreTests: LeakCheckedTestCase {
    // MARK: Dispose counts

    func testHandleDisposedInsideTheTerminalCallbackDisposesUpstreamTwice() {
        testHandleDisposedInsideTheTerminalCallbackDisposesUpstreamTwice(SwiftSignalKitRules.self)
        testHandleDisposedInsideTheTerminalCallbackDisposesUpstreamTwice(SSignalKitRules.self)
    }

    private func testHandleDisposedInsideTheTerminalCallbackDisposesUpstreamTwice<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        let upstream = CountingDisposable("up", log: log)
        var handle: Handle<F>?
        let core = F.make(log, completed: { handle?.dispose() })
        handle = Handle(core)
        core.assign(upstream)
        core.putCompletion()
        XCTAssertEqual(upstream.count, 2, "\(F.self)")
        XCTAssertEqual(log.events, ["completed", "up.dispose", "up.dispose"], "\(F.self)")
        handle = nil
    }

    func testTerminalEventFromInsideUpstreamDisposeDuringHandleDisposal() {
        testTerminalEventFromInsideUpstreamDisposeDuringHandleDisposal(SwiftSignalKitRules.self)
        testTerminalEventFromInsideUpstreamDisposeDuringHandleDisposal(SSignalKitRules.self)
    }

    private func testTerminalEventFromInsideUpstreamDisposeDuringHandleDisposal<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, F>?
        let upstream = CountingDisposable("up", log: log) {
            core?.putNext(99)
            core?.putCompletion()
        }
        core = F.make(log)
        core?.assign(upstream)
        core?.dispose()
        XCTAssertEqual(log.events, ["up.dispose", "next 99", "completed", "up.dispose"], "\(F.self)")
        XCTAssertEqual(upstream.count, 2, "\(F.self)")
        core = nil
    }

    func testHandleDisposedAfterTerminationDisposesAgainOnlyForSSignalKit() {
        testHandleDisposedAfterTerminationDisposesAgainOnlyForSSignalKit(SwiftSignalKitRules.self)
        testHandleDisposedAfterTerminationDisposesAgainOnlyForSSignalKit(SSignalKitRules.self)
    }

    private func testHandleDisposedAfterTerminationDisposesAgainOnlyForSSignalKit<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        let upstream = CountingDisposable("up", log: log)
        let core = F.make(log)
        core.assign(upstream)
        core.putCompletion()
        core.dispose()
        XCTAssertEqual(upstream.count, F.terminationReleasesHandleReference ? 1 : 2, "\(F.self)")
    }

    func testConcurrentHandleDisposalsDisposeOnce() {
        let upstream = CountingDisposable("up", log: EventLog())
        let core = SwiftSignalKitRules.make(EventLog())
        core.assign(upstream)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in core.dispose() }
        XCTAssertEqual(upstream.count, 1)
    }

    func testTerminationInsideTheGeneratorDisposesTheAssignedDisposableAtOnce() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log)
        core.putNext(1)
        core.putCompletion()
        core.assign(CountingDisposable("up", log: log))
        XCTAssertEqual(log.events, ["next 1", "completed", "up.dispose", "up released"])
    }

    // MARK: Descriptions

    func testDescriptionInsideUpstreamDisposeDuringHandleDisposal() {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        var seen = ""
        let upstream = CountingDisposable("up", log: log) { seen = core?.subscriberDescription ?? "" }
        core = SwiftSignalKitRules.make(log)
        core?.assign(upstream)
        core?.dispose()
        XCTAssertEqual(seen, "Subscriber { next: hasValue, error: hasValue, completed: hasValue, disposable: hasValue, terminated: false }")
        core = nil
    }

    func testDescriptionInsideTheTerminalCallbackAndTheGenerator() {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        var seen = ""
        core = SwiftSignalKitRules.make(log, completed: { seen = core?.subscriberDescription ?? "" })
        XCTAssertEqual(
            core?.subscriberDescription,
            "Subscriber { next: hasValue, error: hasValue, completed: hasValue, disposable: nil, terminated: false }")
        core?.assign(CountingDisposable("up", log: log))
        core?.putCompletion()
        XCTAssertEqual(seen, "Subscriber { next: nil, error: nil, completed: nil, disposable: nil, terminated: true }")
        core = nil
    }

    // MARK: Release orders

    func testTerminationReleasesCallbacksThenDisposesThenReleasesUpstreamThenKeptObjects() {
        testTerminationReleasesCallbacksThenDisposesThenReleasesUpstreamThenKeptObjects(SwiftSignalKitRules.self)
        testTerminationReleasesCallbacksThenDisposesThenReleasesUpstreamThenKeptObjects(SSignalKitRules.self)
    }

    private func testTerminationReleasesCallbacksThenDisposesThenReleasesUpstreamThenKeptObjects<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, F>? = F.make(log, probes: true)
        do {
            let upstream = CountingDisposable("up", log: log)
            core?.assign(upstream)
            core?.keepAlive(Probe("kept", log))
        }
        log.clear()
        withExtendedLifetime(core) { core?.putCompletion() }
        let expected =
            ["completed", "next released", "error released", "completed released", "up.dispose"]
            + (F.terminationReleasesHandleReference ? ["up released", "kept released"] : ["kept released"])
        XCTAssertEqual(log.events, expected, "\(F.self)")
        log.clear()
        core = nil
        XCTAssertEqual(log.events, F.terminationReleasesHandleReference ? [] : ["up released"], "\(F.self)")
    }

    func testSubscriberGoneAfterTheHandleReleasesUpstreamKeptThenCallbacks() {
        testSubscriberGoneAfterTheHandleReleasesUpstreamKeptThenCallbacks(SwiftSignalKitRules.self)
        testSubscriberGoneAfterTheHandleReleasesUpstreamKeptThenCallbacks(SSignalKitRules.self)
    }

    private func testSubscriberGoneAfterTheHandleReleasesUpstreamKeptThenCallbacks<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, F>? = F.make(log, probes: true)
        do {
            core?.assign(CountingDisposable("up", log: log))
            core?.keepAlive(Probe("kept", log))
        }
        withExtendedLifetime(core) { core?.subscriberDeallocated(handleReleased: true) }
        XCTAssertEqual(log.events, ["up released", "kept released", "next released", "error released", "completed released"], "\(F.self)")
        core = nil
    }

    func testSubscriberGoneWhileTheHandleLivesKeepsUpstreamForTheHandle() {
        testSubscriberGoneWhileTheHandleLivesKeepsUpstreamForTheHandle(SwiftSignalKitRules.self)
        testSubscriberGoneWhileTheHandleLivesKeepsUpstreamForTheHandle(SSignalKitRules.self)
    }

    private func testSubscriberGoneWhileTheHandleLivesKeepsUpstreamForTheHandle<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        let core = F.make(log, probes: true)
        do {
            core.assign(CountingDisposable("up", log: log))
            core.keepAlive(Probe("kept", log))
        }
        core.subscriberDeallocated(handleReleased: false)
        XCTAssertEqual(log.events, ["kept released", "next released", "error released", "completed released"], "\(F.self)")
        log.clear()
        core.dispose()
        XCTAssertEqual(log.events, ["up.dispose", "up released"], "\(F.self)")
    }

    func testAHandleThatLetsGoAtTheEndReleasesUpstreamWhenTheSubscriberGoes() {
        testAHandleThatLetsGoAtTheEndReleasesUpstreamWhenTheSubscriberGoes(SwiftSignalKitRules.self)
        testAHandleThatLetsGoAtTheEndReleasesUpstreamWhenTheSubscriberGoes(SSignalKitRules.self)
    }

    /// A hub membership that is also the callbacks (`PipeHubMemberCallbacks`): the handle
    /// must not keep it, and with it the closures, once the subscriber is gone.
    private func testAHandleThatLetsGoAtTheEndReleasesUpstreamWhenTheSubscriberGoes<F: TestFace>(_ face: F.Type) {
        let log = EventLog()
        let core = F.make(log, probes: true)
        do {
            core.assign(CountingDisposable("up", log: log), handleLetsGoAtTheEnd: true)
            core.keepAlive(Probe("kept", log))
        }
        core.subscriberDeallocated(handleReleased: false)
        XCTAssertEqual(
            log.events, ["up released", "kept released", "next released", "error released", "completed released"],
            "the handle's reference first, as when the handle is released too (\(F.self))")
        log.clear()
        core.dispose()
        XCTAssertEqual(log.events, [], "nothing left to dispose (\(F.self))")
    }

    func testAHandleThatLetsGoAtTheEndStillDisposesUpstreamWhenDisposed() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log, probes: true)
        do {
            core.assign(CountingDisposable("up", log: log), handleLetsGoAtTheEnd: true)
        }
        core.dispose()
        XCTAssertEqual(log.events, ["up.dispose", "up released", "next released", "error released", "completed released"])
    }

    func testSubscriberGoneInsideUpstreamDisposeIsTornDownAfterTheDispose() {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        let upstream = CountingDisposable("up", log: log) {
            core?.subscriberDeallocated(handleReleased: false)
            log.add("dispose returns")
        }
        core = SwiftSignalKitRules.make(log, probes: true)
        core?.assign(upstream)
        withExtendedLifetime(upstream) { core?.dispose() }
        XCTAssertEqual(log.events, ["up.dispose", "dispose returns", "next released", "error released", "completed released"])
        core = nil
    }

    func testKeepAliveAfterTheEndIsNotRetained() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log)
        core.putCompletion()
        core.keepAlive(Probe("late", log))
        XCTAssertEqual(log.events, ["completed", "late released"])
    }

    // MARK: Events

    func testEventsAfterTheEndAreDropped() {
        let log = EventLog()
        let core = SwiftSignalKitRules.make(log)
        core.putNext(1)
        core.putError("e")
        core.putNext(2)
        core.putCompletion()
        XCTAssertEqual(log.events, ["next 1", "error e"])
        XCTAssertTrue(core.hasEnded)
    }

    func testExactlyOneTerminalUnderRacingThreads() {
        for _ in 0..<200 {
            let terminals = SignalSync.Atomic(value: 0)
            let core = SubscriptionCore<Int, String, SwiftSignalKitRules>(
                next: nil, error: { _ in _ = terminals.modify { $0 + 1 } },
                completed: { _ = terminals.modify { $0 + 1 } })
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index % 2 == 0 { core.putCompletion() } else { core.putError("e") }
            }
            XCTAssertEqual(terminals.with { $0 }, 1)
        }
    }

    // MARK: Storage
}

// MARK: - Support

/// A test face: counting upstreams (the tests' cores deliver Int values and String errors).
protocol TestFace: SubscriptionFace {}

extension SwiftSignalKitRules: TestFace {}
extension SSignalKitRules: TestFace {}

extension TestFace {
    /// A core whose callbacks log; with `probes`, each callback captures a probe that
    /// logs its release.
    static func make(_ log: EventLog, probes: Bool = false, completed: (() -> Void)? = nil) -> SubscriptionCore<Int, String, Self> {
        let nextProbe = probes ? Probe("next", log) : nil
        let errorProbe = probes ? Probe("error", log) : nil
        let completedProbe = probes ? Probe("completed", log) : nil
        return SubscriptionCore(
            next: {
                withExtendedLifetime(nextProbe) {}
                log.add("next \($0)")
            },
            error: {
                withExtendedLifetime(errorProbe) {}
                log.add("error \($0)")
            },
            completed: {
                withExtendedLifetime(completedProbe) {}
                log.add("completed")
                completed?()
            })
    }
}

/// Holds a core as a handle would.
private final class Handle<F: SubscriptionFace> {
    let core: SubscriptionCore<Int, String, F>
    init(_ core: SubscriptionCore<Int, String, F>) { self.core = core }
    func dispose() { core.dispose() }
}

/// A subscription whose `next` holds a probe named "next" and counts the values that
/// start after `markDisposed()`: for the tests that dispose while other threads send (a
/// value already running may finish after the disposal; none may start).
final class LateValues: @unchecked Sendable {
    // Safety: both fields are atomic.
    private let disposed = SignalSync.Atomic(value: false)
    private let late = SignalSync.Atomic(value: 0)

    /// The subscription, logging its probe's release in `log`.
    func core(_ log: EventLog) -> SubscriptionCore<Int, String, SwiftSignalKitRules> {
        SubscriptionCore(
            next: { [probe = Probe("next", log)] _ in
                withExtendedLifetime(probe) {}
                if self.disposed.with({ $0 }) { _ = self.late.modify { $0 + 1 } }
            }, error: nil, completed: nil)
    }

    /// Called once the disposal returned.
    func markDisposed() {
        disposed.modify { _ in true }
    }

    /// The values that started after `markDisposed()`.
    var count: Int {
        late.with { $0 }
    }
}

/// Logs its own release.
final class Probe {
    let name: String
    let log: EventLog
    init(_ name: String, _ log: EventLog) {
        self.name = name
        self.log = log
    }
    deinit { log.add("\(name) released") }
}
