/// Issue 53's operators over several sources, beyond the originals (STypedSignalOperators
/// and SUntypedSignalOperators): `merge`, `zip` and `withLatestFrom`, on one SignalSync
/// engine each.
///
/// - merge: the sources subscribed in order; every value as it comes; completion once all
///   completed; the first error ends it and disposes every source in order; a source
///   that fails while being subscribed stops the later ones from being subscribed (unlike
///   `mergeSignals`); an empty list completes at once.
/// - zip: the n-th values of every source together, emitted when the last arrives;
///   completion once a completed source has no unpaired value left (the others are then
///   disposed); the first error ends it; an empty list completes at once.
/// - withLatestFrom (`a` the source, `b` the other): `b` subscribed first; a value of `a`
///   emits `b`'s latest value, or nothing before `b`'s first; `b`'s completion is ignored,
///   its error ends it; `a`'s completion or error ends it; `b` is disposed before `a`.
enum CombiningScenarios {
    static let all: [Scenario] = merge + zip + withLatestFrom

    /// The ops of these scenarios: beyond both originals, they cover no row of either
    /// operator table (`Catalogue.beyondTheOriginals`).
    static let ops: Set<String> = ["merge", "zip", "withLatestFrom"]

    static let merge: [Scenario] = [
        Scenario(
            "merge", "interleaves the values of two sources, completes when both have completed",
            sources: ["-1--4|", "--2-3---|"], .merge,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "4 next 4", "4 next 3", "5 a.dispose", "8 completed",
                "8 b.dispose",
            ]),
        Scenario(
            "merge", "three sources, interleaved", sources: ["1--|", "-2|", "--3|"], .merge,
            expect: [
                "0 a.subscribe", "0 next 1", "0 b.subscribe", "0 c.subscribe", "1 next 2", "2 b.dispose", "2 next 3",
                "3 a.dispose", "3 completed", "3 c.dispose",
            ]),
        Scenario(
            "merge", "merge(with:): the receiver is subscribed first", sources: ["-1-3|", "--2-4-|"], .mergeWith,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "3 next 3", "4 a.dispose", "4 next 4", "6 completed",
                "6 b.dispose",
            ]),
        Scenario(
            "merge", "the first error is forwarded, then every source is disposed in order", sources: ["-1---|", "--#x"],
            .merge,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 error x", "2 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "merge", "an error after the other source completed", sources: ["-1|", "---#"], .merge,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 a.dispose", "3 error E", "3 b.dispose",
            ]),
        Scenario(
            "merge", "a synchronous failure stops the later sources from being subscribed", sources: ["#x", "-1|"], .merge,
            expect: [
                "0 a.subscribe", "0 error x", "0 a.dispose",
            ]),
        Scenario(
            "merge", "a later source failing while being subscribed: the earlier one is disposed",
            sources: ["-1|", "(2,#)"], .merge,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "0 next 2", "0 error E", "0 a.dispose", "0 b.dispose",
            ]),
        Scenario(
            "merge", "synchronous sources run one after another", sources: ["(1,2,|)", "(3,|)"], .merge,
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 2", "0 a.dispose", "0 b.subscribe", "0 next 3", "0 completed", "0 b.dispose",
            ]),
        Scenario(
            "merge", "a source completing empty does not end the output", sources: ["--|", "-1-2|"], .merge,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 a.dispose", "3 next 2", "4 completed", "4 b.dispose",
            ]),
        Scenario(
            "merge", "disposal disposes every source in order", sources: ["-1---|", "--2---|"], .merge, disposeAt: 3,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "3 a.dispose", "3 b.dispose",
            ]),
        Scenario(
            "merge", "then take(2): both sources disposed in order", sources: ["-1-3|", "--2-4|"], .chain([.merge, .take(2)]),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "2 completed", "2 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "merge", "an empty list completes at once", sources: ["-1|"], .mergeOfNothing,
            expect: [
                "0 completed"
            ]),
    ]

    /// The array form on every driver and, with the same trace, the typed tuple overload.
    private static func zipForms(_ name: String, sources: [String], disposeAt: Int? = nil, expect: [String]) -> [Scenario] {
        [
            Scenario("zip", name, sources: sources, .zip, disposeAt: disposeAt, expect: expect),
            Scenario("zip", name + " (tuple overload)", sources: sources, .zipTuple, disposeAt: disposeAt, expect: expect),
        ]
    }

    static let zip: [Scenario] =
        zipForms(
            "pairs the n-th values; completes when the shorter source is used up", sources: ["-1-2-3|", "--4-5|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,4]", "4 next [2,5]", "5 completed", "5 a.dispose", "5 b.dispose",
            ])
        + zipForms(
            "a source completing with unpaired values completes once they are paired", sources: ["12|", "--3--4-5|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 a.dispose", "2 next [1,3]", "5 next [2,4]", "5 completed", "5 b.dispose",
            ])
        + zipForms(
            "three sources of uneven lengths", sources: ["-1-2-3|", "4-5|", "--6--7--8|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "2 next [1,4,6]", "3 b.dispose", "5 next [2,5,7]",
                "5 completed", "5 a.dispose", "5 c.dispose",
            ])
        + zipForms(
            "an error is forwarded, then every source is disposed in order", sources: ["-1--#x", "--2---|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,2]", "4 error x", "4 a.dispose", "4 b.dispose",
            ])
        + zipForms(
            "synchronous sources: rows as the second runs, then completion", sources: ["(1,2,|)", "(3,4,5,|)"],
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 b.subscribe", "0 next [1,3]", "0 next [2,4]", "0 completed", "0 b.dispose",
            ]) + [
            Scenario(
                "zip", "a source completing with nothing waiting completes at once, disposing the other",
                sources: ["--|", "-1-2|"], .zip,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 completed", "2 a.dispose", "2 b.dispose",
                ]),
            Scenario(
                "zip", "an error before any row", sources: ["-1---|", "--#"], .zip,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 error E", "2 a.dispose", "2 b.dispose",
                ]),
            Scenario(
                "zip", "an empty synchronous first source completes before the second is subscribed", sources: ["|", "-1|"],
                .zip,
                expect: [
                    "0 a.subscribe", "0 completed", "0 a.dispose",
                ]),
            Scenario(
                "zip", "disposal disposes every source in order", sources: ["-1-2|", "----3|"], .zip, disposeAt: 3,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "3 a.dispose", "3 b.dispose",
                ]),
            Scenario(
                "zip", "zip(with:) / zip(a, b): pairs of two", sources: ["-1-2|", "-3-4|"], .zipWith,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "1 next [1,3]", "3 next [2,4]", "4 completed", "4 a.dispose", "4 b.dispose",
                ]),
            Scenario(
                "zip", "an empty list completes at once", sources: ["-1|"], .zipOfNothing,
                expect: [
                    "0 completed"
                ]),
        ]

    static let withLatestFrom: [Scenario] = [
        Scenario(
            "withLatestFrom", "values before the other's first are dropped; its completion keeps its latest value",
            sources: ["1-2---3|", "-5--6|"], .withLatestFrom,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "2 next 5", "5 b.dispose", "6 next 6", "7 completed", "7 a.dispose",
            ]),
        Scenario(
            "withLatestFrom", "a synchronous value of the other is there for the first value", sources: ["-1-|", "(4)------"],
            .withLatestFrom,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 4", "3 completed", "3 b.dispose", "3 a.dispose",
            ]),
        Scenario(
            "withLatestFrom", "the other's error ends it", sources: ["-1--2-|", "(7)--#x"], .withLatestFrom,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 7", "3 error x", "3 b.dispose", "3 a.dispose",
            ]),
        Scenario(
            "withLatestFrom", "the source's error ends it", sources: ["-1-#", "5-|"], .withLatestFrom,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 5", "2 b.dispose", "3 error E", "3 a.dispose",
            ]),
        Scenario(
            "withLatestFrom", "the other failing while being subscribed: the source is never subscribed",
            sources: ["-1|", "#x"], .withLatestFrom,
            expect: [
                "0 b.subscribe", "0 error x", "0 b.dispose",
            ]),
        Scenario(
            "withLatestFrom", "an other that completes without a value: nothing is emitted", sources: ["-1-2|", "|"],
            .withLatestFrom,
            expect: [
                "0 b.subscribe", "0 b.dispose", "0 a.subscribe", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "withLatestFrom", "disposal disposes the other, then the source", sources: ["-1-2---|", "3------|"],
            .withLatestFrom, disposeAt: 4,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 3", "3 next 3", "4 b.dispose", "4 a.dispose",
            ]),
        Scenario(
            "withLatestFrom", "with a combining function", sources: ["-1--2|", "(3)-4|"], .withLatestFromCombined,
            expect: [
                "0 b.subscribe", "0 a.subscribe", "1 next 13", "3 b.dispose", "4 next 24", "5 completed", "5 a.dispose",
            ]),
    ]
}
