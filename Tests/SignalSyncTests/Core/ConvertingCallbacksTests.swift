import SignalTestSupport
import XCTest

@testable import SignalSync

/// A bridge stage's callbacks (`ConvertingCallbacks`): each event of one subscription,
/// converted, sent straight into a subscription with other value and failure types.
/// Release orders are observed with deinit probes; run these in release too
/// (`swift test -c release -Xswiftc -enable-testing`).
final class ConvertingCallbacksTests: LeakCheckedTestCase {
    /// Ints to strings; a negative value cannot be converted; an Int failure becomes a
    /// string. Holds a probe named "conversion".
    private struct Describe: EventConversion {
        let probe: Probe

        func convert(_ value: Int) -> ConvertedValue<String, String> {
            value >= 0 ? .value("#\(value)") : .failure("negative \(value)")
        }

        func convert(failure: Int) -> String {
            "code \(failure)"
        }
    }

    /// A downstream subscriber of strings: holds its core as the APIs' subscribers do,
    /// logs its release and then ends its subscription, as theirs do.
    private final class Downstream<F: SubscriptionFace> {
        let core: SubscriptionCore<String, String, F>
        let log: EventLog

        init(_ log: EventLog) {
            self.log = log
            core = SubscriptionCore(next: { log.add("next \($0)") }, error: { log.add("error \($0)") }, completed: { log.add("completed") })
        }

        deinit {
            log.add("downstream released")
            core.subscriberDeallocated(handleReleased: true)
        }
    }

    /// An upstream subscription of Ints converting into `downstream`.
    private func stage<F: SubscriptionFace>(into downstream: Downstream<F>, _ log: EventLog) -> SubscriptionCore<Int, Int, F> {
        let callbacks = ConvertingCallbacks(
            conversion: Describe(probe: Probe("conversion", log)), downstream: downstream, core: Unmanaged.passUnretained(downstream.core))
        return SubscriptionCore(callbacks: callbacks)
    }

    func testValuesAndFailuresAreConvertedAndCompletionForwarded() {
        for face in [SwiftSignalKitRules.self, SSignalKitRules.self] as [any SubscriptionFace.Type] {
            valuesAndFailuresAreConvertedAndCompletionForwarded(face)
        }
    }

    private func valuesAndFailuresAreConvertedAndCompletionForwarded<F: SubscriptionFace>(_ face: F.Type) {
        let log = EventLog()
        let upstream = stage(into: Downstream<F>(log), log)
        upstream.putNext(1)
        upstream.putNext(2)
        upstream.putCompletion()
        upstream.putNext(3)
        XCTAssertEqual(log.events, ["next #1", "next #2", "completed", "conversion released", "downstream released"], "\(F.self)")

        let failing = EventLog()
        let other = stage(into: Downstream<F>(failing), failing)
        other.putNext(4)
        other.putError(7)
        other.putCompletion()
        XCTAssertEqual(failing.events, ["next #4", "error code 7", "conversion released", "downstream released"], "\(F.self)")
    }

    func testAValueThatCannotBeConvertedEndsTheDownstreamWhichDisposesTheUpstream() {
        // As in the bridge: the downstream holds the upstream subscription as its
        // generator's disposable, so the failure that ends it tears the upstream down.
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        let upstream = stage(into: downstream, log)
        downstream.core.assign(upstream)
        upstream.putNext(1)
        upstream.putNext(-2)
        upstream.putNext(3)
        XCTAssertEqual(log.events, ["next #1", "error negative -2", "conversion released"], "the upstream's disposal released its callbacks")
        XCTAssertTrue(upstream.hasEnded, "the downstream's termination disposed the upstream subscription")
        withExtendedLifetime(downstream) {}
    }

    func testTheConversionIsReleasedBeforeTheDownstreamSubscriber() {
        let log = EventLog()
        let upstream = stage(into: Downstream<SSignalKitRules>(log), log)
        upstream.assign(CountingDisposable("up", log: log))
        log.clear()
        upstream.dispose()
        XCTAssertEqual(log.events, ["up.dispose", "up released", "conversion released", "downstream released"])
        log.clear()
        upstream.putNext(1)
        XCTAssertEqual(log.events, [], "nothing is delivered after the disposal")
    }

    func testConcurrentValuesAreAllConverted() {
        let log = EventLog()
        let upstream = stage(into: Downstream<SwiftSignalKitRules>(log), log)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for value in 0..<500 { upstream.putNext(thread * 1_000 + value) }
        }
        upstream.putCompletion()
        let lines = log.events
        XCTAssertEqual(lines.filter { $0.hasPrefix("next #") }.count, 8 * 500)
        XCTAssertEqual(Array(lines.suffix(3)), ["completed", "conversion released", "downstream released"])
    }

    // MARK: ChainingCallbacks

    /// A chained stage: an upstream subscription of Ints whose converted events go
    /// straight to `downstream`'s callbacks (a `ConvertingCallbacks` identity stage here,
    /// so that the downstream subscription still gates them).
    private func chain<F: SubscriptionFace>(into downstream: Downstream<F>, _ log: EventLog) -> SubscriptionCore<Int, Int, SwiftSignalKitRules> {
        let downstreamCallbacks = ConvertingCallbacks(
            conversion: Identity(probe: Probe("downstream callbacks", log)), downstream: downstream,
            core: Unmanaged.passUnretained(downstream.core))
        return SubscriptionCore(callbacks: ChainingCallbacks(conversion: Describe(probe: Probe("conversion", log)), downstreamCallbacks: downstreamCallbacks))
    }

    /// Strings to strings, unchanged. Holds a probe.
    private struct Identity: EventConversion {
        let probe: Probe

        func convert(_ value: String) -> ConvertedValue<String, String> {
            .value(value)
        }

        func convert(failure: String) -> String {
            failure
        }
    }

    func testChainedEventsAreConvertedAndHandedToTheDownstreamCallbacks() {
        let log = EventLog()
        let upstream = chain(into: Downstream<SwiftSignalKitRules>(log), log)
        upstream.putNext(1)
        upstream.putNext(2)
        upstream.putCompletion()
        upstream.putNext(3)
        XCTAssertEqual(
            log.events, ["next #1", "next #2", "completed", "conversion released", "downstream callbacks released", "downstream released"],
            "the conversion goes first, then the downstream callbacks with what they hold")

        let failing = EventLog()
        let other = chain(into: Downstream<SSignalKitRules>(failing), failing)
        other.putNext(4)
        other.putError(7)
        XCTAssertEqual(failing.events, ["next #4", "error code 7", "conversion released", "downstream callbacks released", "downstream released"])
    }

    func testAChainedValueThatCannotBeConvertedEndsTheDownstreamWhichDisposesTheUpstream() {
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        let upstream = chain(into: downstream, log)
        downstream.core.assign(upstream)
        upstream.putNext(1)
        upstream.putNext(-2)
        upstream.putNext(3)
        XCTAssertEqual(log.events, ["next #1", "error negative -2", "conversion released", "downstream callbacks released"])
        XCTAssertTrue(upstream.hasEnded, "the downstream's termination disposed the upstream subscription")
        withExtendedLifetime(downstream) {}
    }
}
