/// take, take(until:), takeLast, last, takeUntilReplacement.
enum TakeScenarios {
    static let all: [Scenario] = basic + takeUntilReplacement

    static let basic: [Scenario] = [
        Scenario(
            "take", "first n then completion disposes upstream", sources: ["-1-2-3|"], .take(2),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "take", "upstream completes first", sources: ["-1|"], .take(3),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "take", "upstream error first", sources: ["-1#"], .take(3),
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "take", "take(0) completes at once without subscribing (decided fix)", sources: ["-1-2|"], .take(0),
            expect: [
                "0 completed"
            ]),
        Scenario(
            "take", "negative count behaves as take(0)", sources: ["-1|"], .take(-2),
            expect: [
                "0 completed"
            ]),
        Scenario(
            "take", "synchronous source: later values and error dropped", sources: ["(1,2,3,#)"], .take(2),
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 2", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "take", "disposal before count", sources: ["-1-2-3|"], .take(3), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "take", "take(1) of a never-ending source", sources: ["--7"], .take(1),
            expect: [
                "0 a.subscribe", "2 next 7", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "takeUntil", "completes at the limit, excluding it", sources: ["-1-2-5-6|"], .takeUntil(limit: 5, inclusive: false),
            only: [.typed],
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "5 completed", "5 a.dispose",
            ]),
        Scenario(
            "takeUntil", "completes at the limit, including it", sources: ["-1-5-6|"], .takeUntil(limit: 5, inclusive: true),
            only: [.typed],
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 5", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "takeUntil", "upstream termination forwarded", sources: ["-1#"], .takeUntil(limit: 5, inclusive: true),
            only: [.typed],
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "takeLast", "only the last value, on completion", sources: ["-1-2-3|"], .takeLast,
            expect: [
                "0 a.subscribe", "6 next 3", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "takeLast", "empty source completes without value", sources: ["--|"], .takeLast,
            expect: [
                "0 a.subscribe", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "takeLast", "error drops the value", sources: ["-1-#"], .takeLast,
            expect: [
                "0 a.subscribe", "3 error E", "3 a.dispose",
            ]),
        Scenario(
            "takeLast", "disposal drops the value", sources: ["-1-2|"], .takeLast, disposeAt: 3,
            expect: [
                "0 a.subscribe", "3 a.dispose",
            ]),
        Scenario(
            "takeLast", "synchronous source", sources: ["(1,2,|)"], .takeLast,
            expect: [
                "0 a.subscribe", "0 next 2", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "last", "optional last value", sources: ["-1-2|"], .last, only: [.typed],
            expect: [
                "0 a.subscribe", "4 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "last", "nil when there was no value", sources: ["-|"], .last, only: [.typed],
            expect: [
                "0 a.subscribe", "1 next nil", "1 completed", "1 a.dispose",
            ]),
        Scenario(
            "last", "error without value", sources: ["-1#"], .last, only: [.typed],
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
    ]

    /// Untyped only: SSignalKit's `takeUntilReplacement`. The replacement source
    /// `b` emits v to switch to the inner `i<v>`; it is subscribed before `a`.
    static let takeUntilReplacement: [Scenario] = [
        Scenario(
            "takeUntilReplacement", "the source until the replacement emits, then the replacement's signal",
            sources: ["-1-2--3|", "----5|"], .takeUntilReplacement([5: "-7-8|"]),
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 1", "3 next 2", "4 a.dispose", "4 i5.subscribe", "5 b.dispose",
                "5 next 7", "7 next 8", "8 completed", "8 i5.dispose",
            ]),
        Scenario(
            "takeUntilReplacement", "the source completes first: completion forwarded, replacement disposed",
            sources: ["-1|", "----5|"], .takeUntilReplacement([5: "-7|"]),
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 1", "2 completed", "2 b.dispose", "2 a.dispose",
            ]),
        Scenario(
            "takeUntilReplacement", "the source fails first", sources: ["-#", "---5|"], .takeUntilReplacement([5: "-7|"]),
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 error E", "1 b.dispose", "1 a.dispose",
            ]),
        Scenario(
            "takeUntilReplacement", "the replacement's error is forwarded", sources: ["-1----|", "--#x"],
            .takeUntilReplacement([:]),
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 1", "2 error x", "2 b.dispose", "2 a.dispose",
            ]),
        Scenario(
            "takeUntilReplacement", "a second replacement replaces the first, new before old",
            sources: ["-1----|", "--5-6"], .takeUntilReplacement([5: "-7----|", 6: "-8|"]),
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 1", "2 a.dispose", "2 i5.subscribe", "3 next 7", "4 i6.subscribe",
                "4 i5.dispose", "5 next 8", "6 completed", "6 b.dispose", "6 i6.dispose",
            ]),
        Scenario(
            "takeUntilReplacement", "disposal", sources: ["-1---|", "---5"], .takeUntilReplacement([5: "-----|"]),
            disposeAt: 4,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 1", "3 a.dispose", "3 i5.subscribe", "4 b.dispose", "4 i5.dispose",
            ]),
        Scenario(
            "takeUntilReplacement", "replaced during subscription: a synchronous source still emits while it starts",
            sources: ["(1,2)-3|", "5"], .takeUntilReplacement([5: "-7|"]),
            expect: [
                "0 b.subscribe", "0 i5.subscribe", "0 a.subscribe", "0 next 1", "0 next 2", "0 a.dispose", "1 next 7",
                "2 completed", "2 b.dispose", "2 i5.dispose",
            ]),
    ]
}
