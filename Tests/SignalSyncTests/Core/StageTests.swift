import SignalTestSupport
import XCTest

@testable import SignalSync

/// The stage model on its own (`Stage`): every head (`MapHead`, `StepsHead`,
/// `ConversionHead`) into every tail (`SubscriptionTail`, `CallbacksTail`, `ClosuresTail`;
/// `PipeHubMemberTail` in FusedStagesOverHubTests), through one driver. Release orders
/// are observed with deinit probes; run these in release too
/// (`swift test -c release -Xswiftc -enable-testing`).
final class StageTests: LeakCheckedTestCase {
    /// Ints to strings; a negative value cannot be converted; an Int failure becomes a
    /// string. Holds a probe named "head".
    private struct Describe: EventConversion {
        let probe: Probe

        func convert(_ value: Int) -> ConvertedValue<String, String> {
            value >= 0 ? .value("#\(value)") : .failure("negative \(value)")
        }

        func convert(failure: Int) -> String {
            "code \(failure)"
        }
    }

    /// Strings to strings, unchanged. Holds a probe named "downstream callbacks".
    private struct Identity: EventConversion {
        let probe: Probe

        func convert(_ value: String) -> ConvertedValue<String, String> { .value(value) }

        func convert(failure: String) -> String { failure }
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

    /// The heads under test, each holding a probe named "head", each making a value `n`
    /// into "#n" and a failure code `c` into "code c": a map of Ints; steps over strings
    /// (a filter that lets everything through, then a map); a conversion of Ints.
    private enum HeadKind: CaseIterable {
        case map, steps, conversion
    }

    /// An upstream subscription whose stage has a head of `kind` and sends into `tail`,
    /// as functions of Ints (values and failure codes), whatever the head takes.
    // Safety: its functions only call a subscription core, which takes events from any
    // thread (testValuesFromTwoThreadsAllReachTheTail, under ThreadSanitizer).
    private struct Upstream: @unchecked Sendable {
        let putNext: (Int) -> Void
        let putError: (Int) -> Void
        let putCompletion: () -> Void
        let core: UpstreamDisposable & SubscriptionProbe

        init<V, E, F: SubscriptionFace>(_ core: SubscriptionCore<V, E, F>, value: @escaping (Int) -> V, failure: @escaping (Int) -> E) {
            self.core = core
            putNext = { core.putNext(value($0)) }
            putError = { core.putError(failure($0)) }
            putCompletion = { core.putCompletion() }
        }
    }

    private func upstream<Tail: StageTail, F: SubscriptionFace>(
        _ kind: HeadKind, into tail: Tail, _ log: EventLog, face: F.Type = SwiftSignalKitRules.self
    ) -> Upstream where Tail.Value == String, Tail.Failure == String {
        let probe = Probe("head", log)
        switch kind {
        case .map:
            let head = MapHead<Int, String, String> {
                withExtendedLifetime(probe) {}
                return "#\($0)"
            }
            return Upstream(SubscriptionCore<Int, String, F>(callbacks: Stage(head, tail)), value: { $0 }, failure: { "code \($0)" })
        case .steps:
            let steps = StatelessStep<String>.filter({ _ in withExtendedLifetime(probe) { true } }, next: .map { "#" + $0 })
            return Upstream(
                SubscriptionCore<String, String, F>(callbacks: Stage(StepsHead(steps), tail)), value: { "\($0)" }, failure: { "code \($0)" })
        case .conversion:
            return Upstream(SubscriptionCore<Int, Int, F>(callbacks: Stage(ConversionHead(Describe(probe: probe)), tail)), value: { $0 }, failure: { $0 })
        }
    }

    /// A tail into `downstream`'s subscription.
    private func into<F>(_ downstream: Downstream<F>) -> SubscriptionTail<String, String, F> {
        SubscriptionTail(downstream, .passUnretained(downstream.core))
    }

    // MARK: SubscriptionTail

    func testEveryHeadSendsValuesAndTerminalEventsIntoASubscription() {
        for face in [SwiftSignalKitRules.self, SSignalKitRules.self] as [any SubscriptionFace.Type] {
            everyHeadSendsValuesAndTerminalEventsIntoASubscription(face)
        }
    }

    private func everyHeadSendsValuesAndTerminalEventsIntoASubscription<F: SubscriptionFace>(_ face: F.Type) {
        for kind in HeadKind.allCases {
            let log = EventLog()
            let stage = upstream(kind, into: into(Downstream<F>(log)), log)
            stage.putNext(1)
            stage.putNext(2)
            stage.putCompletion()
            stage.putNext(3)
            XCTAssertEqual(log.events, ["next #1", "next #2", "completed", "head released", "downstream released"], "\(kind) \(F.self)")

            let failing = EventLog()
            let other = upstream(kind, into: into(Downstream<F>(failing)), failing)
            other.putNext(4)
            other.putError(7)
            other.putCompletion()
            XCTAssertEqual(failing.events, ["next #4", "error code 7", "head released", "downstream released"], "\(kind) \(F.self)")
        }
    }

    func testTheHeadIsReleasedBeforeTheDownstreamSubscriber() {
        for kind in HeadKind.allCases {
            let log = EventLog()
            let stage = upstream(kind, into: into(Downstream<SSignalKitRules>(log)), log)
            stage.core.dispose()
            XCTAssertEqual(log.events, ["head released", "downstream released"], "\(kind)")
            log.clear()
            stage.putNext(1)
            XCTAssertEqual(log.events, [], "\(kind): nothing is delivered after the disposal")
        }
    }

    func testValuesFromTwoThreadsAllReachTheTail() {
        for kind in HeadKind.allCases {
            let log = EventLog()
            let stage = upstream(kind, into: into(Downstream<SwiftSignalKitRules>(log)), log)
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for value in 0..<500 { stage.putNext(thread * 1_000 + value) }
            }
            stage.putCompletion()
            let lines = log.events
            XCTAssertEqual(Set(lines.filter { $0.hasPrefix("next #") }).count, 8 * 500, "\(kind)")
            XCTAssertEqual(Array(lines.suffix(3)), ["completed", "head released", "downstream released"], "\(kind)")
        }
    }

    func testAValueSentFromInsideTheHeadIsDeliveredFirst() {
        // Re-entrancy: the map sends another value upstream while it runs.
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        var core: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        core = SubscriptionCore(
            callbacks: Stage(
                MapHead { (value: Int) -> String in
                    if value == 1 { core?.putNext(2) }
                    return "#\(value)"
                }, into(downstream)))
        core?.putNext(1)
        core?.putCompletion()
        XCTAssertEqual(log.events, ["next #2", "next #1", "completed"])
        core = nil
    }

    func testAStepThatEndsTheDownstreamStopsTheLaterSteps() {
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        let steps = StatelessStep<String>.map(
            { value in
                if value == "end" { downstream.core.dispose() }
                return value
            },
            next: .map {
                log.add("second step \($0)")
                return $0
            })
        let core = SubscriptionCore<String, String, SwiftSignalKitRules>(callbacks: Stage(StepsHead(steps), into(downstream)))
        core.putNext("a")
        core.putNext("end")
        XCTAssertEqual(log.events, ["second step a", "next a"], "the disposal stopped the second step")
        core.dispose()
    }

    func testAValueThatCannotBeConvertedEndsTheDownstreamWhichDisposesTheUpstream() {
        // As in the bridge: the downstream holds the upstream subscription as its
        // generator's disposable, so the failure that ends it tears the upstream down.
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        let stage = upstream(.conversion, into: into(downstream), log)
        downstream.core.assign(stage.core)
        stage.putNext(1)
        stage.putNext(-2)
        stage.putNext(3)
        XCTAssertEqual(log.events, ["next #1", "error negative -2", "head released"], "the upstream's disposal released its callbacks")
        XCTAssertTrue(stage.core.hasEnded, "the downstream's termination disposed the upstream subscription")
        withExtendedLifetime(downstream) {}
    }

    func testTheUpstreamSubscriberDescribesAllThreeCallbacks() {
        let log = EventLog()
        let stage = upstream(.map, into: into(Downstream<SwiftSignalKitRules>(log)), log)
        let core = stage.core as! SubscriptionCore<Int, String, SwiftSignalKitRules>
        XCTAssertEqual(
            core.subscriberDescription,
            "Subscriber { next: hasValue, error: hasValue, completed: hasValue, disposable: nil, terminated: false }")
        stage.putCompletion()
        XCTAssertEqual(core.subscriberDescription, "Subscriber { next: nil, error: nil, completed: nil, disposable: nil, terminated: true }")
    }

    // MARK: CallbacksTail

    /// A tail into another stage's callbacks: an identity conversion into `downstream`, so
    /// that the downstream subscription still gates the events.
    private func chained<F>(into downstream: Downstream<F>, _ log: EventLog) -> CallbacksTail<String, String> {
        CallbacksTail(Stage(ConversionHead(Identity(probe: Probe("downstream callbacks", log))), into(downstream)))
    }

    func testEveryHeadHandsItsEventsToTheNextStagesCallbacks() {
        for kind in HeadKind.allCases {
            let log = EventLog()
            let stage = upstream(kind, into: chained(into: Downstream<SwiftSignalKitRules>(log), log), log)
            stage.putNext(1)
            stage.putNext(2)
            stage.putCompletion()
            stage.putNext(3)
            XCTAssertEqual(
                log.events, ["next #1", "next #2", "completed", "head released", "downstream callbacks released", "downstream released"],
                "\(kind): the head goes first, then the downstream callbacks with what they hold")

            let failing = EventLog()
            let other = upstream(kind, into: chained(into: Downstream<SSignalKitRules>(failing), failing), failing)
            other.putNext(4)
            other.putError(7)
            XCTAssertEqual(
                failing.events, ["next #4", "error code 7", "head released", "downstream callbacks released", "downstream released"], "\(kind)")
        }
    }

    func testAChainedValueThatCannotBeConvertedEndsTheDownstreamWhichDisposesTheUpstream() {
        let log = EventLog()
        let downstream = Downstream<SwiftSignalKitRules>(log)
        let stage = upstream(.conversion, into: chained(into: downstream, log), log)
        downstream.core.assign(stage.core)
        stage.putNext(1)
        stage.putNext(-2)
        stage.putNext(3)
        XCTAssertEqual(log.events, ["next #1", "error negative -2", "head released", "downstream callbacks released"])
        XCTAssertTrue(stage.core.hasEnded, "the downstream's termination disposed the upstream subscription")
        withExtendedLifetime(downstream) {}
    }

    // MARK: ClosuresTail

    /// A subscription whose stage of `kind` (a map or steps: a start's closures take the
    /// subscription's failures) runs in it, before closures that log.
    private func closureStart(_ kind: HeadKind, _ log: EventLog) -> Upstream {
        let probe = Probe("head", log)
        let closures = Probe("closures", log)
        func next(_ value: String) {
            withExtendedLifetime(closures) {}
            log.add("next \(value)")
        }
        let error = { (failure: String) in log.add("error \(failure)") }
        let completed = { log.add("completed") }
        switch kind {
        case .map:
            let head = MapHead<Int, String, String> {
                withExtendedLifetime(probe) {}
                return "#\($0)"
            }
            return Upstream(
                SubscriptionCore<Int, String, SwiftSignalKitRules>.calling(next: next, error: error, completed: completed, after: head),
                value: { $0 }, failure: { "code \($0)" })
        case .steps:
            let steps = StatelessStep<String>.filter({ _ in withExtendedLifetime(probe) { true } }, next: .map { "#" + $0 })
            return Upstream(
                SubscriptionCore<String, String, SSignalKitRules>.calling(next: next, error: error, completed: completed, after: StepsHead(steps)),
                value: { "\($0)" }, failure: { "code \($0)" })
        case .conversion:
            preconditionFailure("a conversion changes the failure type: it starts no closures")
        }
    }

    func testAMapOrStepsRunInTheStartsOwnSubscriptionBeforeItsClosures() {
        for kind in [HeadKind.map, .steps] {
            let log = EventLog()
            let stage = closureStart(kind, log)
            stage.putNext(1)
            stage.putError(7)
            stage.putNext(2)
            XCTAssertEqual(log.events, ["next #1", "error code 7", "head released", "closures released"], "\(kind)")

            let disposed = EventLog()
            let other = closureStart(kind, disposed)
            other.putNext(3)
            other.core.dispose()
            other.putCompletion()
            XCTAssertEqual(disposed.events, ["next #3", "head released", "closures released"], "\(kind): the head, then the closures")
        }
    }

    func testAHeadThatEndsTheSubscriptionKeepsItsValueFromNext() {
        let log = EventLog()
        var core: SubscriptionCore<Int, String, SwiftSignalKitRules>?
        core = .calling(
            next: { log.add("next \($0)") }, error: nil, completed: nil,
            after: MapHead { (value: Int) -> String in
                if value == 2 { core?.dispose() }
                return "#\(value)"
            })
        core?.putNext(1)
        core?.putNext(2)
        XCTAssertEqual(log.events, ["next #1"])
        core = nil
    }
}
