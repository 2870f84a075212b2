import SignalTestSupport
import XCTest

@testable import SignalSync

/// An operator stage's callbacks (`ForwardingCallbacks`): what the closures
/// `{ downstream.putNext(transform($0)) }`, `downstream.putError` and
/// `downstream.putCompletion` did, in one object. Release orders are observed with deinit
/// probes; run these in release too (`swift test -c release -Xswiftc -enable-testing`).
final class ForwardingCallbacksTests: LeakCheckedTestCase {
    /// A downstream subscriber: holds its core as the APIs' subscribers do, logs its
    /// release and then ends its subscription, as theirs do.
    private final class Downstream<F: SubscriptionFace> {
        let core: SubscriptionCore<Int, String, F>
        let log: EventLog

        init(_ log: EventLog) {
            self.log = log
            core = Self.make(log)
        }

        static func make(_ log: EventLog) -> SubscriptionCore<Int, String, F> {
            SubscriptionCore(next: { log.add("next \($0)") }, error: { log.add("error \($0)") }, completed: { log.add("completed") })
        }

        deinit {
            log.add("downstream released")
            core.subscriberDeallocated(handleReleased: true)
        }
    }

    /// An upstream stage mapping with `transform` (which holds a probe named "transform")
    /// into `downstream`.
    private func stage<F: SubscriptionFace>(
        into downstream: Downstream<F>, _ log: EventLog, transform: @escaping (Int) -> Int = { $0 * 10 }
    ) -> SubscriptionCore<Int, String, F> {
        let probe = Probe("transform", log)
        let callbacks = ForwardingCallbacks(
            transform: { (value: Int) -> Int in
                withExtendedLifetime(probe) {}
                return transform(value)
            },
            downstream: downstream, core: Unmanaged.passUnretained(downstream.core))
        return SubscriptionCore(callbacks: callbacks)
    }

    func testValuesAreMappedAndTerminalEventsForwarded() {
        for face in [SwiftSignalKitRules.self, SSignalKitRules.self] as [any SubscriptionFace.Type] {
            valuesAreMappedAndTerminalEventsForwarded(face)
        }
    }

    private func valuesAreMappedAndTerminalEventsForwarded<F: SubscriptionFace>(_ face: F.Type) {
        let log = EventLog()
        let upstream = stage(into: Downstream<F>(log), log)
        upstream.putNext(1)
        upstream.putNext(2)
        upstream.putCompletion()
        upstream.putNext(3)
        XCTAssertEqual(log.events, ["next 10", "next 20", "completed", "transform released", "downstream released"], "\(F.self)")

        let failing = EventLog()
        let other = stage(into: Downstream<F>(failing), failing)
        other.putNext(4)
        other.putError("boom")
        other.putCompletion()
        XCTAssertEqual(failing.events, ["next 40", "error boom", "transform released", "downstream released"], "\(F.self)")
    }

    func testTheTransformIsReleasedBeforeTheDownstreamSubscriber() {
        let log = EventLog()
        let upstream = stage(into: Downstream<SwiftSignalKitRules>(log), log)
        upstream.assign(CountingDisposable("up", log: log))
        log.clear()
        upstream.dispose()
        XCTAssertEqual(log.events, ["up.dispose", "up released", "transform released", "downstream released"])
        log.clear()
        upstream.putNext(1)
        XCTAssertEqual(log.events, [], "nothing is delivered after the disposal")
    }

    func testAValueSentFromInsideTheTransformIsDeliveredInOrder() {
        // Re-entrancy: the transform sends another value upstream while it runs.
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        var upstream: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        upstream = stage(into: downstream, log) { value in
            if value == 1 { upstream?.putNext(2) }
            return value
        }
        upstream?.putNext(1)
        upstream?.putCompletion()
        XCTAssertEqual(log.events, ["next 2", "next 1", "completed", "transform released"])
        upstream = nil
    }

    func testTheUpstreamSubscriberDescribesAllThreeCallbacks() {
        let log = EventLog()
        let upstream = stage(into: Downstream<SwiftSignalKitRules>(log), log)
        XCTAssertEqual(
            upstream.subscriberDescription,
            "Subscriber { next: hasValue, error: hasValue, completed: hasValue, disposable: nil, terminated: false }")
        upstream.putCompletion()
        XCTAssertEqual(
            upstream.subscriberDescription,
            "Subscriber { next: nil, error: nil, completed: nil, disposable: nil, terminated: true }")
    }

    func testConcurrentValuesAreAllForwarded() {
        let log = EventLog()
        let upstream = stage(into: Downstream<SwiftSignalKitRules>(log), log) { $0 }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for value in 0..<500 { upstream.putNext(thread * 1_000 + value) }
        }
        upstream.putCompletion()
        let lines = log.events
        XCTAssertEqual(lines.filter { $0.hasPrefix("next ") }.count, 8 * 500)
        XCTAssertEqual(Array(lines.suffix(3)), ["completed", "transform released", "downstream released"])
    }
}
