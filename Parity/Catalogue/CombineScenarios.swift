/// combineLatest / combineSignals (array form on every driver, the typed tuple overloads
/// on the typed one), the empty array (decided fix), and the seeded two-source form.
///
/// As in SwiftSignalKit's combineLatest (and SSignalKit's combineSignals, but for the
/// decided fixes): sources subscribed in argument order; nothing until every source has
/// a value; completion once all completed (each completed source disposed on its own);
/// the first error wins and every source is disposed in argument order; synchronous
/// sources run to their end one after another.
enum CombineScenarios {
    static let all: [Scenario] = twoSources + threeSources + empty + withInitial + withInitialStates + nilValues + merge

    /// The array form on every driver and, with the same trace, the typed tuple overload.
    private static func bothForms(_ name: String, sources: [String], disposeAt: Int? = nil, expect: [String]) -> [Scenario] {
        [
            Scenario("combineLatest", name, sources: sources, .combineLatest, disposeAt: disposeAt, expect: expect),
            Scenario(
                "combineLatest", name + " (tuple overload)", sources: sources, .combineLatestTuple, disposeAt: disposeAt,
                only: [.typed], expect: expect),
        ]
    }

    static let twoSources: [Scenario] =
        bothForms(
            "emits once both have a value, then on every value", sources: ["-1--2|", "--3---4|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,3]", "4 next [2,3]", "5 a.dispose", "6 next [2,4]", "7 completed",
                "7 b.dispose",
            ])
        + bothForms(
            "error of the second source: forwarded, then every source disposed in argument order",
            sources: ["-1---#", "--2-#x"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,2]", "4 error x", "4 a.dispose", "4 b.dispose",
            ])
        + bothForms(
            "disposal disposes every source in argument order", sources: ["-1---|", "--2---|"], disposeAt: 3,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,2]", "3 a.dispose", "3 b.dispose",
            ])
        + bothForms(
            "synchronous sources: only the last value of the earlier one is seen", sources: ["(1,2,|)", "(3,4,|)"],
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 b.subscribe", "0 next [2,3]", "0 next [2,4]", "0 completed", "0 b.dispose",
            ])
        + bothForms(
            "synchronous failure of the first: the second is still subscribed, then disposed", sources: ["#x", "-1|"],
            expect: [
                "0 a.subscribe", "0 error x", "0 a.dispose", "0 b.subscribe", "0 b.dispose",
            ]) + [
            Scenario(
                "combineLatest", "waits for the slower source", sources: ["-1-2|", "-----5|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "4 a.dispose", "5 next [2,5]", "6 completed", "6 b.dispose",
                ]),
            Scenario(
                "combineLatest", "a source completing without a value does not end the output early",
                sources: ["--|", "-1-2|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 a.dispose", "4 completed", "4 b.dispose",
                ]),
            Scenario(
                "combineLatest", "completes only when every source has completed", sources: ["-1|", "---2--|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 a.dispose", "3 next [1,2]", "6 completed", "6 b.dispose",
                ]),
            Scenario(
                "combineLatest", "error of the first source", sources: ["--#", "-1----|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 error E", "2 a.dispose", "2 b.dispose",
                ]),
            Scenario(
                "combineLatest", "error before any value", sources: ["-----1|", "-#"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "1 error E", "1 a.dispose", "1 b.dispose",
                ]),
            Scenario(
                "combineLatest", "error after the other source completed", sources: ["-1|", "---#"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 a.dispose", "3 error E", "3 b.dispose",
                ]),
            Scenario(
                "combineLatest", "disposal after one source completed", sources: ["-1|", "---2--|"], .combineLatest, disposeAt: 4,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 a.dispose", "3 next [1,2]", "4 b.dispose",
                ]),
            Scenario(
                "combineLatest", "synchronous first source, asynchronous second", sources: ["(1,2)", "-3-4|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "1 next [2,3]", "3 next [2,4]", "4 b.dispose",
                ]),
            Scenario(
                "combineLatest", "asynchronous first source, synchronous second", sources: ["-1|", "(2,|)"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "0 b.dispose", "1 next [1,2]", "2 completed", "2 a.dispose",
                ]),
            Scenario(
                "combineLatest", "synchronous failures of both: the first error wins", sources: ["#x", "#y"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 error x", "0 a.dispose", "0 b.subscribe", "0 b.dispose",
                ]),
            Scenario(
                "combineLatest", "a synchronous value of the later source primes it", sources: ["-123|", "5----|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "1 next [1,5]", "2 next [2,5]", "3 next [3,5]", "4 a.dispose", "5 completed",
                    "5 b.dispose",
                ]),
            Scenario(
                "combineLatest", "never emits while a source has no value", sources: ["-1-2-3", "--|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "2 b.dispose",
                ]),
            Scenario(
                "combineLatest", "a single source", sources: ["-1-2|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "1 next [1]", "3 next [2]", "4 completed", "4 a.dispose",
                ]),
        ]

    static let threeSources: [Scenario] =
        bothForms(
            "three sources: values, then completion when the last completes",
            sources: ["-1---4|", "--2----|", "---3----|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "3 next [1,2,3]", "5 next [4,2,3]", "6 a.dispose", "7 b.dispose",
                "8 completed", "8 c.dispose",
            ])
        + bothForms(
            "three sources: error of the third disposes all in argument order", sources: ["-1-----|", "--2----|", "---#x"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "3 error x", "3 a.dispose", "3 b.dispose", "3 c.dispose",
            ])
        + bothForms(
            "three synchronous sources", sources: ["(1,2,|)", "(3,|)", "(5,6,|)"],
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 b.subscribe", "0 b.dispose", "0 c.subscribe", "0 next [2,3,5]", "0 next [2,3,6]",
                "0 completed", "0 c.dispose",
            ])
        + bothForms(
            "three sources: synchronous failure of the middle one", sources: ["-1|", "#", "-2|"],
            expect: [
                "0 a.subscribe", "0 b.subscribe", "0 error E", "0 b.dispose", "0 c.subscribe", "0 a.dispose", "0 c.dispose",
            ]) + [
            Scenario(
                "combineLatest", "three sources: error of the second before the third emitted",
                sources: ["-1---|", "---#", "--5---|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "3 error E", "3 a.dispose", "3 b.dispose", "3 c.dispose",
                ]),
            Scenario(
                "combineLatest", "three sources: disposal in argument order", sources: ["---1|", "----|", "-----|"], .combineLatest,
                disposeAt: 2,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "2 a.dispose", "2 b.dispose", "2 c.dispose",
                ]),
            Scenario(
                "combineLatest", "three sources: waits for all three", sources: ["1---|", "--2---|", "-----3-|"], .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "4 a.dispose", "5 next [1,2,3]", "6 b.dispose", "7 completed",
                    "7 c.dispose",
                ]),
            Scenario(
                "combineLatest", "three sources: one completes empty, nothing is emitted", sources: ["-1|", "---|", "----3|"],
                .combineLatest,
                expect: [
                    "0 a.subscribe", "0 b.subscribe", "0 c.subscribe", "2 a.dispose", "3 b.dispose", "5 completed", "5 c.dispose",
                ]),
        ]

    static let empty: [Scenario] = [
        Scenario(
            "combineLatest", "empty array emits [] and completes at once (decided fix)", sources: ["-1|"],
            .combineLatestOfNothing,
            expect: [
                "0 next []", "0 completed",
            ]),
        Scenario(
            "combineLatest", "empty array with initial states completes at once (decided fix)", sources: ["-1|"],
            .combineSignalsOfNothingWithInitialStates, only: [.untyped],
            expect: [
                "0 completed"
            ]),
    ]

    /// Typed only: the untyped `combineSignals(_:withInitialStates:)` never emits the
    /// seeds by themselves (SSignalKit's rule, `withInitialStates` below), the typed form
    /// emits them at once (SwiftSignalKit's two-source overload with initial values).
    static let withInitial: [Scenario] = [
        Scenario(
            "combineLatestWithInitial", "emits the seed before subscribing, then on every value",
            sources: ["--1|", "----2|"], .combineLatestWithInitial(7, 8), only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "2 next [1,8]", "3 a.dispose", "4 next [1,2]", "5 completed",
                "5 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "only one source ever emits", sources: ["-1-2|", "------|"],
            .combineLatestWithInitial(7, 8), only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "1 next [1,8]", "3 next [2,8]", "4 a.dispose", "6 completed",
                "6 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "error of the second source", sources: ["-1---|", "--#x"],
            .combineLatestWithInitial(7, 8), only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "1 next [1,8]", "2 error x", "2 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "error of the first source", sources: ["-#", "-----|"],
            .combineLatestWithInitial(7, 8), only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "1 error E", "1 a.dispose", "1 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "disposal", sources: ["-1---|", "-----|"], .combineLatestWithInitial(7, 8),
            disposeAt: 2, only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "1 next [1,8]", "2 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "synchronous sources", sources: ["(1,|)", "(2,|)"], .combineLatestWithInitial(7, 8),
            only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 next [1,8]", "0 a.dispose", "0 b.subscribe", "0 next [1,2]", "0 completed",
                "0 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "sources completing empty: the seed, then completion",
            sources: ["-|", "--|"], .combineLatestWithInitial(7, 8), only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "1 a.dispose", "2 completed", "2 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "synchronous failure of the first source", sources: ["#x", "-1|"],
            .combineLatestWithInitial(7, 8), only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 error x", "0 a.dispose", "0 b.subscribe", "0 b.dispose",
            ]),
        Scenario(
            "combineLatestWithInitial", "seed delivered even when disposed at once", sources: ["-1|", "-2|"],
            .combineLatestWithInitial(7, 8), disposeAt: 0, only: [.typed],
            expect: [
                "0 next [7,8]", "0 a.subscribe", "0 b.subscribe", "0 a.dispose", "0 b.dispose",
            ]),
    ]

    /// Untyped only: `combineSignals(_:withInitialStates:)` seeds the slots, but seeds
    /// alone never emit, as in SSignalKit; extra seeds are ignored.
    static let withInitialStates: [Scenario] = [
        Scenario(
            "combineSignals(withInitialStates:)", "seeds fill the slots, but only a value emits",
            sources: ["--1|", "----2|"], .combineSignalsWithInitialStates([7, 8]),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,8]", "3 a.dispose", "4 next [1,2]", "5 completed", "5 b.dispose",
            ]),
        Scenario(
            "combineSignals(withInitialStates:)", "a source that never emits contributes its seed",
            sources: ["--|", "-2|"], .combineSignalsWithInitialStates([7]),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next [7,2]", "2 a.dispose", "2 completed", "2 b.dispose",
            ]),
        Scenario(
            "combineSignals(withInitialStates:)", "extra seeds are ignored", sources: ["-1-|", "-|"],
            .combineSignalsWithInitialStates([7, 8, 9]),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next [1,8]", "1 b.dispose", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "combineSignals(withInitialStates:)", "error", sources: ["-1--|", "--#x"],
            .combineSignalsWithInitialStates([7, 8]),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next [1,8]", "2 error x", "2 a.dispose", "2 b.dispose",
            ]),
    ]

    /// Untyped only: `nil` is a value like any other in `combineSignals` (decided fix; the
    /// original cleared the slot). The value 0 of each source is sent as nil.
    static let nilValues: [Scenario] = [
        Scenario(
            "combineLatest", "untyped nil fills its slot (decided fix)", sources: ["-0|", "--2|"],
            .combineSignalsWithNil(nilFor: 0),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 a.dispose", "2 next [nil,2]", "3 completed", "3 b.dispose",
            ]),
        Scenario(
            "combineLatest", "untyped nil replaces a value without clearing the slot (decided fix)",
            sources: ["-1-0--|", "--2---3|"], .combineSignalsWithNil(nilFor: 0),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "2 next [1,2]", "3 next [nil,2]", "6 a.dispose", "6 next [nil,3]",
                "7 completed", "7 b.dispose",
            ]),
        Scenario(
            "combineLatest", "untyped nil in every slot (decided fix)", sources: ["0", "-0|"],
            .combineSignalsWithNil(nilFor: 0),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next [nil,nil]", "2 b.dispose",
            ]),
    ]

    /// Untyped only: SSignalKit's `mergeSignals` (the typed API has no merge).
    static let merge: [Scenario] = [
        Scenario(
            "mergeSignals", "interleaves the values, completes when every source has completed",
            sources: ["-1--4|", "--2-3---|"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "4 next 4", "4 next 3", "5 a.dispose", "8 completed",
                "8 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "the first error is forwarded, then every source is disposed in order",
            sources: ["-1---|", "--#x"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 error x", "2 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "disposal disposes every source in order", sources: ["-1---|", "--2---|"], .mergeSignals,
            disposeAt: 3,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "3 a.dispose", "3 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "synchronous sources run one after another", sources: ["(1,2,|)", "(3,|)"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 2", "0 a.dispose", "0 b.subscribe", "0 next 3", "0 completed", "0 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "synchronous failure of the first: the second is still subscribed, then disposed",
            sources: ["#x", "-1|"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 error x", "0 a.dispose", "0 b.subscribe", "0 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "a source completing empty does not end the output", sources: ["--|", "-1-2|"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 a.dispose", "3 next 2", "4 completed", "4 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "three sources, one synchronous value", sources: ["1--|", "-2|", "--3|"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 next 1", "0 b.subscribe", "0 c.subscribe", "1 next 2", "2 b.dispose", "2 next 3",
                "3 a.dispose", "3 completed", "3 c.dispose",
            ]),
        Scenario(
            "mergeSignals", "a never-ending source keeps the output open", sources: ["-1|", "--2"], .mergeSignals,
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 a.dispose", "2 next 2",
            ]),
        Scenario(
            "mergeSignals", "then take(2): both sources disposed in order", sources: ["-1-3|", "--2-4|"],
            .chain([.mergeSignals, .take(2)]),
            expect: [
                "0 a.subscribe", "0 b.subscribe", "1 next 1", "2 next 2", "2 completed", "2 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "mergeSignals", "empty array completes at once", sources: ["-1|"], .mergeSignalsOfNothing,
            expect: [
                "0 completed"
            ]),
    ]
}
