/// `share(replay:)` of both operator modules (beyond both originals; RxSwift's
/// `share(replay:scope: .whileConnected)`): one upstream subscription while anyone is
/// subscribed, values to every subscriber in subscription order, the last n values replayed
/// to a subscriber that joins; the last subscriber leaving disposes the upstream; an ended
/// upstream keeps nothing (unlike `multicast()`, no terminal event for later subscribers):
/// the next subscriber starts it afresh.
enum ShareScenarios {
    /// The ops of these scenarios: beyond both originals, they cover no row of either
    /// operator table (`Coverage`).
    static let ops: Set<String> = ["share"]

    static let all: [Scenario] = combined + late + again

    /// Two subscribers at once (`combineLatest([s, s |> map { $0 + 10 }])`).
    static let combined: [Scenario] = [
        Scenario(
            "share", "two subscribers share one upstream subscription", sources: ["-1-2|"],
            .shareCombined(replay: 0),
            expect: [
                "0 a.subscribe", "1 next [1,11]", "3 next [2,11]", "3 next [2,12]", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "share", "the last subscriber leaving disposes the upstream once", sources: ["-1-2-3|"],
            .shareCombined(replay: 1), disposeAt: 4,
            expect: [
                "0 a.subscribe", "1 next [1,11]", "3 next [2,11]", "3 next [2,12]", "4 a.dispose",
            ]),
        Scenario(
            "share", "an error reaches every subscriber", sources: ["-1#x"], .shareCombined(replay: 2),
            expect: [
                "0 a.subscribe", "1 next [1,11]", "2 error x", "2 a.dispose",
            ]),
        Scenario(
            "share", "one subscriber sees the upstream unchanged", sources: ["-1-2|"], .share(replay: 1),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
    ]

    /// A second subscriber joining later (its subscription delayed on the virtual queue):
    /// it receives the last n values at once, then the live ones.
    static let late: [Scenario] = [
        Scenario(
            "share", "a late subscriber without replay sees only later values", sources: ["-1-2-3|"],
            .shareCombined(replay: 0, secondDelay: 2),
            expect: [
                "0 a.subscribe", "3 next [2,12]", "5 next [3,12]", "5 next [3,13]", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "share", "a late subscriber receives the last value at once with replay 1", sources: ["-1-2-3|"],
            .shareCombined(replay: 1, secondDelay: 2),
            expect: [
                "0 a.subscribe", "2 next [1,11]", "3 next [2,11]", "3 next [2,12]", "5 next [3,12]", "5 next [3,13]",
                "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "share", "a late subscriber receives the last two values in order with replay 2", sources: ["-1-2-3|"],
            .shareCombined(replay: 2, secondDelay: 4),
            expect: [
                "0 a.subscribe", "4 next [2,11]", "4 next [2,12]", "5 next [3,12]", "5 next [3,13]", "6 completed",
                "6 a.dispose",
            ]),
        Scenario(
            "share", "replay keeps only the last n values", sources: ["-1-2-3-|"],
            .shareCombined(replay: 1, secondDelay: 6),
            expect: [
                "0 a.subscribe", "6 next [3,13]", "7 completed", "7 a.dispose",
            ]),
        Scenario(
            "share", "disposing both subscribers after a replay disposes the upstream once", sources: ["-1-2-3|"],
            .shareCombined(replay: 1, secondDelay: 2), disposeAt: 3,
            expect: [
                "0 a.subscribe", "2 next [1,11]", "3 next [2,11]", "3 next [2,12]", "3 a.dispose",
            ]),
    ]

    /// A second subscriber arriving when the first has ended
    /// (`s |> take(n) |> then(s |> delay(d))`).
    static let again: [Scenario] = [
        Scenario(
            "share", "a subscriber arriving while another is still there joins it", sources: ["-1-2|"],
            .shareAgain(replay: 0, firstTake: 1),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "share", "a subscriber joining while another is still there receives the replay first", sources: ["-1-2|"],
            .shareAgain(replay: 1, firstTake: 1),
            expect: [
                "0 a.subscribe", "1 next 1", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "share", "after the last subscriber left, the next one starts the upstream afresh without replay",
            sources: ["-1-2|"], .shareAgain(replay: 1, firstTake: 1, secondDelay: 2),
            expect: [
                "0 a.subscribe", "1 next 1", "1 a.dispose", "3 a.subscribe", "4 next 1", "6 next 2", "7 completed",
                "7 a.dispose",
            ]),
        Scenario(
            "share", "after the completion, the next subscriber restarts the upstream (no kept completion)",
            sources: ["-1|"], .shareAgain(replay: 1, firstTake: nil, secondDelay: 2),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose", "4 a.subscribe", "5 next 1", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "share", "a synchronous upstream runs again for a subscriber arriving at its completion",
            sources: ["(1,2,|)"], .shareAgain(replay: 2, firstTake: nil),
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 2", "0 a.subscribe", "0 next 1", "0 next 2", "0 completed",
                "0 a.dispose", "0 a.dispose",
            ]),
    ]
}
