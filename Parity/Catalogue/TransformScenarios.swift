/// scan, startWith, compactMap, replaceError(with:), skip, skip(while:), take(while:),
/// buffer(count:), collect and throttle(_:latest:on:): operators beyond both originals
/// (the operator modules `STypedSignalOperators` / `SUntypedSignalOperators`), one
/// behaviour on every driver.
///
/// scan emits every accumulation from a fresh initial value per subscription; buffer and
/// collect emit arrays (a partial remainder or everything at completion; an error drops
/// them); throttle emits a value at once, holds what arrives inside the interval (the
/// last when `latest`, the first otherwise), emits the held value at the interval's end
/// or at completion, and drops it on error.
enum TransformScenarios {
    /// The ops of these scenarios: beyond both originals, they cover no row of either
    /// operator table (`Coverage`).
    static let ops: Set<String> = [
        "scan", "startWith", "compactMap", "replaceError", "skip", "skip(while:)", "take(while:)", "buffer", "collect",
        "throttle",
    ]

    static let all: [Scenario] = scan + startWith + compactMap + replaceError + skip + take + buffer + collect + throttle

    static let scan: [Scenario] = [
        Scenario(
            "scan", "emits every accumulation", sources: ["-1-2-3|"], .scanSum(initial: 10),
            expect: [
                "0 a.subscribe", "1 next 11", "3 next 13", "5 next 16", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "scan", "empty source: completion only", sources: ["--|"], .scanSum(initial: 5),
            expect: [
                "0 a.subscribe", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "scan", "error after an accumulation", sources: ["-1#"], .scanSum(initial: 0),
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "scan", "synchronous source", sources: ["(1,2,|)"], .scanSum(initial: 0),
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 3", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "scan", "a fresh accumulator for each subscription", sources: ["-1-2|"], .chain([.scanSum(initial: 0), .restart]),
            disposeAt: 6,
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 3", "4 a.subscribe", "4 a.dispose", "5 next 1", "6 a.dispose",
            ]),
    ]

    static let startWith: [Scenario] = [
        Scenario(
            "startWith", "the values, then the source", sources: ["-1|"], .startWith([7, 8]),
            expect: [
                "0 next 7", "0 next 8", "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "startWith", "the source's error", sources: ["-#"], .startWith([7]),
            expect: [
                "0 next 7", "0 a.subscribe", "1 error E", "1 a.dispose",
            ]),
        Scenario(
            "startWith", "no values: the source as it is", sources: ["-1|"], .startWith([]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "startWith", "ended during the values: the rest unsent, the source never subscribed", sources: ["-1|"],
            .chain([.startWith([7, 8]), .take(1)]),
            expect: [
                "0 next 7", "0 completed",
            ]),
    ]

    static let compactMap: [Scenario] = [
        Scenario(
            "compactMap", "the non-nil results", sources: ["-1-2-3-4|"], .compactMapHalvingEvens,
            expect: [
                "0 a.subscribe", "3 next 1", "7 next 2", "8 completed", "8 a.dispose",
            ]),
        Scenario(
            "compactMap", "error", sources: ["-2-3#"], .compactMapHalvingEvens,
            expect: [
                "0 a.subscribe", "1 next 1", "4 error E", "4 a.dispose",
            ]),
    ]

    static let replaceError: [Scenario] = [
        Scenario(
            "replaceError", "an error becomes the value, then completion", sources: ["-1#"], .replaceError(5),
            expect: [
                "0 a.subscribe", "1 next 1", "2 next 5", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "replaceError", "completion passes", sources: ["-1|"], .replaceError(5),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "replaceError", "synchronous error", sources: ["(#)"], .replaceError(5),
            expect: [
                "0 a.subscribe", "0 next 5", "0 completed", "0 a.dispose",
            ]),
    ]

    static let skip: [Scenario] = [
        Scenario(
            "skip", "drops the first values", sources: ["-1-2-3|"], .skip(2),
            expect: [
                "0 a.subscribe", "5 next 3", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "skip", "zero skips nothing", sources: ["-1|"], .skip(0),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "skip", "a negative count skips nothing", sources: ["-1|"], .skip(-1),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "skip", "error", sources: ["-1#"], .skip(1),
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "skip(while:)", "drops until the predicate first fails, then passes everything", sources: ["-1-5-2|"],
            .skipWhile(below: 3),
            expect: [
                "0 a.subscribe", "3 next 5", "5 next 2", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "skip(while:)", "error while skipping", sources: ["-1#"], .skipWhile(below: 3),
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
    ]

    static let take: [Scenario] = [
        Scenario(
            "take(while:)", "completes at the first false, without that value", sources: ["-1-5-2|"], .takeWhile(below: 3),
            expect: [
                "0 a.subscribe", "1 next 1", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "take(while:)", "upstream completion first", sources: ["-1|"], .takeWhile(below: 3),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "take(while:)", "error", sources: ["-1#"], .takeWhile(below: 3),
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "take(while:)", "synchronous source stops at the first false", sources: ["(1,4,2,|)"], .takeWhile(below: 3),
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose",
            ]),
    ]

    static let buffer: [Scenario] = [
        Scenario(
            "buffer", "full arrays, then the remainder at completion", sources: ["-1-2-3|"], .buffer(2),
            expect: [
                "0 a.subscribe", "3 next [1,2]", "6 next [3]", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "buffer", "no remainder: completion only", sources: ["-1-2|"], .buffer(2),
            expect: [
                "0 a.subscribe", "3 next [1,2]", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "buffer", "an error drops the partial array", sources: ["-1-2-3#"], .buffer(2),
            expect: [
                "0 a.subscribe", "3 next [1,2]", "6 error E", "6 a.dispose",
            ]),
        Scenario(
            "buffer", "count 1", sources: ["(1,2,|)"], .buffer(1),
            expect: [
                "0 a.subscribe", "0 next [1]", "0 next [2]", "0 completed", "0 a.dispose",
            ]),
    ]

    static let collect: [Scenario] = [
        Scenario(
            "collect", "every value at completion", sources: ["-1-2|"], .collect,
            expect: [
                "0 a.subscribe", "4 next [1,2]", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "collect", "no values: an empty array", sources: ["-|"], .collect,
            expect: [
                "0 a.subscribe", "1 next []", "1 completed", "1 a.dispose",
            ]),
        Scenario(
            "collect", "an error drops the values", sources: ["-1#"], .collect,
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
    ]

    static let throttle: [Scenario] = [
        Scenario(
            "throttle", "latest: the last value of the interval at its end", sources: ["-123----4|"], .throttle(3, latest: true),
            expect: [
                "0 a.subscribe", "1 next 1", "4 next 3", "8 next 4", "9 a.dispose", "9 completed",
            ]),
        Scenario(
            "throttle", "not latest: the first value of the interval at its end", sources: ["-123----4|"],
            .throttle(3, latest: false),
            expect: [
                "0 a.subscribe", "1 next 1", "4 next 2", "8 next 4", "9 a.dispose", "9 completed",
            ]),
        Scenario(
            "throttle", "each held value opens a new interval", sources: ["-12-3----|"], .throttle(2, latest: true),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "5 next 3", "9 a.dispose", "9 completed",
            ]),
        Scenario(
            "throttle", "completion emits the held value at once", sources: ["-12|"], .throttle(3, latest: true),
            expect: [
                "0 a.subscribe", "1 next 1", "3 a.dispose", "3 next 2", "3 completed",
            ]),
        Scenario(
            "throttle", "an error drops the held value", sources: ["-12#"], .throttle(3, latest: true),
            expect: [
                "0 a.subscribe", "1 next 1", "3 a.dispose", "3 error E",
            ]),
        Scenario(
            "throttle", "disposal stops the interval", sources: ["-12--3|"], .throttle(3, latest: true), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            // Whether the timer or the value runs first at tick 4, 2 goes out then and
            // opens the next interval.
            "throttle", "a value at the interval's end goes out then", sources: ["-1--23---|"],
            .throttle(3, latest: true),
            expect: [
                "0 a.subscribe", "1 next 1", "4 next 2", "7 next 3", "9 a.dispose", "9 completed",
            ]),
        Scenario(
            "throttle", "synchronous source, latest", sources: ["(1,2,3,|)"], .throttle(2, latest: true),
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 next 1", "0 next 3", "0 completed",
            ]),
        Scenario(
            "throttle", "synchronous source, first", sources: ["(1,2,3,|)"], .throttle(2, latest: false),
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 next 1", "0 next 2", "0 completed",
            ]),
    ]
}
