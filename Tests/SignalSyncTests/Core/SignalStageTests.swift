import XCTest

@testable import SignalSync

/// The stage model's tables (`SignalStage`): every cell of the start plan, every step join,
/// every new stage's kind, each written out here as the faces rely on it, so that a change
/// of a table is a change of this file too.
final class SignalStageTests: XCTestCase {
    private let allStages: [SignalStage] = [
        .generator, .single, .hub, .converted, .mapOfSingle, .map, .sameTypeMap, .fused, .fusedOverHub,
    ]
    private let allSubscribers: [StageSubscriber] = [.closures, .callbacks, .valueReceiver, .inner, .forwarder, .converter]

    /// The start plan, row by row: what each subscriber builds for each stage.
    private let expectedPlans: [StageSubscriber: [SignalStage: StartPlan]] = [
        .closures: [
            .generator: .run, .single: .run, .hub: .joinHub, .converted: .run, .mapOfSingle: .run,
            .map: .mapStartsClosures, .sameTypeMap: .mapStartsClosures, .fused: .stepsStartClosures,
            .fusedOverHub: .stepsRunInHub,
        ],
        .callbacks: [
            .generator: .run, .single: .run, .hub: .joinHub, .converted: .run, .mapOfSingle: .run, .map: .run,
            .sameTypeMap: .run, .fused: .run, .fusedOverHub: .run,
        ],
        .valueReceiver: [
            .generator: .run, .single: .run, .hub: .joinHub, .converted: .run, .mapOfSingle: .run, .map: .run,
            .sameTypeMap: .run, .fused: .run, .fusedOverHub: .run,
        ],
        .inner: [
            .generator: .run, .single: .sendSingleValue, .hub: .joinHub, .converted: .run, .mapOfSingle: .run,
            .map: .run, .sameTypeMap: .run, .fused: .run, .fusedOverHub: .run,
        ],
        .forwarder: [
            .generator: .run, .single: .sendSingleValue, .hub: .run, .converted: .run, .mapOfSingle: .run,
            .map: .run, .sameTypeMap: .run, .fused: .run, .fusedOverHub: .run,
        ],
        .converter: [
            .generator: .run, .single: .sendSingleValue, .hub: .run, .converted: .convertSource,
            .mapOfSingle: .convertThroughMap, .map: .run, .sameTypeMap: .convertThroughMap, .fused: .run,
            .fusedOverHub: .run,
        ],
    ]

    func testEveryCellOfTheStartPlan() {
        for subscriber in allSubscribers {
            for stage in allStages {
                XCTAssertEqual(stage.plan(for: subscriber), expectedPlans[subscriber]?[stage], "\(stage) for \(subscriber)")
            }
        }
    }

    func testOnlyAHubIsJoinedAndOnlyASingleIsRead() {
        for subscriber in allSubscribers {
            for stage in allStages {
                let plan = stage.plan(for: subscriber)
                XCTAssertTrue(plan != .joinHub || stage == .hub, "\(stage) for \(subscriber): \(plan)")
                XCTAssertTrue(plan != .sendSingleValue || stage == .single, "\(stage) for \(subscriber): \(plan)")
                XCTAssertTrue(plan != .convertSource || stage == .converted, "\(stage) for \(subscriber): \(plan)")
                XCTAssertTrue(
                    plan != .stepsRunInHub && plan != .stepsStartClosures || stage == .fused || stage == .fusedOverHub,
                    "\(stage) for \(subscriber): \(plan)")
            }
        }
    }

    func testWhatAStepJoins() {
        let expected: [SignalStage: StepJoin] = [
            .generator: .newStage, .single: .newStage, .hub: .newStage, .converted: .newStage, .map: .newStage,
            .mapOfSingle: .fuseWithMap, .sameTypeMap: .fuseWithMap, .fused: .appendToSteps, .fusedOverHub: .appendToSteps,
        ]
        for stage in allStages {
            XCTAssertEqual(stage.stepJoin, expected[stage], "\(stage)")
        }
    }

    func testTheStageOfAMap() {
        for upstream in allStages {
            let keeping = SignalStage.ofMap(over: upstream, keepingType: true)
            let changing = SignalStage.ofMap(over: upstream, keepingType: false)
            XCTAssertEqual(keeping, upstream == .single ? .mapOfSingle : .sameTypeMap, "\(upstream)")
            XCTAssertEqual(changing, upstream == .single ? .generator : .map, "\(upstream)")
        }
    }

    func testTheStageOfStepsIsOverAHubOnlyOverAHub() {
        for upstream in allStages {
            XCTAssertEqual(SignalStage.ofSteps(over: upstream), upstream == .hub ? .fusedOverHub : .fused, "\(upstream)")
        }
    }

    func testNaming() {
        for stage in allStages {
            let expected: StageNaming =
                switch stage {
                case .hub: .source
                case .fused, .fusedOverHub: .steps
                default: .origin
                }
            XCTAssertEqual(stage.naming, expected, "\(stage)")
        }
    }
}
