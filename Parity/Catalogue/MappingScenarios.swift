/// map, filter, distinctUntilChanged / ignoreRepeated, typed distinctUntilChanged(isEqual:),
/// mapError, materialize.
enum MappingScenarios {
    static let all: [Scenario] = [
        Scenario(
            "map", "values and completion", sources: ["-1-2-|"], .map(add: 1),
            expect: [
                "0 a.subscribe", "1 next 2", "3 next 3", "5 completed", "5 a.dispose",
            ]),
        Scenario(
            "map", "error passes unchanged", sources: ["-1-#"], .map(add: 1),
            expect: [
                "0 a.subscribe", "1 next 2", "3 error E", "3 a.dispose",
            ]),
        Scenario(
            "map", "disposal disposes upstream once", sources: ["-1-2-3|"], .map(add: 1), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 2", "2 a.dispose",
            ]),
        Scenario(
            "map", "synchronous source", sources: ["(1,2,|)"], .map(add: 10),
            expect: [
                "0 a.subscribe", "0 next 11", "0 next 12", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "map", "two maps chained", sources: ["-1|"], .chain([.map(add: 1), .map(add: 10)]),
            expect: [
                "0 a.subscribe", "1 next 12", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "map", "never-terminating source", sources: ["-1-2"], .map(add: 1),
            expect: [
                "0 a.subscribe", "1 next 2", "3 next 3",
            ]),
        Scenario(
            "filter", "keeps matching values", sources: ["-1-2-3-4|"], .filter(divisibleBy: 2),
            expect: [
                "0 a.subscribe", "3 next 2", "7 next 4", "8 completed", "8 a.dispose",
            ]),
        Scenario(
            "filter", "error after dropped values", sources: ["-1-3#"], .filter(divisibleBy: 2),
            expect: [
                "0 a.subscribe", "4 error E", "4 a.dispose",
            ]),
        Scenario(
            "filter", "disposal", sources: ["-2-4-6|"], .filter(divisibleBy: 2), disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 next 2", "3 next 4", "3 a.dispose",
            ]),
        Scenario(
            "filter", "synchronous source", sources: ["(1,2,3,4,|)"], .filter(divisibleBy: 2),
            expect: [
                "0 a.subscribe", "0 next 2", "0 next 4", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "distinctUntilChanged", "drops consecutive repeats", sources: ["-1-1-2-2-1|"], .distinct,
            expect: [
                "0 a.subscribe", "1 next 1", "5 next 2", "9 next 1", "10 completed", "10 a.dispose",
            ]),
        Scenario(
            "distinctUntilChanged", "first value always passes", sources: ["(5,5,5,|)"], .distinct,
            expect: [
                "0 a.subscribe", "0 next 5", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "distinctUntilChanged", "error forwarded", sources: ["-3-3#"], .distinct,
            expect: [
                "0 a.subscribe", "1 next 3", "4 error E", "4 a.dispose",
            ]),
        Scenario(
            "distinctUntilChanged", "disposal", sources: ["-1-2-3|"], .distinct, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "distinctUntilChanged(isEqual:)", "compares with the last value that passed", sources: ["-1-4-2-5-7|"],
            .distinctModulo(3),
            expect: [
                "0 a.subscribe", "1 next 1", "5 next 2", "9 next 7", "10 completed", "10 a.dispose",
            ]),
        Scenario(
            "distinctUntilChanged(isEqual:)", "error forwarded", sources: ["-1-4#"], .distinctModulo(3),
            expect: [
                "0 a.subscribe", "1 next 1", "4 error E", "4 a.dispose",
            ]),
        Scenario(
            "mapError", "error transformed, values unchanged", sources: ["-1#x"], .mapError,
            only: [.typed],
            expect: [
                "0 a.subscribe", "1 next 1", "2 error mx", "2 a.dispose",
            ]),
        Scenario(
            "mapError", "completion unchanged", sources: ["-|"], .mapError, only: [.typed],
            expect: [
                "0 a.subscribe", "1 completed", "1 a.dispose",
            ]),
        Scenario(
            "materialize", "round trip keeps values and error", sources: ["-1-#"], .materializeRoundTrip,
            only: [.typed],
            expect: [
                "0 a.subscribe", "1 next 1", "3 error E", "3 a.dispose",
            ]),
        Scenario(
            "materialize", "round trip keeps completion", sources: ["(4,|)"], .materializeRoundTrip,
            only: [.typed],
            expect: [
                "0 a.subscribe", "0 next 4", "0 completed", "0 a.dispose",
            ]),
    ]
}
