/// switchToLatest, mapToSignal, queue, mapToQueue, throttled, mapToThrottled, then,
/// deferred / defer, ignoreValues.
///
/// The outer source `a` emits v; the inner signal for v is the marble `inners[v]` (a
/// plain completion when missing), named `i<v>`. As in both originals: a new inner is
/// subscribed before the one it replaces is disposed; the engine's teardown
/// disposes the current inner, then the outer; synchronously completing inners started
/// from a completion run in a loop (SSignalKit's queue mode stalls there; not reproduced,
/// decided fix 2 in Divergences.md). Where SSignalKit's engine differed after a failure,
/// both APIs follow SwiftSignalKit (Divergences.md, "Further differences", untyped
/// `switchToLatest`).
enum MetaScenarios {
    static let all: [Scenario] =
        switchToLatest + mapToSignal + mapToSignalPromotingError + queue + mapToQueue + throttled + mapToThrottled
        + then + deferred + ignoreValues

    static let switchToLatest: [Scenario] = [
        Scenario(
            "switchToLatest", "newest inner only, new before old", sources: ["-1---2-|"],
            .switchToLatest([1: "-5-6-7|", 2: "-8--|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "4 next 6", "5 i2.subscribe", "5 i1.dispose", "6 next 8",
                "7 a.dispose", "9 completed", "9 i2.dispose",
            ]),
        Scenario(
            "switchToLatest", "outer completes while idle: completes at once", sources: ["-1-|"],
            .switchToLatest([1: "(5,|)"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "1 next 5", "1 i1.dispose", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "outer completes first: completion waits for the inner", sources: ["-1|"],
            .switchToLatest([1: "--5-|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 a.dispose", "3 next 5", "5 completed", "5 i1.dispose",
            ]),
        Scenario(
            "switchToLatest", "inner completes, outer completes later", sources: ["-1---2--|"],
            .switchToLatest([1: "-5|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 i1.dispose", "5 i2.subscribe", "6 next 6", "7 i2.dispose",
                "8 completed", "8 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "inner error: forwarded, inner then outer disposed", sources: ["-1--2|"],
            .switchToLatest([1: "-5#x"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 error x", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "outer error: forwarded, inner then outer disposed", sources: ["-1-#"],
            .switchToLatest([1: "-5---6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 error E", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "disposal: current inner, then outer", sources: ["-1-2-|"],
            .switchToLatest([1: "-----|", 2: "-----|"]), disposeAt: 4,
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 i2.subscribe", "3 i1.dispose", "4 i2.dispose", "4 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "synchronous outer: only the last inner runs", sources: ["(1,2,|)"],
            .switchToLatest([1: "-5|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 i2.subscribe", "0 i1.dispose", "0 a.dispose", "1 next 6", "2 completed",
                "2 i2.dispose",
            ]),
        Scenario(
            "switchToLatest", "synchronous outer and inners", sources: ["(1,2,|)"],
            .switchToLatest([1: "(5,|)", 2: "(6,|)"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 next 5", "0 i1.dispose", "0 i2.subscribe", "0 next 6", "0 i2.dispose",
                "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "synchronous inner error during a synchronous outer", sources: ["(1,2)"],
            .switchToLatest([1: "-5|", 2: "#x"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 i2.subscribe", "0 error x", "0 i2.dispose", "0 i1.dispose", "0 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "empty outer completes", sources: ["--|"], .switchToLatest([:]),
            expect: [
                "0 a.subscribe", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "the same value twice: a fresh inner each time", sources: ["-1-1-|"],
            .switchToLatest([1: "-5---|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 i1.subscribe", "3 i1.dispose", "4 next 5", "5 a.dispose",
                "8 completed", "8 i1.dispose",
            ]),
        Scenario(
            "switchToLatest", "an empty inner completes at once", sources: ["-3-|"], .switchToLatest([:]),
            expect: [
                "0 a.subscribe", "1 i3.subscribe", "1 i3.dispose", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "switchToLatest", "teardown after the completion: the finished inner before the hooks downstream",
            sources: ["8|"], .chain([.switchToLatest([8: "--|"]), .afterDisposed]),
            expect: [
                "0 a.subscribe", "0 i8.subscribe", "1 a.dispose", "2 completed", "2 i8.dispose", "2 hook disposed",
            ]),
        Scenario(
            "switchToLatest", "no inner after the output failed during a synchronous outer", sources: ["(1,2,3)"],
            .switchToLatest([2: "#x", 3: "-9|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 i1.dispose", "0 i2.subscribe", "0 error x", "0 i2.dispose", "0 a.dispose",
            ]),
    ]

    static let mapToSignal: [Scenario] = [
        Scenario(
            "mapToSignal", "newest inner only, new before old", sources: ["-1---2-|"],
            .mapToSignal([1: "-5-6-7|", 2: "-8--|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "4 next 6", "5 i2.subscribe", "5 i1.dispose", "6 next 8",
                "7 a.dispose", "9 completed", "9 i2.dispose",
            ]),
        Scenario(
            "mapToSignal", "outer completes while idle", sources: ["-1-|"], .mapToSignal([1: "(5,|)"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "1 next 5", "1 i1.dispose", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "mapToSignal", "inner error", sources: ["-1--2|"], .mapToSignal([1: "-5#x"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 error x", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "mapToSignal", "outer error", sources: ["-1-#"], .mapToSignal([1: "-5---6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 error E", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "mapToSignal", "disposal", sources: ["-1-2-|"], .mapToSignal([1: "-----|", 2: "-----|"]), disposeAt: 4,
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 i2.subscribe", "3 i1.dispose", "4 i2.dispose", "4 a.dispose",
            ]),
        Scenario(
            "mapToSignal", "synchronous outer", sources: ["(1,2,|)"], .mapToSignal([1: "-5|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 i2.subscribe", "0 i1.dispose", "0 a.dispose", "1 next 6", "2 completed",
                "2 i2.dispose",
            ]),
        Scenario(
            "mapToSignal", "synchronous inner error during a synchronous outer", sources: ["(1,2)"],
            .mapToSignal([1: "-5|", 2: "#x"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 i2.subscribe", "0 error x", "0 i2.dispose", "0 i1.dispose", "0 a.dispose",
            ]),
    ]

    /// Typed only: `mapToSignalPromotingError` over a `NoError` outer.
    static let mapToSignalPromotingError: [Scenario] = [
        Scenario(
            "mapToSignalPromotingError", "newest inner only, new before old", sources: ["-1---2-|"],
            .mapToSignalPromotingError([1: "-5-6-7|", 2: "-8--|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "4 next 6", "5 i2.subscribe", "5 i1.dispose", "6 next 8",
                "7 a.dispose", "9 completed", "9 i2.dispose",
            ]),
        Scenario(
            "mapToSignalPromotingError", "an inner error becomes the output's error", sources: ["-1--2|"],
            .mapToSignalPromotingError([1: "-5#x"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 error x", "3 i1.dispose", "3 a.dispose",
            ]),
    ]

    static let queue: [Scenario] = [
        Scenario(
            "queue", "no inner after the output failed during a synchronous outer", sources: ["(1,2)"],
            .queue([1: "#x", 2: "-9|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 error x", "0 i1.dispose", "0 a.dispose",
            ]),
        Scenario(
            "queue", "one inner at a time, in arrival order", sources: ["-1-2-|"],
            .queue([1: "-5-6----|", 2: "-7|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "4 next 6", "5 a.dispose", "9 i2.subscribe", "9 i1.dispose",
                "10 next 7", "11 completed", "11 i2.dispose",
            ]),
        Scenario(
            "queue", "synchronous inners run back to back", sources: ["(1,2,3,|)"],
            .queue([1: "(5,|)", 2: "(6,|)", 3: "(7,|)"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 next 5", "0 i1.dispose", "0 i2.subscribe", "0 next 6", "0 i2.dispose",
                "0 i3.subscribe", "0 next 7", "0 i3.dispose", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "queue", "synchronous inners started from a completion do not stall (decided fix)", sources: ["(1,2,3)"],
            .queue([1: "-5|", 2: "(6,|)", 3: "(7,|)"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "1 next 5", "2 i2.subscribe", "2 next 6", "2 i2.dispose", "2 i1.dispose",
                "2 i3.subscribe", "2 next 7", "2 i3.dispose",
            ]),
        Scenario(
            "queue", "inner error stops everything; buffered inners never subscribed", sources: ["(1,2)"],
            .queue([1: "-5#x", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "1 next 5", "2 error x", "2 i1.dispose", "2 a.dispose",
            ]),
        Scenario(
            "queue", "error of a buffered inner once it runs", sources: ["(1,2)"], .queue([1: "-5|", 2: "-#x"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "1 next 5", "2 i2.subscribe", "2 i1.dispose", "3 error x", "3 i2.dispose",
                "3 a.dispose",
            ]),
        Scenario(
            "queue", "outer error while an inner runs and another waits", sources: ["-12-#"],
            .queue([1: "-----|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "4 error E", "4 i1.dispose", "4 a.dispose",
            ]),
        Scenario(
            "queue", "disposal drops the buffer", sources: ["-12"], .queue([1: "---|", 2: "-6|"]), disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "queue", "outer completes while idle", sources: ["-1--|"], .queue([1: "-5|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 i1.dispose", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "queue", "completion waits for the buffered inners", sources: ["(1,2,|)"], .queue([1: "-5|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 a.dispose", "1 next 5", "2 i2.subscribe", "2 i1.dispose", "3 next 6",
                "4 completed", "4 i2.dispose",
            ]),
        Scenario(
            "queue", "empty outer completes", sources: ["-|"], .queue([:]),
            expect: [
                "0 a.subscribe", "1 completed", "1 a.dispose",
            ]),
    ]

    static let mapToQueue: [Scenario] = [
        Scenario(
            "mapToQueue", "one inner at a time, in arrival order", sources: ["-1-2-|"],
            .mapToQueue([1: "-5-6----|", 2: "-7|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "4 next 6", "5 a.dispose", "9 i2.subscribe", "9 i1.dispose",
                "10 next 7", "11 completed", "11 i2.dispose",
            ]),
        Scenario(
            "mapToQueue", "completion waits for the buffered inners", sources: ["(1,2,|)"], .mapToQueue([1: "-5|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 a.dispose", "1 next 5", "2 i2.subscribe", "2 i1.dispose", "3 next 6",
                "4 completed", "4 i2.dispose",
            ]),
        Scenario(
            "mapToQueue", "inner error drops the buffer", sources: ["(1,2)"], .mapToQueue([1: "-5#x", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "1 next 5", "2 error x", "2 i1.dispose", "2 a.dispose",
            ]),
        Scenario(
            "mapToQueue", "disposal drops the buffer", sources: ["-12"], .mapToQueue([1: "---|", 2: "-6|"]), disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "mapToQueue", "synchronous inners started from a completion do not stall", sources: ["(1,2,3)"],
            .mapToQueue([1: "-5|", 2: "(6,|)", 3: "(7,|)"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "1 next 5", "2 i2.subscribe", "2 next 6", "2 i2.dispose", "2 i1.dispose",
                "2 i3.subscribe", "2 next 7", "2 i3.dispose",
            ]),
    ]

    static let throttled: [Scenario] = [
        Scenario(
            "throttled", "only the latest pending inner runs", sources: ["-123---|"],
            .throttled([1: "----|", 2: "-6|", 3: "-7--|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "5 i3.subscribe", "5 i1.dispose", "6 next 7", "7 a.dispose", "9 completed",
                "9 i3.dispose",
            ]),
        Scenario(
            "throttled", "an idle throttled starts an inner at once", sources: ["-1---2--|"],
            .throttled([1: "-5|", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "2 next 5", "3 i1.dispose", "5 i2.subscribe", "6 next 6", "7 i2.dispose",
                "8 completed", "8 a.dispose",
            ]),
        Scenario(
            "throttled", "synchronous outer: the first and the last inner run", sources: ["(1,2,3,|)"],
            .throttled([1: "-5|", 2: "-6|", 3: "-7|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 a.dispose", "1 next 5", "2 i3.subscribe", "2 i1.dispose", "3 next 7",
                "4 completed", "4 i3.dispose",
            ]),
        Scenario(
            "throttled", "synchronous outer and inners: every inner runs", sources: ["(1,2,|)"],
            .throttled([1: "(5,|)", 2: "(6,|)"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 next 5", "0 i1.dispose", "0 i2.subscribe", "0 next 6", "0 i2.dispose",
                "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "throttled", "synchronous pending inner started from a completion", sources: ["(1,2,3)"],
            .throttled([1: "-5|", 2: "(6,|)", 3: "(7,|)"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "1 next 5", "2 i3.subscribe", "2 next 7", "2 i3.dispose", "2 i1.dispose",
            ]),
        Scenario(
            "throttled", "inner error: the pending inner never runs", sources: ["-12"], .throttled([1: "--#x", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 error x", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "throttled", "outer error", sources: ["-12#"], .throttled([1: "-----|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 error E", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "throttled", "disposal drops the pending inner", sources: ["-12"], .throttled([1: "---|", 2: "-6|"]), disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 i1.dispose", "3 a.dispose",
            ]),
    ]

    static let mapToThrottled: [Scenario] = [
        Scenario(
            "mapToThrottled", "only the latest pending inner runs", sources: ["-123---|"],
            .mapToThrottled([1: "----|", 2: "-6|", 3: "-7--|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "5 i3.subscribe", "5 i1.dispose", "6 next 7", "7 a.dispose", "9 completed",
                "9 i3.dispose",
            ]),
        Scenario(
            "mapToThrottled", "synchronous outer: the first and the last inner run", sources: ["(1,2,3,|)"],
            .mapToThrottled([1: "-5|", 2: "-6|", 3: "-7|"]),
            expect: [
                "0 a.subscribe", "0 i1.subscribe", "0 a.dispose", "1 next 5", "2 i3.subscribe", "2 i1.dispose", "3 next 7",
                "4 completed", "4 i3.dispose",
            ]),
        Scenario(
            "mapToThrottled", "inner error", sources: ["-12"], .mapToThrottled([1: "--#x", 2: "-6|"]),
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 error x", "3 i1.dispose", "3 a.dispose",
            ]),
        Scenario(
            "mapToThrottled", "disposal drops the pending inner", sources: ["-12"], .mapToThrottled([1: "---|", 2: "-6|"]),
            disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 i1.subscribe", "3 i1.dispose", "3 a.dispose",
            ]),
    ]

    static let then: [Scenario] = [
        Scenario(
            "then", "the next signal is subscribed before the first is disposed", sources: ["-1|"], .then("-2|"),
            expect: [
                "0 a.subscribe", "1 next 1", "2 t.subscribe", "2 a.dispose", "3 next 2", "4 completed", "4 t.dispose",
            ]),
        Scenario(
            "then", "error of the first skips the next signal", sources: ["-1#"], .then("-2|"),
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "then", "error of the next signal", sources: ["-|"], .then("-#x"),
            expect: [
                "0 a.subscribe", "1 t.subscribe", "1 a.dispose", "2 error x", "2 t.dispose",
            ]),
        Scenario(
            "then", "both synchronous", sources: ["(1,|)"], .then("(2,|)"),
            expect: [
                "0 a.subscribe", "0 next 1", "0 t.subscribe", "0 next 2", "0 completed", "0 t.dispose", "0 a.dispose",
            ]),
        Scenario(
            "then", "synchronous first, asynchronous next", sources: ["(1,|)"], .then("-2|"),
            expect: [
                "0 a.subscribe", "0 next 1", "0 t.subscribe", "0 a.dispose", "1 next 2", "2 completed", "2 t.dispose",
            ]),
        Scenario(
            "then", "empty first", sources: ["|"], .then("-2|"),
            expect: [
                "0 a.subscribe", "0 t.subscribe", "0 a.dispose", "1 next 2", "2 completed", "2 t.dispose",
            ]),
        Scenario(
            "then", "disposal during the first", sources: ["-1-|"], .then("-2|"), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "then", "disposal during the next signal", sources: ["-|"], .then("--2|"), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 t.subscribe", "1 a.dispose", "2 t.dispose",
            ]),
        Scenario(
            "then", "a never-completing first never subscribes the next", sources: ["-1-2"], .then("-9|"),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2",
            ]),
        Scenario(
            "then", "take(1) on a synchronous first: the next is still subscribed, then disposed",
            sources: ["(1,|)"], .chain([.then("(2,|)"), .take(1)]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 t.subscribe", "0 t.dispose", "0 a.dispose",
            ]),
        Scenario(
            "then", "take(1) on a synchronous first, asynchronous next", sources: ["(1,|)"],
            .chain([.then("-2|"), .take(1)]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 t.subscribe", "0 a.dispose", "0 t.dispose",
            ]),
    ]

    static let deferred: [Scenario] = [
        Scenario(
            "deferred", "builds the signal at subscription", sources: ["-1|"], .deferred,
            expect: [
                "0 hook deferred", "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "deferred", "error", sources: ["-#"], .deferred,
            expect: [
                "0 hook deferred", "0 a.subscribe", "1 error E", "1 a.dispose",
            ]),
        Scenario(
            "deferred", "disposal", sources: ["--1|"], .deferred, disposeAt: 1,
            expect: [
                "0 hook deferred", "0 a.subscribe", "1 a.dispose",
            ]),
        Scenario(
            "deferred", "synchronous source", sources: ["(1,|)"], .deferred,
            expect: [
                "0 hook deferred", "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "deferred", "called once per subscription", sources: ["-1|"], .chain([.deferred, .restart]), disposeAt: 3,
            expect: [
                "0 hook deferred", "0 a.subscribe", "1 next 1", "2 hook deferred", "2 a.subscribe", "2 a.dispose", "3 next 1",
                "3 a.dispose",
            ]),
    ]

    /// Typed only: the untyped API has no ignoreValues.
    static let ignoreValues: [Scenario] = [
        Scenario(
            "ignoreValues", "only the completion", sources: ["-1-2|"], .ignoreValues, only: [.typed],
            expect: [
                "0 a.subscribe", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "ignoreValues", "error", sources: ["-1#"], .ignoreValues, only: [.typed],
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "ignoreValues", "disposal", sources: ["-1-2|"], .ignoreValues, disposeAt: 2, only: [.typed],
            expect: [
                "0 a.subscribe", "2 a.dispose",
            ]),
        Scenario(
            "ignoreValues", "synchronous source", sources: ["(1,2,|)"], .ignoreValues, only: [.typed],
            expect: [
                "0 a.subscribe", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "ignoreValues", "after then", sources: ["-1|"], .chain([.then("-3|"), .ignoreValues]), only: [.typed],
            expect: [
                "0 a.subscribe", "2 t.subscribe", "2 a.dispose", "4 completed", "4 t.dispose",
            ]),
    ]
}
